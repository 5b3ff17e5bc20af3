import { messageKey } from "~/lib/messages";
import { MAX_ITEM_QUANTITY } from "~/lib/order-total";
import { MAX_RECORD_ID } from "~/lib/path-id";
import { z } from "./zod-messages";

const QUANTITY_MESSAGE = messageKey("bag.errors.quantity", { max: MAX_ITEM_QUANTITY });
const recordId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(MAX_RECORD_ID, message);
const quantity = (min: number) =>
  z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? 1 : v),
    z.coerce.number({ error: QUANTITY_MESSAGE }).int(QUANTITY_MESSAGE).min(min, QUANTITY_MESSAGE).max(MAX_ITEM_QUANTITY, QUANTITY_MESSAGE),
  );

/**
 * "Add to bag" (catalogue card, product, live's pinned product): the product, its variant
 * when it has options (the domain checks both against the shop's catalogue), a quantity
 * from 1 to 99 (1 when left out).
 */
export const bagAddSchema = z
  .object({
    product: recordId("checkout.errors.product_not_found"),
    variant: z.preprocess((v) => (v === "" || v === null ? undefined : v), recordId("stock.errors.variant_not_found").optional()),
    quantity: quantity(1),
    // Added on a live's page: that live's code (the bag's checkout is then the live's order).
    live: z.string().trim().max(40).optional(),
  })
  .transform((v) => ({ productId: v.product, variantId: v.variant ?? null, quantity: v.quantity, liveCode: v.live || null }));

/** A line's new quantity on the bag's page (0 takes it out). */
export const bagLineQuantitySchema = z.object({ line: recordId("bag.errors.line_not_found"), quantity: quantity(0) });

/** A line of the bag (remove). */
export const bagLineSchema = z.object({ line: recordId("bag.errors.line_not_found") });
