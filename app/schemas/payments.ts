import { MAX_RECORD_ID } from "~/lib/path-id";
import { numberFromText } from "./number-input";
import { z } from "./zod-messages";

// The built-in card form (shared with the browser, in zod/mini) is in `card-form.ts`.
export * from "./card-form";

export const payRequestSchema = z.object({
  // Numbers or digit strings; a missing id reads "required", not "wrong type".
  order_id: z.preprocess(numberFromText, z.number().int().positive().max(MAX_RECORD_ID)),
  provider_slug: z.string().trim().min(1).max(30),
});

export const confirmRequestSchema = z.object({
  transaction_id: z.string().trim().min(1).max(100),
  payment_intent_id: z.string().trim().min(1).max(200),
});

/** The simulated provider's card form. */
export const simulatedCardSchema = z.object({
  client_secret: z.string().trim().min(1).max(200),
  card_number: z.string().trim().min(1, "payments.card.number_invalid").max(30),
  exp_month: z.preprocess(numberFromText, z.number({ error: "payments.card.expiry_invalid" }).int()),
  exp_year: z.preprocess(numberFromText, z.number({ error: "payments.card.expiry_invalid" }).int()),
  cvc: z.string().trim().min(1, "payments.card.cvc_invalid").max(4),
});

/** The simulated onboarding form. */
export const simulatedOnboardingSchema = z.object({
  business_name: z.string().trim().min(1, "sellers.business_name.required").max(200),
  country: z.enum(["FR", "BE", "CH", "LU", "DE", "ES", "IT", "GB"]),
  iban: z
    .string()
    .trim()
    .transform((v) => v.replace(/\s/g, "").toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/, "payments.simulated.iban_invalid")),
});

/** Which field of the card form a provider's card error is about (it is shown there, once). */
export const CARD_ERROR_FIELDS: Record<string, "card_number" | "expiry" | "cvc"> = {
  "payments.card.number_invalid": "card_number",
  "payments.card.expiry_invalid": "expiry",
  "payments.card.expired": "expiry",
  "payments.card.cvc_invalid": "cvc",
};
