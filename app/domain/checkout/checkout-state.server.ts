import { getConfig } from "~/config.server";
import { formatOrderNumber, lastPaidShippingInfo, type OrderWithItems } from "~/domain/orders/orders.server";
import { isPaid } from "~/domain/orders/payment-state";
import { purchaseLabelResource, shippingResource } from "~/domain/orders/shipping-fields.server";
import { canEditOrder, type OrderViewer } from "~/domain/orders/visibility.server";
import { shopPaymentAccount } from "~/domain/payments/accounts.server";
import { findOrderTransaction } from "~/domain/payments/intents.server";
import { getPaymentProvider } from "~/domain/payments/provider-registry.server";
import { minimumOrderCents } from "~/domain/shops/customization.server";
import { resolveCountry } from "~/lib/countries";
import { centsToDecimalString } from "~/lib/money";
import { parsePathId } from "~/lib/path-id";
import { PARCEL_SHIPPING } from "~/lib/shipping";
import type { Shop } from "~db/schema";
import { visibleOrderAndPaymentOrNull, visibleOrderOrNull } from "./place-order.server";
import { orderHoldState } from "./hold-state.server";
import { checkoutPurchase, purchasePricing, resumableOrder, type PurchaseLink } from "./purchase.server";

export type CheckoutStepName = "shipping" | "payment" | "success";

/** The checkout's link, as the shop's `/` receives it (each value null when absent); see `PurchaseLink` for the product's. */
export type CheckoutLink = PurchaseLink & { order: string | null; step: string | null; prefill: string | null };

type CheckoutShop = Pick<Shop, "id" | "minimumOrderAmountCents">;

/** The order as the checkout shows it, its fields named as the form names them (going back to shipping fills the form). */
function checkoutOrderSummary(order: OrderWithItems) {
  return {
    id: order.id,
    number: formatOrderNumber(order.number),
    status: order.status,
    paymentStatus: order.paymentStatus,
    totalCents: order.totalAmountCents,
    // Shipping charged (0 and no method when shipping is included in prices): the total is the subtotal plus it.
    shippingCents: order.shippingAmountCents,
    shippingMethod: order.shippingMethod,
    /** The live it was placed from: a parcel of that live is offered again on its shipping step. */
    liveId: order.liveId,
    items: order.items.map((i) => ({ name: i.productName, variantName: i.variantName, quantity: i.quantity, priceCents: i.priceCents })),
    shipping: {
      ...shippingResource(order),
      // An order placed when the country was typed: its code when the name maps to one.
      country: resolveCountry(order.country) ?? order.country,
      ...purchaseLabelResource(order),
      // The form's amount is the subtotal (shipping is added to it) and its rate the one chosen.
      total_amount: centsToDecimalString(order.totalAmountCents - order.shippingAmountCents),
      shipping_rate: order.shippingParcelId !== null ? PARCEL_SHIPPING : order.shippingRateId === null ? "" : String(order.shippingRateId),
    },
  };
}

/**
 * Where a shopper's checkout stands, from its link: the order (named by `?order=`, else the
 * shopper's unpaid order of the same purchase, so the browser's Back from the payment step
 * keeps the form), the purchase, the step, the payment under way and the prefill offer.
 */
export async function checkoutState(shop: CheckoutShop, viewer: OrderViewer, link: CheckoutLink) {
  const minimumCents = minimumOrderCents(shop);
  // The order the link names comes with its payment (one read); a resumed one reads its own.
  const named = await visibleOrderAndPaymentOrNull(parsePathId(link.order) ?? 0, viewer, shop.id);
  let order = named?.order ?? null;
  const linked = order ? null : await checkoutPurchase(shop.id, minimumCents, link, null);
  const resumed = link.order === null && linked ? await resumableOrder(shop.id, viewer, linked) : null;
  order ??= resumed;
  const purchase = order ? await checkoutPurchase(shop.id, minimumCents, link, order) : linked!;
  // A status link's holder may pay the order but not change its details: no shipping form for them.
  const editable = !order || canEditOrder(order, viewer);
  const step: CheckoutStepName = !order
    ? "shipping"
    : isPaid(order.paymentStatus)
      ? "success"
      : editable && (resumed || link.step === "shipping")
        ? "shipping"
        : "payment";
  const transaction = !order ? undefined : named?.order === order ? named.payment : await findOrderTransaction(order.id);
  const provider = getPaymentProvider();
  // Only a new order is prefilled; editing an order keeps its own fields.
  const lastPaid = step === "shipping" && !order ? await lastPaidShippingInfo(shop.id, viewer) : null;
  const account = await shopPaymentAccount(shop.id);
  // The payment step tells until when the units are held, or that they are gone.
  const hold = step === "payment" && order ? await orderHoldState(order) : null;
  return {
    step,
    hold,
    purchase,
    productId: purchase.kind === "catalogue" ? purchase.productId : null,
    order: order ? checkoutOrderSummary(order) : null,
    /** Whether this viewer may go back to the order's shipping step (see `canEditOrder`). */
    editable,
    resumed: resumed !== null,
    minimumCents,
    canReceivePayments: account.canReceivePayments,
    payment:
      transaction && transaction.status !== "canceled" && transaction.clientSecret
        ? {
            transactionId: transaction.id,
            clientSecret: transaction.clientSecret,
            accountId: transaction.providerAccountId,
            lastError: transaction.failureMessage,
          }
        : null,
    provider: {
      slug: provider.slug,
      testMode: provider.testMode,
      publishableKey: provider.slug === "stripe" ? (getConfig().STRIPE_PUBLISHABLE_KEY ?? null) : null,
    },
    previous: link.prefill !== "0" && lastPaid ? { ...lastPaid, country: resolveCountry(lastPaid.country) ?? lastPaid.country } : null,
    hasPrevious: lastPaid !== null,
    prefillRequested: link.prefill === "1",
  };
}

/**
 * What the shipping form posted is checked against: the order it edits (if this viewer may
 * see it), the purchase (that order's item, else the form's product), the shop's minimum
 * and the catalogue pricing of the schema (or the bag's total, for the bag's checkout).
 * `sellable` is false for a product the shop does not sell (a stale page, a tampered form):
 * nothing is created then.
 */
export async function shippingForm(shop: CheckoutShop, viewer: OrderViewer, orderId: number, link: PurchaseLink) {
  const minimumCents = minimumOrderCents(shop);
  const existing = await visibleOrderOrNull(orderId, viewer, shop.id);
  const purchase = await checkoutPurchase(shop.id, minimumCents, link, existing);
  return {
    purchase,
    minimumCents,
    pricing: purchasePricing(purchase),
    /** A bag's checkout: its total (the form's schema is the bag's). */
    bagTotalCents: purchase.kind === "bag" ? purchase.totalCents : undefined,
    sellable: !(purchase.kind === "catalogue" && !purchase.product),
  };
}
