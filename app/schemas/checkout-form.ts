import { messageKey } from "~/lib/messages";
import { centsToDecimalString, parseAmountToCents } from "~/lib/money";
import { itemsTotalCents, MAX_ITEM_QUANTITY, minimumQuantity } from "~/lib/order-total";
import { MAX_RECORD_ID } from "~/lib/path-id";
import { resolveCountry } from "~/lib/countries";
import { PARCEL_SHIPPING } from "~/lib/shipping";
import { z } from "./zod-mini";

// The checkout's forms, which the browser also loads (on the form's first focus): written
// with zod/mini, about 20 kB gzipped less than zod's full build (decision 014). The API's
// order schema (`checkout.ts`) is built on the same fields.

const text = (min: number, message: string, max = 200) =>
  z.string({ error: message }).check(z.trim(), z.minLength(min, message), z.maxLength(max, message));
const optional = (max: number) =>
  z.pipe(
    z.optional(z.string().check(z.trim(), z.maxLength(max))),
    z.transform((v) => v ?? ""),
  );

// zod's full build's `preprocess` (mini has none): a pipe from a transform.
const emptyAsMissing = z.transform<unknown, unknown>((v) => (v === "" || v === null ? undefined : v));

/**
 * A catalogue purchase: the product's unit price, from which the total is computed. The
 * server verifies the total sent; the browser computes it from the quantity itself (and
 * would validate before its own total is updated).
 */
export type CataloguePricing = { unitPriceCents: number; verifyTotal?: boolean };

/**
 * The shipping form of the checkout (spec section 5). The minimum total depends on the
 * shop (10 when unset), so the schema is built per shop; the browser and the server use it.
 * A live purchase (no `catalogue`) takes the typed total and needs a reference; a
 * catalogue purchase takes a quantity (enough to reach the minimum) and its total must be
 * the unit price times that quantity (the order domain checks it again against the
 * product's stored price).
 */
export function checkoutSchema(minimumCents: number, catalogue?: CataloguePricing) {
  // Built once per shop minimum and price: building a zod schema costs more than using it,
  // and every checkout page and shipping form of a shop asks for the same few.
  const key = `${minimumCents}:${catalogue?.unitPriceCents ?? ""}:${catalogue?.verifyTotal ? 1 : 0}`;
  let schema = builtCheckoutSchemas.get(key);
  if (!schema) {
    if (builtCheckoutSchemas.size >= BUILT_SCHEMAS_KEPT) builtCheckoutSchemas.delete(builtCheckoutSchemas.keys().next().value!);
    schema = buildCheckoutSchema(minimumCents, catalogue);
    builtCheckoutSchemas.set(key, schema);
  }
  return schema;
}

const BUILT_SCHEMAS_KEPT = 500;
const builtCheckoutSchemas = new Map<string, ReturnType<typeof buildCheckoutSchema>>();

function buildCheckoutSchema(minimumCents: number, catalogue?: CataloguePricing) {
  const minimum = centsToDecimalString(minimumCents);
  const fewest = catalogue ? minimumQuantity(catalogue.unitPriceCents, minimumCents) : 1;
  return z.pipe(
    z.extend(checkoutFields(minimumCents, catalogue !== undefined), { total_quantity: totalQuantityField }).check(
      z.refine((value) => purchaseIsIdentified(value, catalogue !== undefined), purchaseRuleIssue),
      // Missing, or too few to reach the minimum (an invalid number has its own message already).
      z.refine(
        (value) =>
          catalogue === undefined ||
          (typeof value.quantity === "number" ? value.quantity < 1 || value.quantity >= fewest : value.quantity !== undefined),
        {
          path: ["quantity"],
          message: fewest > 1 ? messageKey("purchase.errors.quantity_minimum", { quantity: fewest, minimum }) : "purchase.errors.quantity",
        },
      ),
      // The total sent must be the price of now times the quantity it was computed for: a total
      // of another price is one the shopper was shown before the price changed, and is refused.
      z.superRefine((value, ctx) => {
        if (!catalogue?.verifyTotal || typeof value.quantity !== "number") return;
        const unitPriceCents = catalogue.unitPriceCents;
        const pricedQuantity = value.total_quantity ?? value.quantity;
        if (value.total_amount === itemsTotalCents([{ unitPriceCents, quantity: pricedQuantity }])) return;
        const expected = itemsTotalCents([{ unitPriceCents, quantity: value.quantity }]);
        const message =
          value.total_quantity === undefined
            ? totalMismatchMessage(expected)
            : messageKey("purchase.errors.price_changed", {
                price: centsToDecimalString(unitPriceCents),
                total: centsToDecimalString(expected),
              });
        ctx.addIssue({ code: "custom", path: ["total_amount"], message });
      }),
    ),
    z.transform((value) => {
      const details = toCheckoutDetails(value, "subtotal");
      // The order's total is the price times the quantity ordered, computed here: without
      // JavaScript the total sent was the page's, computed for the quantity it was drawn with.
      if (!catalogue?.verifyTotal || details.quantity === undefined) return details;
      return { ...details, totalAmountCents: itemsTotalCents([{ unitPriceCents: catalogue.unitPriceCents, quantity: details.quantity }]) };
    }),
  );
}

/**
 * The quantity the catalogue form's total was computed for: the browser's count with
 * JavaScript, the quantity the page was drawn with without it (nothing recomputes the total
 * there). Missing or not a quantity (a form from before it was sent): the quantity ordered.
 * Never an error of its own: the shopper does not see the field.
 */
const totalQuantityField = z.optional(
  z.pipe(
    z.unknown(),
    z.transform((raw) => {
      const text = typeof raw === "string" ? raw.trim() : "";
      const quantity = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
      return quantity >= 1 && quantity <= MAX_ITEM_QUANTITY ? quantity : undefined;
    }),
  ),
);

/** The shipping form's fields as the browser sends them. */
export type CheckoutInput = z.input<ReturnType<typeof checkoutSchema>>;

/**
 * The checkout as the domain takes it. The form's and the API's names (snake_case) stop
 * at these schemas; the names are the order's columns.
 */
export type ShippingDetails = {
  fullName: string;
  companyName: string;
  email: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  phone: string;
  socialNetworkHandle: string;
};
/** What the shopper said was bought (a live purchase): reference, content, live reference. */
export type PurchaseLabel = { reference: string; content: string; liveReference: string };
/**
 * `totalAmountCents` is the amount stated: the screen's is the subtotal (shipping is added
 * to it), the API's what is paid, shipping included (`amountStated`). `shippingRateId` is
 * the rate chosen (a shop that charges shipping needs one).
 */
export type CheckoutDetails = ShippingDetails &
  PurchaseLabel & {
    totalAmountCents: number;
    quantity?: number;
    shippingRateId: number | null;
    /** "Add to my parcel" (`shipping_rate: "parcel"`): no rate, no fee; the shopper's open parcel takes it. */
    addToParcel?: boolean;
    amountStated: "subtotal" | "total";
  };

export function toCheckoutDetails(
  v: Omit<z.output<ReturnType<typeof checkoutFields>>, "quantity"> & { quantity?: number },
  amountStated: CheckoutDetails["amountStated"],
): CheckoutDetails {
  return {
    fullName: v.full_name,
    companyName: v.company_name,
    email: v.email,
    address: v.address,
    city: v.city,
    state: v.state,
    zipCode: v.zip_code,
    country: v.country,
    phone: v.phone,
    socialNetworkHandle: v.social_network_handle,
    reference: v.reference,
    content: v.content,
    liveReference: v.live_reference,
    totalAmountCents: v.total_amount,
    quantity: v.quantity,
    shippingRateId: typeof v.shipping_rate === "number" ? v.shipping_rate : null,
    addToParcel: v.shipping_rate === PARCEL_SHIPPING,
    amountStated,
  };
}

/**
 * The seller must know what was bought: a catalogue item, or for a live purchase at least
 * one of reference, content or live reference (the error shows on reference).
 */
export function purchaseIsIdentified(
  value: { reference?: unknown; content?: unknown; live_reference?: unknown },
  hasItem: boolean,
): boolean {
  return hasItem || [value.reference, value.content, value.live_reference].some((v) => String(v ?? "").trim() !== "");
}
// Checked even when other fields are invalid, so every error shows at once.
export const purchaseRuleIssue = { path: ["reference"], message: "checkout.errors.reference_required", when: () => true };

/**
 * A bag's checkout (issue 28): the total is the bag's at the prices the shopper agreed to
 * (sent back as is, not typed; the order domain checks it again against the prices of now),
 * at least the shop's minimum; no reference needed (the lines say what was bought). Its
 * errors are the form's: the total is not a field the shopper sees.
 */
export function bagCheckoutSchema(minimumCents: number, bagTotalCents: number) {
  return z.pipe(
    z.omit(checkoutFields(minimumCents, true), { quantity: true }).check(
      z.superRefine((value, ctx) => {
        if (bagTotalCents < minimumCents) {
          const minimum = centsToDecimalString(minimumCents);
          ctx.addIssue({ code: "custom", path: [], message: messageKey("bag.errors.minimum", { minimum }) });
        } else if (value.total_amount !== bagTotalCents) {
          ctx.addIssue({ code: "custom", path: [], message: totalMismatchMessage(bagTotalCents) });
        }
      }),
    ),
    // A screen: the amount sent is the subtotal, shipping is added to it.
    z.transform((value) => toCheckoutDetails(value, "subtotal")),
  );
}

/** The checkout's fields; a computed total (a catalogue's or a bag's) carries no minimum of its own. */
export function checkoutFields(minimumCents: number, computedTotal: boolean) {
  const minimum = centsToDecimalString(minimumCents);
  return z.object({
    full_name: text(2, "checkout.errors.full_name"),
    company_name: optional(200),
    email: z.pipe(
      z.string({ error: "checkout.errors.email" }).check(z.trim(), z.toLowerCase(), z.maxLength(254)),
      z.email("checkout.errors.email"),
    ),
    address: text(5, "checkout.errors.address", 300),
    city: text(2, "checkout.errors.city", 100),
    state: optional(100),
    zip_code: text(4, "checkout.errors.zip_code", 20),
    // A code (any case) or a country's name in English or French; stored as the upper-case code.
    country: z.pipe(
      text(2, "checkout.errors.country", 100),
      z.transform((value: string, ctx) => {
        const code = resolveCountry(value);
        if (!code) {
          ctx.issues.push({ code: "custom", message: "checkout.errors.country_unknown", input: value });
          return z.NEVER;
        }
        return code;
      }),
    ),
    phone: text(5, "checkout.errors.phone", 30),
    social_network_handle: optional(100),
    reference: optional(200),
    content: optional(1000),
    live_reference: optional(200),
    // The shipping rate chosen: required by a shop that charges shipping (the order domain
    // checks it), or "parcel": add the order to the shopper's open parcel, no shipping fee.
    shipping_rate: z.optional(
      z.pipe(
        emptyAsMissing,
        z.optional(
          z.union(
            [
              z.literal(PARCEL_SHIPPING),
              z.coerce
                .number({ error: "shipping.errors.rate_unknown" })
                .check(
                  z.int("shipping.errors.rate_unknown"),
                  z.positive("shipping.errors.rate_unknown"),
                  z.lte(MAX_RECORD_ID, "shipping.errors.rate_unknown"),
                ),
            ],
            { error: "shipping.errors.rate_unknown" },
          ),
        ),
      ),
    ),
    // A string from forms; a number or a string from the API.
    total_amount: z.pipe(
      z.nullish(z.union([z.string(), z.number()], { error: "checkout.errors.total_amount_invalid" })),
      z.transform((raw, ctx) => {
        const value = raw === null || raw === undefined ? "" : String(raw);
        const fail = (message: string) => {
          ctx.issues.push({ code: "custom", message, input: raw });
          return z.NEVER;
        };
        if (value.trim() === "") return fail("checkout.errors.total_amount_required");
        const cents = parseAmountToCents(value.trim());
        if (cents === null) return fail("checkout.errors.total_amount_invalid");
        // A catalogue total is computed, not typed: the quantity rule below carries the minimum.
        if (!computedTotal && cents < minimumCents) return fail(messageKey("checkout.errors.total_amount_minimum", { minimum }));
        if (cents > 100_000_00) return fail("checkout.errors.total_amount_too_high");
        return cents;
      }),
    ),
    // Only a catalogue purchase has a quantity.
    quantity: z.optional(
      z.pipe(
        emptyAsMissing,
        z.optional(
          z.coerce
            .number({ error: "purchase.errors.quantity" })
            .check(
              z.int("purchase.errors.quantity"),
              z.gte(1, "purchase.errors.quantity"),
              z.lte(MAX_ITEM_QUANTITY, "purchase.errors.quantity"),
            ),
        ),
      ),
    ),
  });
}

/** The total sent is not the price times the quantity: the message says what it is. */
export function totalMismatchMessage(expectedCents: number): string {
  return messageKey("purchase.errors.total_amount_mismatch", { total: centsToDecimalString(expectedCents) });
}
