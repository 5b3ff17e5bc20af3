import { and, eq, inArray, isNull } from "drizzle-orm";
import { ConflictError, NotFoundError } from "~/domain/errors.server";
import { recordLiveEvent } from "~/domain/lives/live-events.server";
import { sendMail } from "~/domain/mail/mailer.server";
import { orderStatusMail, parcelShippedMail, type MailTracking } from "~/domain/mail/templates.server";
import type { Shipment } from "~/schemas/fulfillment";
import { getDatabase, lockRows, writeTransaction } from "~db/client";
import { orderEvents, orders, parcels, shops, type Order } from "~db/schema";
import { noCancellationUnderWay } from "./cancellation-claims.server";
import { loadShopOrder } from "./order-status.server";
import { formatOrderNumber } from "./orders.server";
import { leaveParcel, lockShopperParcels, UNSHIPPED_STATUSES } from "./parcels.server";
import { isPaid } from "./payment-state";
import { sendWithOrderStatusLink } from "./status-links.server";
import { trackingUrl } from "./tracking.server";

/**
 * Shipping with a carrier and a tracking number (issue 28): one order (its ship form,
 * POST /api/v1/shop/orders/{id}/fulfillment/) or a whole parcel (the parcels screen). The
 * order moves to `shipped` from `processing`, or straight from `pending` once paid; anything
 * else is a 409. The shopper is mailed the carrier's tracking link.
 */

/** Whether the seller may ship the order now (the ship form is offered, the API accepts it). */
export function canShip(order: Pick<Order, "status" | "paymentStatus">): boolean {
  return order.status === "processing" || (order.status === "pending" && isPaid(order.paymentStatus));
}

function assertShippable(order: Pick<Order, "status" | "paymentStatus">): void {
  if (!canShip(order)) {
    throw new ConflictError(
      order.status === "pending" ? "fulfillment.errors.unpaid" : "fulfillment.errors.not_shippable",
      {},
      { status: order.status },
    );
  }
}

function mailTracking(shipment: Shipment, zipCode: string): MailTracking {
  return {
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
    trackingUrl: trackingUrl(shipment.carrier, shipment.trackingNumber, zipCode),
  };
}

async function shopOf(shopId: number) {
  const [shop] = await getDatabase()
    .select({ name: shops.name, subdomain: shops.subdomain })
    .from(shops)
    .where(eq(shops.id, shopId))
    .limit(1);
  return shop!;
}

/** An order's columns once it leaves with `shipment` (a cancellation's claim ends with it). */
function shippedWith(shipment: Shipment, now: Date) {
  return {
    status: "shipped" as const,
    carrier: shipment.carrier,
    trackingNumber: shipment.trackingNumber,
    shippedAt: now,
    cancellingSince: null,
    updatedAt: now,
  };
}

/** The seller ships one order with this carrier and number; returns the order as it now is. */
export async function shipOrder(orderId: number, shopId: number, shipment: Shipment, actor: { userId: number }): Promise<Order> {
  const order = await loadShopOrder(orderId, shopId);
  assertShippable(order);
  const now = new Date();
  const shipped = await writeTransaction(async (tx) => {
    // Before the order's row, as shipping its whole parcel does (leaveParcel takes it too).
    if (order.parcelId !== null) await lockShopperParcels(tx, order.shopId, order.email);
    // The status it had when we checked, and no cancellation under way (its refund may be at
    // the provider): a concurrent change makes this one a conflict.
    const [row] = await tx
      .update(orders)
      .set(shippedWith(shipment, now))
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status), noCancellationUnderWay(now)))
      .returning();
    if (!row) throw new ConflictError("orders.errors.changed_meanwhile");
    await leaveParcel(tx, order, "shipped", now);
    await tx
      .insert(orderEvents)
      .values({ orderId: order.id, shopId, kind: "status", fromValue: order.status, toValue: "shipped", actorUserId: actor.userId });
    if (row.liveId !== null) await recordLiveEvent(tx, row.liveId, "order");
    return row;
  });
  const shop = await shopOf(shopId);
  await sendWithOrderStatusLink(order.id, shopId, (link) =>
    sendMail({
      to: shipped.email,
      template: "order_status",
      dedupeKey: `order-status:${order.id}:shipped`,
      ...orderStatusMail(shipped.language, {
        shopName: shop.name,
        customer: shipped.fullName,
        number: formatOrderNumber(shipped.number),
        status: "shipped",
        refunded: false,
        link,
        tracking: mailTracking(shipment, shipped.zipCode),
      }),
    }),
  );
  const [current] = await getDatabase().select().from(orders).where(eq(orders.id, order.id)).limit(1);
  return current!;
}

/**
 * The seller ships a parcel: every order of it still to ship leaves with one carrier and
 * number, in one transaction, and the shopper gets one mail naming them all. A parcel already
 * shipped (or being shipped by another request) is a 409 and changes nothing.
 */
export async function shipParcel(parcelId: number, shopId: number, shipment: Shipment, actor: { userId: number }): Promise<Order[]> {
  const now = new Date();
  const shipped = await writeTransaction(async (tx) => {
    const parcelWhere = and(eq(parcels.id, parcelId), eq(parcels.shopId, shopId));
    const [owner] = await tx.select({ email: parcels.email }).from(parcels).where(parcelWhere).limit(1);
    if (!owner) throw new NotFoundError("parcels.not_found");
    // Not while an order of its shopper joins it or one of its orders ships on its own.
    await lockShopperParcels(tx, shopId, owner.email);
    await lockRows(tx, parcels, parcelWhere);
    const [parcel] = await tx.select().from(parcels).where(parcelWhere).limit(1);
    if (!parcel) throw new NotFoundError("parcels.not_found");
    const [closed] = await tx
      .update(parcels)
      .set({ shippedAt: now })
      .where(and(parcelWhere, isNull(parcels.shippedAt)))
      .returning({ id: parcels.id });
    if (!closed) throw new ConflictError("parcels.errors.already_shipped");
    const waiting = and(eq(orders.parcelId, parcelId), inArray(orders.status, [...UNSHIPPED_STATUSES]));
    const before = await tx.select({ id: orders.id, status: orders.status }).from(orders).where(waiting);
    if (before.length === 0) throw new ConflictError("parcels.errors.already_shipped");
    // An order of it being cancelled (its refund may be at the provider) stops the whole parcel.
    const rows = await tx
      .update(orders)
      .set(shippedWith(shipment, now))
      .where(and(waiting, noCancellationUnderWay(now)))
      .returning();
    if (rows.length !== before.length) throw new ConflictError("orders.errors.changed_meanwhile");
    await tx.insert(orderEvents).values(
      before.map((order) => ({
        orderId: order.id,
        shopId,
        kind: "status" as const,
        fromValue: order.status,
        toValue: "shipped",
        actorUserId: actor.userId,
      })),
    );
    for (const liveId of new Set(rows.map((row) => row.liveId))) if (liveId !== null) await recordLiveEvent(tx, liveId, "order");
    return rows.sort((a, b) => a.number - b.number);
  });
  const [first] = shipped;
  const shop = await shopOf(shopId);
  // The link opens the parcel's first order, whose page shows the tracking; the others say the same.
  await sendWithOrderStatusLink(first!.id, shopId, (link) =>
    sendMail({
      to: first!.email,
      template: "order_status",
      dedupeKey: `parcel-shipped:${parcelId}`,
      ...(shipped.length === 1
        ? orderStatusMail(first!.language, {
            shopName: shop.name,
            customer: first!.fullName,
            number: formatOrderNumber(first!.number),
            status: "shipped",
            refunded: false,
            link,
            tracking: mailTracking(shipment, first!.zipCode),
          })
        : parcelShippedMail(first!.language, {
            shopName: shop.name,
            customer: first!.fullName,
            numbers: shipped.map((order) => formatOrderNumber(order.number)),
            link,
            tracking: mailTracking(shipment, first!.zipCode),
          })),
    }),
  );
  return shipped;
}
