import { isExpired, parseExpiry, passesLuhn } from "~/lib/card-format";
import { MAX_RECORD_ID } from "~/lib/path-id";
import { z } from "./zod-messages";

export const payRequestSchema = z.object({
  // Numbers or digit strings; a missing id reads "required", not "wrong type".
  order_id: z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v), z.number().int().positive().max(MAX_RECORD_ID)),
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
  exp_month: z.coerce.number({ error: "payments.card.expiry_invalid" }).int(),
  exp_year: z.coerce.number({ error: "payments.card.expiry_invalid" }).int(),
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

/** The built-in card form as shoppers type it: number (spaces allowed), MM/YY (or MMYY), CVC. */
export const simulatedCardFormSchema = z.object({
  card_number: z
    .string({ error: "payments.card.number_invalid" })
    .trim()
    .min(12, "payments.card.number_invalid")
    .max(23, "payments.card.number_invalid")
    .refine(passesLuhn, "payments.card.number_invalid"),
  expiry: z
    .string({ error: "payments.card.expiry_invalid" })
    .trim()
    .transform((value, ctx) => {
      const expiry = parseExpiry(value);
      if (!expiry) {
        ctx.addIssue({ code: "custom", message: "payments.card.expiry_invalid" });
        return z.NEVER;
      }
      if (isExpired(expiry)) {
        ctx.addIssue({ code: "custom", message: "payments.card.expired" });
        return z.NEVER;
      }
      return expiry;
    }),
  cvc: z
    .string({ error: "payments.card.cvc_invalid" })
    .trim()
    .regex(/^\d{3,4}$/, "payments.card.cvc_invalid"),
});

/** The card form's fields as the browser sends them, and as they are parsed. */
export type SimulatedCardInput = z.input<typeof simulatedCardFormSchema>;
export type SimulatedCardValues = z.output<typeof simulatedCardFormSchema>;

/** The card form's values as the provider takes them ("12/30" → month 12, year 2030). */
export function cardFromForm(value: z.output<typeof simulatedCardFormSchema>) {
  return { number: value.card_number, expMonth: value.expiry.month, expYear: value.expiry.year, cvc: value.cvc };
}

/** Which field of the card form a provider's card error is about (it is shown there, once). */
export const CARD_ERROR_FIELDS: Record<string, "card_number" | "expiry" | "cvc"> = {
  "payments.card.number_invalid": "card_number",
  "payments.card.expiry_invalid": "expiry",
  "payments.card.expired": "expiry",
  "payments.card.cvc_invalid": "cvc",
};
