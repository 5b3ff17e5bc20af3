import { ORDER_STATUSES, PAYMENT_STATUSES } from "~/lib/order-states";
import { MAX_ITEM_QUANTITY } from "~/lib/order-total";
import { MAX_RECORD_ID } from "~/lib/path-id";
import { checkoutFields, purchaseIsIdentified, purchaseRuleIssue, toCheckoutDetails } from "./checkout-form";
import { numberFromText } from "./number-input";
import { z } from "./zod-messages";

// The checkout's forms (shared with the browser, in zod/mini) are in `checkout-form.ts`.
export * from "./checkout-form";

/**
 * POST /api/v1/shop/orders/: the checkout fields plus items (spec section 7). `total_amount`
 * is what is paid, shipping included: the order domain checks it against the items and the
 * rate (`shipping_rate`).
 */
export function orderCreateSchema(minimumCents: number) {
  // The form's fields (zod/mini) in zod's full build's object: the API's schemas are full ones.
  const fields = checkoutFields(minimumCents, false).shape;
  return z
    .object({
      ...fields,
      // The API's descriptions are added here: the browser loads the form's fields without them.
      country: fields.country.check(z.describe(COUNTRY_DESCRIPTION)),
      shipping_rate: fields.shipping_rate.check(z.describe(SHIPPING_RATE_DESCRIPTION)),
      items: orderItemsSchema,
    })
    .omit({ quantity: true })
    .refine((value) => purchaseIsIdentified(value, Array.isArray(value.items) && value.items.length > 0), purchaseRuleIssue)
    .transform((value) => ({ ...toCheckoutDetails(value, "total"), items: value.items }));
}

const COUNTRY_DESCRIPTION = "ISO 3166-1 alpha-2 code, or the country's name in English or French (answers give the code)";
const SHIPPING_RATE_DESCRIPTION =
  "A shipping rate's id (GET /shop/shipping/?country=): required when the shop charges shipping. Or \"parcel\": add this order to the caller's open parcel (a parcel holding a paid, unshipped order this browser or account placed, with the same email and address, of the same live or within the shop's parcel window): no shipping fee, `shipping_method` names the parcel. Refused (400) when there is no such parcel.";

/** An item's product or variant: a number or a string of one (not `true`, not `[1]`). */
const itemId = z.preprocess(numberFromText, z.number().int().positive().max(MAX_RECORD_ID).optional());

export const orderItemsSchema = z
  .array(
    z.object({
      product: itemId,
      product_id: itemId,
      // The product's variant (issue 27): required when the product has options, refused when
      // it has none (the order domain checks it against the catalogue). null is "none".
      variant: z.preprocess((v) => (v === null ? undefined : v), itemId),
      quantity: z.preprocess(numberFromText, z.number().int().min(1).max(MAX_ITEM_QUANTITY).default(1)),
    }),
  )
  .max(20)
  .default([])
  .transform((items, ctx) =>
    items.map((item, index) => {
      const productId = item.product ?? item.product_id;
      if (!productId) ctx.addIssue({ code: "custom", path: [index, "product"], message: "validation.required" });
      return { productId: productId ?? 0, variantId: item.variant ?? null, quantity: item.quantity };
    }),
  );

/**
 * Which orders a list shows: `orders` (paid, partially or fully refunded), `checkouts`
 * (never paid: open, failed, needing action, canceled) or `all`.
 */
export const ORDER_LIST_VIEWS = ["orders", "checkouts", "all"] as const;
export type OrderListView = (typeof ORDER_LIST_VIEWS)[number];

export const orderListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(10),
  status: z.enum(ORDER_STATUSES).optional(),
  payment_status: z.enum(PAYMENT_STATUSES).optional(),
  // Default: `orders` for a seller's lists, `all` for a shopper's or client's own purchases
  // and whenever payment_status is given (see listViewOf).
  view: z
    .enum(ORDER_LIST_VIEWS)
    .optional()
    .describe(
      "orders: paid (succeeded, partially_refunded, refunded); checkouts: never paid (pending, processing, requires_action, requires_payment_method, failed, canceled); all. Default: orders for a seller, all for a shopper or client and whenever payment_status is given.",
    ),
  search: z
    .string()
    .trim()
    .max(100)
    .optional()
    .transform((v) => v || undefined),
});
export type OrderListQuery = z.output<typeof orderListQuerySchema>;

/** PATCH /api/v1/shop/orders/{id}/ */
export const orderStatusChangeSchema = z.object({ status: z.enum(ORDER_STATUSES) });
