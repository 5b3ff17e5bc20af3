import { parseAmountToCents } from "~/lib/money";
import { z } from "./zod-messages";

/**
 * A refund the seller asks for (the order page's form and POST /shop/orders/{id}/refunds/):
 * an amount of at least 0.01 (number or decimal string; what remains refundable is checked
 * by the domain) and an optional reason kept for the seller.
 */
/** A refund as the domain takes it. */
export type RefundRequest = { amountCents: number; reason: string };

export const refundSchema = z
  .object({
    amount: z.union([z.string(), z.number()], { error: "refunds.errors.amount_required" }).transform((raw, ctx) => {
      const value = String(raw).trim();
      if (value === "") {
        ctx.addIssue({ code: "custom", message: "refunds.errors.amount_required" });
        return z.NEVER;
      }
      const cents = parseAmountToCents(typeof raw === "number" ? raw : value);
      if (cents === null || cents < 1) {
        ctx.addIssue({ code: "custom", message: "refunds.errors.amount_invalid" });
        return z.NEVER;
      }
      return cents;
    }),
    reason: z
      .string({ error: "refunds.errors.reason_too_long" })
      .trim()
      .max(500, "refunds.errors.reason_too_long")
      .optional()
      .transform((v) => v ?? ""),
  })
  .transform((v): RefundRequest => ({ amountCents: v.amount, reason: v.reason }));
