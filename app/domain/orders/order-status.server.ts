import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { releaseOrderHolds, restockOrderUnits } from "~/domain/stock/holds.server";
import { offerFreedUnits } from "~/domain/stock/waitlist.server";
import { recordLiveEvent } from "~/domain/lives/live-events.server";
import { displayName } from "~/domain/accounts/users.server";
import { ConflictError, NotFoundError } from "~/domain/errors.server";
import { sendMail } from "~/domain/mail/mailer.server";
import { orderStatusMail } from "~/domain/mail/templates.server";
import { isPaid, PAID_PAYMENT_STATUSES } from "./payment-state";
import { getDatabase, writeTransaction } from "~db/client";
import { orderEvents, orders, shops, users, type Order, type OrderStatus, type PaymentStatus } from "~db/schema";
import { heldByCancellation, noCancellationUnderWay, type ClaimedOrder } from "./cancellation-claims.server";
import { formatOrderNumber } from "./orders.server";
import { leaveParcel, lockShopperParcels } from "./parcels.server";
import { sendWithOrderStatusLink } from "./status-links.server";

/** The order workflow: pending → processing → shipped → delivered; cancel before shipping. */
const NEXT: Record<OrderStatus, OrderStatus[]> = {
  pending: ["processing", "cancelled"],
  processing: ["shipped", "cancelled"],
  shipped: ["delivered"],
  delivered: [],
  cancelled: [],
};

export function allowedTransitions(status: OrderStatus): OrderStatus[] {
  return NEXT[status];
}

/** The shop's order (the seller's screens and API), NotFound when it is another shop's. */
export async function loadShopOrder(orderId: number, shopId: number): Promise<Order> {
  const [order] = await getDatabase()
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.shopId, shopId)))
    .limit(1);
  if (!order) throw new NotFoundError("orders.not_found");
  return order;
}

/** The workflow allows moving the order to `to`; a conflict names both states otherwise. */
export function assertStatusTransition(order: Pick<Order, "status">, to: OrderStatus): void {
  if (!NEXT[order.status].includes(to)) {
    throw new ConflictError("orders.errors.invalid_transition", {}, { from: order.status, to });
  }
}

/**
 * Writes the seller's status change (who, when) and mails it to the shopper. A cancellation
 * under way (claimed, its refund at the provider) makes it a conflict. Cancelling goes through
 * `recordCancellation` instead, once the money is settled.
 */
export async function recordStatusChange(order: Order, to: OrderStatus, actor: { userId: number }): Promise<Order> {
  const now = new Date();
  return writeStatusChange(order, to, actor, now, noCancellationUnderWay(now));
}

/**
 * Writes the cancellation of an order this request claimed (`claimCancellation`) and mails
 * it to the shopper. The money it moves (a refund or a cancelled intent) is settled between
 * the claim and this, by the caller (`changeOrderStatus` in payments): orders do not call
 * the payment provider.
 */
export async function recordCancellation(order: ClaimedOrder, actor: { userId: number }): Promise<Order> {
  return writeStatusChange(order, "cancelled", actor, new Date(), heldByCancellation(order));
}

async function writeStatusChange(order: Order, to: OrderStatus, actor: { userId: number }, now: Date, claim: SQL): Promise<Order> {
  const freed: number[] = [];
  const updated = await writeTransaction(async (tx) => {
    // Before the order's row, as shipping its whole parcel does (leaveParcel takes it too).
    if ((to === "shipped" || to === "cancelled") && order.parcelId !== null) await lockShopperParcels(tx, order.shopId, order.email);
    // The status it had when we checked, and no one else's cancellation under way: a
    // concurrent change makes this one a conflict.
    const [row] = await tx
      .update(orders)
      .set({
        status: to,
        cancellingSince: null,
        // Unpaid as read: canceled, unless a payment landed since (it is refunded, app/domain/payments): its state stays.
        ...(to === "cancelled" && !isPaid(order.paymentStatus)
          ? {
              paymentStatus: sql<PaymentStatus>`case when ${orders.paymentStatus} in (${sql.join(
                PAID_PAYMENT_STATUSES.map((s) => sql`${s}`),
                sql`, `,
              )}) then ${orders.paymentStatus} else 'canceled' end`,
            }
          : {}),
        // Shipped without a carrier (the API's status change): when it left is still known.
        ...(to === "shipped" ? { shippedAt: now } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status), claim))
      .returning();
    if (!row) throw new ConflictError("orders.errors.changed_meanwhile");
    if (to === "shipped" || to === "cancelled") await leaveParcel(tx, order, to, now);
    // A cancelled order's units go back on sale: held ones at once, sold ones (a paid order
    // cancelled before shipping, refunded by the caller) back into the stock.
    if (to === "cancelled") {
      const released = await releaseOrderHolds(tx, order.id, now);
      freed.push(...released.map((r) => r.variantId), ...(await restockOrderUnits(tx, order.id, actor.userId, now)));
    }
    if (row.liveId !== null) await recordLiveEvent(tx, row.liveId, "order");
    await tx
      .insert(orderEvents)
      .values({ orderId: order.id, shopId: order.shopId, kind: "status", fromValue: order.status, toValue: to, actorUserId: actor.userId });
    return row;
  });
  await offerFreedUnits(freed, now);
  const db = getDatabase();
  const [shop] = await db.select().from(shops).where(eq(shops.id, order.shopId)).limit(1);
  await sendWithOrderStatusLink(order.id, order.shopId, (link) =>
    sendMail({
      to: updated.email,
      template: "order_status",
      dedupeKey: `order-status:${order.id}:${to}`,
      ...orderStatusMail(updated.language, {
        shopName: shop!.name,
        customer: updated.fullName,
        number: formatOrderNumber(updated.number),
        status: to,
        refunded: to === "cancelled" && isPaid(order.paymentStatus),
        link,
      }),
    }),
  );
  const [current] = await db.select().from(orders).where(eq(orders.id, order.id)).limit(1);
  return current!;
}

export type OrderHistoryEntry = {
  id: number;
  kind: string;
  from: string;
  to: string;
  at: string;
  by: string | null;
  amountCents: number | null;
  note: string;
};

/** The history of several orders (who did what, when; oldest first), in one query. */
export async function orderHistories(orderIds: number[]): Promise<Map<number, OrderHistoryEntry[]>> {
  const byOrder = new Map<number, OrderHistoryEntry[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await getDatabase()
    .select({
      id: orderEvents.id,
      orderId: orderEvents.orderId,
      kind: orderEvents.kind,
      fromValue: orderEvents.fromValue,
      toValue: orderEvents.toValue,
      amountCents: orderEvents.amountCents,
      note: orderEvents.note,
      createdAt: orderEvents.createdAt,
      actor: users,
    })
    .from(orderEvents)
    .leftJoin(users, eq(users.id, orderEvents.actorUserId))
    .where(inArray(orderEvents.orderId, orderIds))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  for (const event of rows) {
    const entry = {
      id: event.id,
      kind: event.kind,
      from: event.fromValue,
      to: event.toValue,
      at: event.createdAt.toISOString(),
      by: event.actor ? displayName(event.actor) : null,
      amountCents: event.amountCents,
      note: event.note,
    };
    byOrder.set(event.orderId, [...(byOrder.get(event.orderId) ?? []), entry]);
  }
  return byOrder;
}
