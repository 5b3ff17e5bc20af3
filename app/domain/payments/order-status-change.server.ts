import { isPaid, isRefundable } from "~/domain/orders/payment-state";
import { claimCancellation, releaseCancellation } from "~/domain/orders/cancellation-claims.server";
import { assertStatusTransition, loadShopOrder, recordCancellation, recordStatusChange } from "~/domain/orders/order-status.server";
import type { Order, OrderStatus } from "~db/schema";
import { discardUnpaidIntent, findOrderTransaction } from "./intents.server";
import { orderRefundSummaries, refundOrder } from "./refunds.server";

type Actor = { userId: number; shopId: number };

/**
 * Cancelling settles the order's money first: a paid order is refunded what remains of it
 * (after any partial refund; the cancellation mail says so, no second refund mail), an
 * unpaid order's intent is cancelled so it can no longer be paid.
 */
async function settleCancelledPayment(order: Order, actor: Actor): Promise<void> {
  const txn = await findOrderTransaction(order.id);
  if (txn && isRefundable(txn.status)) {
    const rest = (await orderRefundSummaries([order])).get(order.id)?.refundableCents ?? 0;
    if (rest > 0) await refundOrder(order.id, "rest", actor, { notifyShopper: false });
  } else if (txn && !isPaid(txn.status)) {
    await discardUnpaidIntent(order.id);
  }
}

/**
 * The seller moves an order on. Cancelling a paid order refunds what remains of it through
 * the provider first (the payment status follows the provider's answer); an unpaid order's
 * intent is canceled so it can no longer be paid. Every change is recorded (who, when) and
 * mailed to the shopper. It lives here, above orders, because a status change may move money.
 */
export async function changeOrderStatus(orderId: number, to: OrderStatus, actor: Actor): Promise<Order> {
  const order = await loadShopOrder(orderId, actor.shopId);
  assertStatusTransition(order, to);
  if (to !== "cancelled") return recordStatusChange(order, to, actor);
  // Claimed before any money moves: shipping landing during the provider's call would else
  // win the status write after the refund, and the order would end shipped and refunded.
  const claimed = await claimCancellation(order);
  try {
    await settleCancelledPayment(claimed, actor);
  } catch (error) {
    // Nothing was cancelled ("the refund failed, so the order was not cancelled"; a failed
    // refund stays in the order's refunds): the order may move again, or be cancelled again.
    await releaseCancellation(claimed);
    throw error;
  }
  const cancelled = await recordCancellation(claimed, actor);
  // A payment started as the cancel looked for one (it found none to cancel) and made before
  // the status write: the cancel put its units back, and gives its money back too.
  if (!isPaid(claimed.paymentStatus) && isRefundable(cancelled.paymentStatus)) {
    await settleCancelledPayment(cancelled, actor);
    return loadShopOrder(orderId, actor.shopId);
  }
  return cancelled;
}
