import { isExpired, parseExpiry, passesLuhn } from "~/lib/card-format";
import { z } from "./zod-mini";

// The built-in card form, which the browser also loads (on the form's first focus): written
// with zod/mini, as the checkout's shipping form (decision 014).

/** The built-in card form as shoppers type it: number (spaces allowed), MM/YY (or MMYY), CVC. */
export const simulatedCardFormSchema = z.object({
  card_number: z.string({ error: "payments.card.number_invalid" }).check(
    z.trim(),
    // A number too short or too long is not checked further: its one message, once.
    z.minLength(12, { error: "payments.card.number_invalid", abort: true }),
    z.maxLength(23, { error: "payments.card.number_invalid", abort: true }),
    z.refine(passesLuhn, "payments.card.number_invalid"),
  ),
  expiry: z.pipe(
    z.string({ error: "payments.card.expiry_invalid" }).check(z.trim()),
    z.transform((value: string, ctx) => {
      const expiry = parseExpiry(value);
      const message = !expiry ? "payments.card.expiry_invalid" : isExpired(expiry) ? "payments.card.expired" : null;
      if (!expiry || message) {
        ctx.issues.push({ code: "custom", message: message ?? "payments.card.expiry_invalid", input: value });
        return z.NEVER;
      }
      return expiry;
    }),
  ),
  cvc: z.string({ error: "payments.card.cvc_invalid" }).check(z.trim(), z.regex(/^\d{3,4}$/, "payments.card.cvc_invalid")),
});

/** The card form's fields as the browser sends them, and as they are parsed. */
export type SimulatedCardInput = z.input<typeof simulatedCardFormSchema>;
export type SimulatedCardValues = z.output<typeof simulatedCardFormSchema>;

/** The card form's values as the provider takes them ("12/30" → month 12, year 2030). */
export function cardFromForm(value: SimulatedCardValues) {
  return { number: value.card_number, expMonth: value.expiry.month, expYear: value.expiry.year, cvc: value.cvc };
}
