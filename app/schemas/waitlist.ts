import { MAX_RECORD_ID } from "~/lib/path-id";
import { numberFromText } from "./number-input";
import { z } from "./zod-messages";

/**
 * A shopper asks to be told when a sold-out product (or one of its variants) is back: the
 * API's `POST /shop/products/{id}/waitlist/` body and the shop pages' "Tell me when it is
 * back" form (which adds `product`). `variant` is required when the product has options
 * (the domain checks it against the catalogue); null is "none".
 */
export const waitlistJoinSchema = z.object({
  email: z.string({ error: "stock_shop.errors.email" }).trim().toLowerCase().max(254).pipe(z.email("stock_shop.errors.email")),
  variant: z.preprocess(
    (v) => (v === null || v === "" ? undefined : numberFromText(v)),
    z.number({ error: "stock.errors.variant_not_found" }).int().positive().max(MAX_RECORD_ID).optional(),
  ),
});

/** The form's version: the product comes as a hidden field. */
export const waitlistFormSchema = waitlistJoinSchema.extend({
  product: z.coerce.number().int().positive().max(MAX_RECORD_ID),
});
