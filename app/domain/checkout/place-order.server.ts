import { DomainError, ForbiddenError, NotFoundError } from "~/domain/errors.server";
import {
  assertOrderEditable,
  createOrder,
  getVisibleOrder,
  getVisibleOrderAndPayment,
  revisedOrderAmounts,
  updateUnpaidOrder,
  type NewOrder,
  type OrderWithItems,
} from "~/domain/orders/orders.server";
import { canEditOrder, type OrderViewer } from "~/domain/orders/visibility.server";
import { discardUnpaidIntent, startPayment, type PaymentIntentResource, type PlacedOrder } from "~/domain/payments/intents.server";
import { getPaymentProvider } from "~/domain/payments/provider-registry.server";
import type { Language } from "~/lib/i18n";
import type { CheckoutDetails } from "~/schemas/checkout";
import type { Shop } from "~db/schema";
import { bagOrderLines, bagStockError, removeOrderedLines, takeOrderedLines } from "~/domain/bag/bag.server";
import type { Transaction } from "~db/client";
import { OutOfStockError } from "~/domain/stock/holds.server";
import { getShopLive } from "~/domain/lives/lives.server";

/**
 * The payment of an order the checkout just placed or revised: the started (or resumed)
 * intent, or the reason it could not start (the order exists all the same; the payment
 * step explains it and offers to retry).
 */
export type PaymentStart = { started: true; intent: PaymentIntentResource } | { started: false; reason: DomainError };

/**
 * The shopper placing the order: this browser's shopper key, the signed-in user, the page's
 * language; and who they are to orders (`viewer`: the parcel they may add the order to).
 */
export type CheckoutShopper = { shopperKeyHash: string; userId: number | null; language: Language; viewer?: OrderViewer };

/**
 * Starts (or resumes) an order's payment, with the configured provider unless the caller
 * names one (the API's `provider_slug`, checked against it). One intent per order, whoever
 * asks: the shipping step, the payment step's retry, or the API's `pay/`.
 */
export async function payOrder(
  order: number | PlacedOrder,
  viewer: OrderViewer,
  options: { shopId?: number; providerSlug?: string } = {},
): Promise<PaymentStart> {
  try {
    const intent = await startPayment(order, viewer, options.providerSlug ?? getPaymentProvider().slug, options.shopId);
    return { started: true, intent };
  } catch (error) {
    if (error instanceof DomainError) return { started: false, reason: error };
    throw error;
  }
}

/**
 * A new order: its items must be live, in-stock products of the shop at their current
 * price (checked in the creating transaction, so nothing is created otherwise), and the
 * payment starts right away (the checkout's shipping step) or waits for the client's
 * `pay/` call (the API, `payment: "later"`). Returns the order as its shopper sees it.
 */
export async function placeOrder(request: {
  shop: Pick<Shop, "id" | "currency">;
  input: NewOrder;
  shopper: CheckoutShopper;
  payment: "now" | "later";
  /** Written in the order's transaction (see createOrder). */
  alongWith?: (tx: Transaction) => Promise<void>;
}): Promise<{ order: OrderWithItems; payment: PaymentStart | null }> {
  const { shop, shopper } = request;
  const created = await createOrder(shop, request.input, shopper, request.alongWith);
  const placedBy: OrderViewer = { shopperKeyHash: shopper.shopperKeyHash, user: null, ownedShopId: null };
  // Read once: starting its payment changes nothing of the order itself.
  const order = await getVisibleOrder(created.id, placedBy, shop.id);
  const payment = request.payment === "now" ? await payOrder({ order }, placedBy, { shopId: shop.id }) : null;
  return { order, payment };
}

/**
 * The checkout of the whole bag (issue 28): an order of the bag's lines, at the prices the
 * shopper agreed to (refused, 409, while the bag needs a review: a price changed, a line gone
 * or short), all their units held in one go or none ("Scarf (M): only 2 left", naming the
 * line). The lines ordered then leave the bag: from there the order is the bag (its units
 * held, a declined card retried on the payment step, "Back to shipping" edits that order).
 * Returns the units left in the bag (lines added meanwhile) with the order.
 */
export async function placeBagOrder(request: {
  shop: Pick<Shop, "id" | "currency">;
  input: CheckoutDetails & Pick<NewOrder, "liveId">;
  shopper: CheckoutShopper;
}): Promise<{ order: OrderWithItems; payment: PaymentStart | null; bagCount: number }> {
  const { shop, shopper } = request;
  const owner = { shopId: shop.id, shopperKeyHash: shopper.shopperKeyHash };
  const { bag, items } = await bagOrderLines(owner);
  // A live's link names its live; else the live the bag was filled from (on its page), while it
  // exists: the order is that live's, named by its code as on its link.
  const bagLive = !request.input.liveId && bag.liveId !== null ? await existingShopLive(shop.id, bag.liveId) : null;
  const input = bagLive ? { ...request.input, liveId: bagLive.id, liveReference: bagLive.code } : request.input;
  const lineIds = bag.lines.map((l) => l.id);
  const alongWith = (tx: Transaction) => takeOrderedLines(tx, owner, lineIds);
  const placed = await placeOrder({ shop, input: { ...input, items }, shopper, payment: "now", alongWith }).catch((error: unknown) => {
    throw error instanceof OutOfStockError ? bagStockError(error, bag) : error;
  });
  const { count } = await removeOrderedLines(owner, lineIds);
  return { ...placed, bagCount: count };
}

/** The live when it is still one of the shop's lives (a bag keeps its id without a foreign key). */
async function existingShopLive(shopId: number, liveId: number): Promise<{ id: number; code: string } | null> {
  const live = await noneIfNotFound(() => getShopLive(shopId, liveId));
  return live && { id: live.id, code: live.code };
}

/** What `find` finds, or null where it finds nothing (a NotFoundError); any other error stays one. */
async function noneIfNotFound<T>(find: () => Promise<T>): Promise<T | null> {
  try {
    return await find();
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}

/**
 * Back on the shipping step the shopper edits an order not paid yet, then pays it. A new
 * amount needs a new payment: the old intent is cancelled before the order changes, so a
 * payment made meanwhile is kept (and the edit refused) rather than overwritten. A paid,
 * cancelled or processing order is refused (409), as is a total that is not the items'.
 * Only the shopper who placed it (or proved its email) may: a status link's holder sees and
 * pays the order but is refused (403), nothing changed.
 */
export async function reviseOrder(request: {
  shopId: number;
  orderId: number;
  /** Whoever asks, with this browser's shopper key. */
  viewer: OrderViewer & { shopperKeyHash: string };
  input: CheckoutDetails;
}): Promise<{ order: OrderWithItems; payment: PaymentStart }> {
  const { shopId, viewer, input } = request;
  const current = await getVisibleOrder(request.orderId, viewer, shopId);
  if (!canEditOrder(current, viewer)) throw new ForbiddenError("checkout.errors.details_locked");
  assertOrderEditable(current);
  // A wrong total (or a country or rate refused) is refused before the payment under way is touched.
  const revised = await revisedOrderAmounts(current, input, viewer);
  if (current.totalAmountCents !== revised.totalCents) await discardUnpaidIntent(current.id);
  await updateUnpaidOrder(current.id, input, viewer);
  const payment = await payOrder(current.id, viewer, { shopId });
  return { order: await getVisibleOrder(current.id, viewer, shopId), payment };
}

/** `visibleOrderOrNull` with the order's payment (`getVisibleOrderAndPayment`): one statement. */
export async function visibleOrderAndPaymentOrNull(orderId: number, viewer: OrderViewer, shopId: number) {
  return orderId ? noneIfNotFound(() => getVisibleOrderAndPayment(orderId, viewer, shopId)) : null;
}

/** The order a checkout form names, when this viewer may see it in this shop (a stale or foreign id is none). */
export async function visibleOrderOrNull(orderId: number, viewer: OrderViewer, shopId: number): Promise<OrderWithItems | null> {
  return orderId ? noneIfNotFound(() => getVisibleOrder(orderId, viewer, shopId)) : null;
}
