import { and, asc, between, countDistinct, desc, eq, inArray, isNull, ne, or } from "drizzle-orm";
import { NotFoundError, ValidationError } from "~/domain/errors.server";
import type { ParcelShipping } from "~/domain/shipping/shipping.server";
import { lockKey, type Queryable, type Transaction } from "~db/client";
import { lives, orderItems, orders, parcels, productVariants, shops, type Order, type Parcel } from "~db/schema";
import { getDatabase } from "~db/client";
import { PAID_PAYMENT_STATUSES } from "./payment-state";
import { formatOrderNumber } from "./order-number";
import { canEditOrder, type OrderViewer } from "./visibility.server";

/**
 * Parcels (issue 28, "one parcel per live"). A parcel is a row of `parcels`, assigned to an
 * order when it is paid (`joinParcel`, in the payment's transaction): the order joins the open
 * parcel of the same shop, shopper email and address that was opened by an order of the same
 * live, or whose first order was placed within the shop's window (`parcel_window_hours`,
 * default 24) of this one; otherwise it opens a parcel of its own. A parcel is open until it
 * is shipped. An order cancelled, or shipped on its own while others of its parcel wait,
 * leaves the parcel; the last one shipped closes it.
 */

/** Orders still to pack: paid (they joined when paid) and neither shipped nor cancelled. */
export const UNSHIPPED_STATUSES = ["pending", "processing"] as const satisfies readonly Order["status"][];

type Address = Pick<Order, "address" | "city" | "state" | "zipCode" | "country">;

/** One address, however it was typed: lower case, single spaces, no spaces in the postcode. */
export function addressKey(address: Address): string {
  const clean = (text: string) => text.trim().toLowerCase().replace(/\s+/g, " ");
  return [
    clean(address.address),
    clean(address.city),
    clean(address.state),
    address.zipCode.replace(/\s+/g, "").toLowerCase(),
    clean(address.country),
  ].join("|");
}

/** What decides the parcel an order goes in. */
export type ParcelCandidate = Address & Pick<Order, "shopId" | "email" | "liveId"> & { placedAt: Date };

/**
 * The open parcel an order with these details would join, or null (it would open one). The
 * seam for the checkout's "Add to my parcel: no second shipping fee" (the shipping amounts
 * are the shipping rates' part): the same rule `joinParcel` applies when the order is paid.
 */
export async function openParcelFor(candidate: ParcelCandidate, db: Queryable = getDatabase()): Promise<Parcel | null> {
  // The shopper's open parcels at this address, newest first, each with its shop's window:
  // one read (a shopper has a few at most), and none of the shop's when there is no parcel.
  const open = await db
    .select({ parcel: parcels, windowHours: shops.parcelWindowHours })
    .from(parcels)
    .innerJoin(shops, eq(shops.id, parcels.shopId))
    .where(
      and(
        eq(parcels.shopId, candidate.shopId),
        eq(parcels.email, candidate.email.toLowerCase()),
        eq(parcels.addressKey, addressKey(candidate)),
        isNull(parcels.shippedAt),
      ),
    )
    .orderBy(desc(parcels.id));
  const placed = candidate.placedAt.getTime();
  const found = open.find(({ parcel, windowHours }) => {
    if (candidate.liveId !== null && parcel.liveId === candidate.liveId) return true;
    const window = windowHours * 3_600_000;
    const first = parcel.firstOrderAt.getTime();
    return first >= placed - window && first <= placed + window;
  });
  return found?.parcel ?? null;
}

/** Who may add an order to a parcel: whoever placed one of its orders (or proved its email), nobody else. */
/** An order that waits in its parcel: paid, not shipped yet (every parcel query's condition). */
const awaitingShipment = () =>
  and(inArray(orders.status, [...UNSHIPPED_STATUSES]), inArray(orders.paymentStatus, [...PAID_PAYMENT_STATUSES]));

const ownerColumns = { shopId: orders.shopId, shopperKeyHash: orders.shopperKeyHash, userId: orders.userId, email: orders.email };

/** The orders of open parcels this viewer placed (or whose email they proved), in one shop: what may be offered. */
function viewerOrdersFilter(viewer: OrderViewer, shopId: number) {
  const emails = viewer.provenEmails?.shopId === shopId ? viewer.provenEmails.emails : [];
  const mine = [
    viewer.shopperKeyHash ? eq(orders.shopperKeyHash, viewer.shopperKeyHash) : undefined,
    viewer.user ? eq(orders.userId, viewer.user.id) : undefined,
    viewer.user?.isVerified ? eq(orders.email, viewer.user.email.toLowerCase()) : undefined,
    emails.length ? inArray(orders.email, emails) : undefined,
  ].filter((condition) => condition !== undefined);
  return mine.length ? or(...mine) : undefined;
}

/** "Add to my parcel" as the shipping step offers it: where the parcel goes, and whether it is this live's. */
export type ParcelOffer = Pick<Order, "email" | "address" | "city" | "zipCode" | "country"> & { parcelId: number; thisLive: boolean };

/**
 * The open parcel the shipping step offers to add a new order to, before any detail is typed:
 * one holding a paid, unshipped order this viewer placed (this browser, their account, or an
 * email proved with a code), that an order placed now (from this live) would join. Never on an
 * email and address alone: that would tell anyone who knows them that the shopper bought here.
 * The order placed must then have that parcel's email and address (`parcelShipping`).
 */
export async function offeredParcel(
  shop: { id: number; parcelWindowHours: number },
  viewer: OrderViewer,
  liveId: number | null,
  now = new Date(),
  db: Queryable = getDatabase(),
): Promise<ParcelOffer | null> {
  const shopId = shop.id;
  // A first visit (no shopper cookie, nobody signed in) has no parcel: no query.
  const mine = viewerOrdersFilter(viewer, shopId);
  if (!mine) return null;
  const window = shop.parcelWindowHours * 3_600_000;
  const rows = await db
    .select({
      order: { ...ownerColumns, address: orders.address, city: orders.city, zipCode: orders.zipCode, country: orders.country },
      parcel: parcels,
    })
    .from(orders)
    .innerJoin(parcels, eq(parcels.id, orders.parcelId))
    .where(
      and(
        eq(orders.shopId, shopId),
        isNull(parcels.shippedAt),
        awaitingShipment(),
        or(
          liveId !== null ? eq(parcels.liveId, liveId) : undefined,
          between(parcels.firstOrderAt, new Date(now.getTime() - window), new Date(now.getTime() + window)),
        ),
        mine,
      ),
    )
    .orderBy(desc(parcels.id), desc(orders.id))
    .limit(5);
  const row = rows.find(({ order }) => canEditOrder(order, viewer));
  if (!row) return null;
  const { order, parcel } = row;
  return {
    parcelId: parcel.id,
    thisLive: liveId !== null && parcel.liveId === liveId,
    email: order.email,
    address: order.address,
    city: order.city,
    zipCode: order.zipCode,
    country: order.country,
  };
}

/**
 * The one rule of "Add to my parcel: no second shipping fee", for the checkout's screen, the
 * bag's checkout and the API: an order that asks for it goes in the open parcel its email,
 * address and live (or time) match (`openParcelFor`, the rule `joinParcel` applies once it is
 * paid), provided this viewer placed an order of that parcel (or proved its email), and the
 * shop charges shipping (else there is no fee to save). Anything else is refused (400 on
 * `shipping_rate`, the same message whether or not a parcel exists), nothing stored. Null when
 * the order does not ask for it.
 */
export async function parcelShipping(
  request: { addToParcel: boolean; chargesShipping: boolean; candidate: ParcelCandidate; viewer: OrderViewer },
  db: Queryable = getDatabase(),
): Promise<ParcelShipping | null> {
  if (!request.addToParcel) return null;
  const parcel = request.chargesShipping ? await openParcelFor(request.candidate, db) : null;
  const owners = parcel
    ? await db
        .select(ownerColumns)
        .from(orders)
        .where(and(eq(orders.parcelId, parcel.id), awaitingShipment()))
    : [];
  if (!parcel || !owners.some((order) => canEditOrder(order, request.viewer))) {
    throw new ValidationError("shipping.errors.parcel_unavailable", { shipping_rate: ["shipping.errors.parcel_unavailable"] });
  }
  return { parcelId: parcel.id };
}

/**
 * Puts a newly paid order in its parcel (inside the payment's write transaction): the parcel
 * it was added to at checkout while that is still open, else the open parcel it matches, or a
 * new one. Two payments of one shopper at once take turns (a lock per shop and email on
 * PostgreSQL; SQLite's one writer already does), so they share a parcel.
 */
export async function joinParcel(tx: Transaction, order: Order): Promise<number | null> {
  if (order.parcelId !== null || order.status === "cancelled") return order.parcelId;
  const email = order.email.toLowerCase();
  await lockShopperParcels(tx, order.shopId, email);
  const [chosen] =
    order.shippingParcelId !== null
      ? await tx
          .select({ id: parcels.id })
          .from(parcels)
          .where(and(eq(parcels.id, order.shippingParcelId), eq(parcels.shopId, order.shopId), isNull(parcels.shippedAt)))
          .limit(1)
      : [];
  const open = chosen ?? (await openParcelFor({ ...order, placedAt: order.createdAt }, tx));
  let parcelId = open?.id;
  if (parcelId === undefined) {
    const [created] = await tx
      .insert(parcels)
      .values({ shopId: order.shopId, email, addressKey: addressKey(order), liveId: order.liveId, firstOrderAt: order.createdAt })
      .returning({ id: parcels.id });
    parcelId = created!.id;
  }
  await tx.update(orders).set({ parcelId }).where(eq(orders.id, order.id));
  return parcelId;
}

/**
 * A shopper's parcels in a shop change one at a time (PostgreSQL; SQLite's one writer already
 * does): an order joining one, leaving it, the parcel shipped. Taken before the parcel's row.
 */
export async function lockShopperParcels(tx: Transaction, shopId: number, email: string): Promise<void> {
  await lockKey(tx, `parcel:${shopId}:${email.toLowerCase()}`);
}

/**
 * An order of a parcel shipped on its own or cancelled: it leaves the parcel while others of
 * it still wait; the last one shipped closes the parcel (and keeps it). Two of its orders
 * shipped at once take turns (each saw the other waiting: both left, the parcel stayed open).
 */
export async function leaveParcel(tx: Transaction, order: Pick<Order, "id" | "parcelId">, reason: "shipped" | "cancelled", now: Date) {
  if (order.parcelId === null) return;
  const [parcel] = await tx
    .select({ shopId: parcels.shopId, email: parcels.email })
    .from(parcels)
    .where(eq(parcels.id, order.parcelId))
    .limit(1);
  if (parcel) await lockShopperParcels(tx, parcel.shopId, parcel.email);
  const [waiting] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.parcelId, order.parcelId), ne(orders.id, order.id), inArray(orders.status, [...UNSHIPPED_STATUSES])))
    .limit(1);
  if (reason === "shipped" && !waiting) await tx.update(parcels).set({ shippedAt: now }).where(eq(parcels.id, order.parcelId));
  else await tx.update(orders).set({ parcelId: null }).where(eq(orders.id, order.id));
}

/** One line of a packing list: a product (and variant) with its quantity across the parcel's orders. */
export type PackingLine = { key: string; name: string; variantName: string; sku: string; quantity: number; orderNumbers: string[] };

/** An open parcel on the seller's screen: who, where, which orders, and what goes in it. */
export type ParcelView = Address &
  Pick<Order, "email" | "fullName" | "companyName" | "phone"> & {
    id: number;
    liveTitle: string | null;
    firstOrderAt: string;
    orders: { id: number; number: string; createdAt: string; status: Order["status"]; totalCents: number; currency: string }[];
    lines: PackingLine[];
  };

/** At most this many orders on the parcels screen (oldest parcels first): the rest come once these are shipped. */
const OPEN_PARCEL_ORDERS = 300;

async function parcelViews(shopId: number, parcelId?: number): Promise<ParcelView[]> {
  const db = getDatabase();
  const rows = await db
    .select({ order: orders, parcel: parcels, liveTitle: lives.title })
    .from(orders)
    .innerJoin(parcels, eq(parcels.id, orders.parcelId))
    .leftJoin(lives, eq(lives.id, parcels.liveId))
    .where(
      and(
        eq(orders.shopId, shopId),
        parcelId !== undefined ? eq(parcels.id, parcelId) : undefined,
        isNull(parcels.shippedAt),
        awaitingShipment(),
      ),
    )
    .orderBy(asc(parcels.firstOrderAt), asc(parcels.id), asc(orders.createdAt), asc(orders.id))
    .limit(OPEN_PARCEL_ORDERS);
  const ids = rows.map((row) => row.order.id);
  const items = ids.length
    ? await db
        .select({ item: orderItems, sku: productVariants.sku })
        .from(orderItems)
        .leftJoin(productVariants, eq(productVariants.id, orderItems.variantId))
        .where(inArray(orderItems.orderId, ids))
        .orderBy(asc(orderItems.id))
    : [];
  const views = new Map<number, ParcelView>();
  for (const { order, parcel, liveTitle } of rows) {
    let view = views.get(parcel.id);
    if (!view) {
      // The latest order's details: they all share the email and the address.
      view = {
        id: parcel.id,
        email: order.email,
        fullName: order.fullName,
        companyName: order.companyName,
        address: order.address,
        city: order.city,
        state: order.state,
        zipCode: order.zipCode,
        country: order.country,
        phone: order.phone,
        liveTitle,
        firstOrderAt: parcel.firstOrderAt.toISOString(),
        orders: [],
        lines: [],
      };
      views.set(parcel.id, view);
    }
    const number = formatOrderNumber(order.number);
    view.orders.push({
      id: order.id,
      number,
      createdAt: order.createdAt.toISOString(),
      status: order.status,
      totalCents: order.totalAmountCents,
      currency: order.currency,
    });
    const orderLines = items.filter(({ item }) => item.orderId === order.id);
    // A live purchase has no product line: what the shopper said they bought stands for it.
    if (orderLines.length === 0) {
      const said = [order.reference, order.content, order.liveReference].filter(Boolean).join(" · ");
      view.lines.push({ key: `order-${order.id}`, name: said, variantName: "", sku: "", quantity: 1, orderNumbers: [number] });
    }
    for (const { item, sku } of orderLines) {
      const key = item.variantId !== null ? `variant-${item.variantId}` : `item-${item.id}`;
      const line = view.lines.find((l) => l.key === key);
      if (line) {
        line.quantity += item.quantity;
        if (!line.orderNumbers.includes(number)) line.orderNumbers.push(number);
      } else {
        view.lines.push({
          key,
          name: item.productName,
          variantName: item.variantName,
          sku: sku ?? "",
          quantity: item.quantity,
          orderNumbers: [number],
        });
      }
    }
    Object.assign(view, { fullName: order.fullName, phone: order.phone, companyName: order.companyName });
  }
  return [...views].map(([, view]) => view);
}

/** How many parcels the shop has to ship (the orders screen's "To ship" tab). */
export async function countOpenParcels(shopId: number): Promise<number> {
  const [row] = await getDatabase()
    .select({ n: countDistinct(orders.parcelId) })
    .from(orders)
    .innerJoin(parcels, eq(parcels.id, orders.parcelId))
    .where(and(eq(orders.shopId, shopId), isNull(parcels.shippedAt), awaitingShipment()));
  return row?.n ?? 0;
}

/** The shop's parcels still to ship, oldest first, each with its orders and packing list. */
export function openParcels(shopId: number): Promise<ParcelView[]> {
  return parcelViews(shopId);
}

/** One open parcel of the shop (its packing list page); NotFound once shipped or when it is another shop's. */
export async function openParcel(parcelId: number, shopId: number): Promise<ParcelView> {
  const [view] = await parcelViews(shopId, parcelId);
  if (!view) throw new NotFoundError("parcels.not_found");
  return view;
}
