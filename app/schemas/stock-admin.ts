import { isRecordId } from "~/lib/path-id";
import { z } from "./zod-messages";

/** The most units the live board's "+N" adds at once (a typo of 10000 is not a back room). */
export const BOARD_STOCK_MAX = 999;

/** A record id from a form's hidden field; `optional`: empty or absent is null. */
const formId = (message: string) =>
  z.union([z.string(), z.number()], { error: message }).transform((value, ctx) => {
    const id = Number(value);
    if (!isRecordId(id)) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return id;
  });

/**
 * The live board's "+N" (and "+1"): units found in the back room for the pinned product
 * (`product_id`, so a pin changed meanwhile is refused rather than stocking another
 * product) and its variant (absent for a product without options).
 */
export const boardStockSchema = z
  .object({
    product_id: formId("stock_admin.board.errors.pin_changed"),
    variant: z
      .union([z.string(), z.number()])
      .optional()
      .transform((value) => (value === undefined || value === "" ? undefined : value))
      .pipe(formId("stock_admin.board.errors.pin_changed").optional()),
    quantity: z.coerce
      .number({ error: "stock_admin.board.errors.quantity" })
      .int("stock_admin.board.errors.quantity")
      .min(1, "stock_admin.board.errors.quantity")
      .max(BOARD_STOCK_MAX, "stock_admin.board.errors.quantity"),
  })
  .transform((value) => ({ productId: value.product_id, variantId: value.variant ?? null, quantity: value.quantity }));
export type BoardStockInput = z.output<typeof boardStockSchema>;
