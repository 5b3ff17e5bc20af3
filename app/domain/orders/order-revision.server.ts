import { discardUnpaidIntent } from "~/domain/payments/payments.server";
import type { CheckoutInput } from "~/schemas/checkout";
import type { Order } from "~db/schema";
import { assertOrderEditable, checkRevisedTotal, getVisibleOrder, updateUnpaidOrder } from "./orders.server";
import type { OrderViewer } from "./visibility.server";

/**
 * Back on the shipping step the shopper edits an order not paid yet. A new amount needs a
 * new payment: the old intent is cancelled before the order changes, so a payment made
 * meanwhile is kept (and the edit refused) rather than overwritten.
 */
export async function reviseUnpaidOrder(orderId: number, viewer: OrderViewer, shopId: number, input: CheckoutInput): Promise<Order> {
  const current = getVisibleOrder(orderId, viewer, shopId);
  assertOrderEditable(current);
  // A wrong total is refused before the payment under way is touched.
  checkRevisedTotal(current.items, input);
  if (current.totalAmountCents !== input.total_amount) await discardUnpaidIntent(current.id);
  return updateUnpaidOrder(current.id, input);
}
