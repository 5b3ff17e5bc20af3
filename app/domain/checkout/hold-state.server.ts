import { and, eq } from "drizzle-orm";
import { isPaid } from "~/domain/orders/payment-state";
import type { OrderWithItems } from "~/domain/orders/orders.server";
import { availableUnits, countsAnyVariant, ensureOrderHeld } from "~/domain/stock/holds.server";
import { getDatabase, writeTransaction } from "~db/client";
import { stockHolds } from "~db/schema";

/**
 * Where the units of an unpaid order stand, for its payment step: `held` until `until` (the
 * countdown), `lapsed` (the hold ended but paying takes them again: units are left, or
 * nothing released them yet), or `sold_out` (they went to someone else: paying is refused
 * and nobody is charged). Null when nothing of the order is counted, or it is paid or
 * cancelled. Read only: the payment itself takes the units again (`holdOrderForPayment`).
 */
export type OrderHoldState = { until: string; state: "held" | "lapsed" | "sold_out" };

export async function orderHoldState(order: OrderWithItems, now = new Date()): Promise<OrderHoldState | null> {
  if (!order.reservedUntil || isPaid(order.paymentStatus) || order.status === "cancelled") return null;
  const until = order.reservedUntil.toISOString();
  // A payment the provider is deciding keeps its units (docs/stock.md).
  if (order.reservedUntil > now || order.paymentStatus === "processing") return { until, state: "held" };
  const [stillHeld] = await getDatabase()
    .select({ id: stockHolds.id })
    .from(stockHolds)
    .where(and(eq(stockHolds.orderId, order.id), eq(stockHolds.state, "held")))
    .limit(1);
  if (stillHeld) return { until, state: "lapsed" };
  const wanted = new Map<number, number>();
  for (const item of order.items)
    if (item.variantId !== null) wanted.set(item.variantId, (wanted.get(item.variantId) ?? 0) + item.quantity);
  const left = await availableUnits(getDatabase(), [...wanted.keys()], now);
  const enough = [...wanted].every(([variantId, quantity]) => (left.get(variantId) ?? Infinity) >= quantity);
  return { until, state: enough ? "lapsed" : "sold_out" };
}

/**
 * Right before the shopper's card is charged: the order's units must be theirs. A hold past
 * its end is extended or taken again for a new hold time (`ensureOrderHeld`); when they are
 * gone it throws `OutOfStockError` (409 "Sold out") and the card is never charged. `order` is
 * the order as the card step just read it: a running hold needs nothing (nothing releases the
 * hold of an order that is not cancelled before its end), and an order that held nothing needs
 * a look at its variants only, in case the seller started counting them since; the rest goes
 * through the write transaction.
 */
export async function holdOrderForPayment(order: Pick<OrderWithItems, "id" | "status" | "reservedUntil" | "items">): Promise<void> {
  const now = new Date();
  if (order.status !== "cancelled") {
    if (order.reservedUntil && order.reservedUntil > now) return;
    const variantIds = order.items.flatMap((item) => (item.variantId === null ? [] : [item.variantId]));
    if (!order.reservedUntil && !(await countsAnyVariant(getDatabase(), variantIds))) return;
  }
  await writeTransaction((tx) => ensureOrderHeld(tx, order.id, now));
}
