import { z } from "./zod-messages";

export const payRequestSchema = z.object({
  // Numbers or digit strings; a missing id reads "required", not "wrong type".
  order_id: z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v), z.number().int().positive()),
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

/** The built-in card form as shoppers type it: number, MM/YY, CVC. */
export const simulatedCardFormSchema = z
  .object({
    card_number: z.string({ error: "payments.card.number_invalid" }).trim().min(12, "payments.card.number_invalid").max(23, "payments.card.number_invalid"),
    expiry: z
      .string({ error: "payments.card.expiry_invalid" })
      .trim()
      .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/, "payments.card.expiry_invalid"),
    cvc: z.string({ error: "payments.card.cvc_invalid" }).trim().regex(/^\d{3,4}$/, "payments.card.cvc_invalid"),
  });

/** The card form's values as the provider takes them ("12/30" → month 12, year 30). */
export function cardFromForm(value: z.output<typeof simulatedCardFormSchema>) {
  const [month, year] = value.expiry.split("/").map((p) => Number(p.trim()));
  return { number: value.card_number, expMonth: month!, expYear: year!, cvc: value.cvc };
}
