import { parseAmountToCents } from "~/lib/money";
import { z } from "./zod-messages";

/**
 * A refund the seller asks for (the order page's form and POST /shop/orders/{id}/refunds/):
 * an amount of at least 0.01 (number or decimal string; what remains refundable is checked
 * by the domain), an optional reason kept for the seller, and whether the order's units go
 * back in stock (absent: yes before shipping, no after; `restockByDefault`).
 */
/** A refund as the domain takes it. */
export type RefundRequest = { amountCents: number; reason: string; restock?: boolean };

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
    restock: z
      .boolean({ error: "stock_admin.refund.restock_invalid" })
      .optional()
      .describe("Put the order's units back in stock. Default: true while the order is pending or processing, false once shipped"),
  })
  .transform((v): RefundRequest => ({ amountCents: v.amount, reason: v.reason, restock: v.restock }));
