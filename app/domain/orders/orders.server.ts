import { and, count, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import { ConflictError, NotFoundError, ValidationError } from "~/domain/errors.server";
import { containsPattern } from "~/domain/catalogue/products.server";
import type { Language } from "~/lib/i18n";
import { centsToDecimalString } from "~/lib/money";
import { isPaid, PAID_PAYMENT_STATUSES, UNPAID_PAYMENT_STATUSES } from "./payment-state";
import { itemsTotalCents } from "~/lib/order-total";
import { totalMismatchMessage, type CheckoutDetails, type OrderListQuery, type OrderListView } from "~/schemas/checkout";
import { recordLiveEvent } from "~/domain/lives/live-events.server";
import { resolveOrderLines, type OrderLineInput } from "~/domain/catalogue/variants.server";
import { holdEnd } from "~/domain/stock/hold-time";
import {
  canNumberAndHoldWithCommit,
  holdUnits,
  livesPinningProducts,
  noteStockChange,
  numberAndHoldWithCommit,
  OutOfStockError,
  releaseOrderHolds,
  unitsNotTakenAtOnce,
} from "~/domain/stock/holds.server";
import { offerFreedUnits, redeemOffer } from "~/domain/stock/waitlist.server";
import { moveClaimsToOrder, type OrderedClaims } from "~/domain/stock/claim-holds.server";
import { orderAmounts, shopShippingOffers, type OrderAmounts } from "~/domain/shipping/shipping.server";
import {
  getDatabase,
  insideTransaction,
  lockRows,
  preparedRead,
  writeTransaction,
  type AppDatabase,
  type Queryable,
  type Transaction,
} from "~db/client";
import { numberOrder, provisionalOrderNumber } from "~db/order-numbers";
import {
  orderEvents,
  orderItems,
  orders,
  paymentTransactions,
  shops,
  type Order,
  type OrderItem,
  type PaymentTransaction,
  type Shop,
} from "~db/schema";
import { purchaseLabelResource, shippingResource } from "./shipping-fields.server";
import { formatOrderNumber } from "./order-number";
import { fulfillmentResource, orderFulfillment } from "./tracking.server";
import { canViewOrder, type OrderViewer } from "./visibility.server";
import { parcelShipping } from "./parcels.server";

/** Who places an order: this browser's shopper key, the signed-in user, the page's language; `viewer` (who they are to orders) says which parcel they may add it to. */
export type OrderShopper = { shopperKeyHash: string | null; userId: number | null; language: Language; viewer?: OrderViewer };

/** Who an order is placed or edited by, to orders: the caller's viewer, else that shopper key alone. */
function placerOf(shopper: Pick<OrderShopper, "shopperKeyHash" | "viewer">): OrderViewer {
  return shopper.viewer ?? { shopperKeyHash: shopper.shopperKeyHash, user: null, ownedShopId: null };
}

export type NewOrder = CheckoutDetails & {
  items: OrderLineInput[];
  /** The live whose link the order was placed from. */
  liveId?: number | null;
  /** A waitlist offer's link token: the unit held for it becomes this order's. */
  offerToken?: string | null;
  /** A viewer's claims of a live (issue 29): their held units become this order's. */
  claims?: OrderedClaims | null;
};

/**
 * The order columns a checkout sets (creating or editing an order): every detail but the
 * quantity, which is the item's, with the amounts the order domain computed.
 */
function checkoutColumns(input: CheckoutDetails, amounts: OrderAmounts) {
  return {
    fullName: input.fullName,
    companyName: input.companyName,
    email: input.email,
    address: input.address,
    city: input.city,
    state: input.state,
    zipCode: input.zipCode,
    country: input.country,
    phone: input.phone,
    socialNetworkHandle: input.socialNetworkHandle,
    reference: input.reference,
    content: input.content,
    liveReference: input.liveReference,
    totalAmountCents: amounts.totalCents,
    shippingAmountCents: amounts.shipping?.amountCents ?? 0,
    shippingRateId: amounts.shipping?.rateId ?? null,
    shippingMethod: amounts.shipping?.method ?? null,
    shippingParcelId: amounts.shipping?.parcelId ?? null,
  };
}

// Its own module, light enough for parcels.server (which the end-to-end helpers load).
export { formatOrderNumber };

/**
 * Creates an order in a shop: items must be live products (and variants) of that shop, on
 * sale, at their current price; their units are held for the shop's hold time in the same
 * transaction, or the order is refused (409 out_of_stock) and nothing is created. The number
 * is the shop's next one, the shopper identity is recorded. `alongWith` writes in the order's
 * transaction first (the bag's lines leave the bag with the order): its error refuses the order.
 */
export async function createOrder(
  shop: Pick<Shop, "id" | "currency">,
  input: NewOrder,
  shopper: OrderShopper,
  alongWith?: (tx: Transaction) => Promise<void>,
): Promise<Order> {
  // On PostgreSQL the order is first placed with its number and units sent with the COMMIT;
  // when a line had too few units for that (sold out, expired holds to release, a label to
  // renew) it is rolled back and placed again the careful way.
  if (!insideTransaction()) {
    try {
      return await writeOrder(shop, input, shopper, "with commit", alongWith);
    } catch (error) {
      if (!unitsNotTakenAtOnce(error)) throw error;
    }
  }
  return writeOrder(shop, input, shopper, "careful", alongWith);
}

// Every order placed reads them, in its transaction.
const orderSettingsOfShop = preparedRead("order_settings_of_shop", (db) =>
  db
    .select({ holdMinutes: shops.holdMinutes, chargesShipping: shops.chargesShipping, lowStockThreshold: shops.lowStockThreshold })
    .from(shops)
    .where(eq(shops.id, sql.placeholder("shopId")))
    .limit(1),
);

async function writeOrder(
  shop: Pick<Shop, "id" | "currency">,
  input: NewOrder,
  shopper: OrderShopper,
  way: "with commit" | "careful",
  alongWith?: (tx: Transaction) => Promise<void>,
): Promise<Order> {
  const placed = await writeTransaction(async (tx) => {
    if (alongWith) await alongWith(tx);
    // Read before anything is locked (see numberOrder: the shop's row is taken last).
    const [lines, [shopSettings], liveIds] = await Promise.all([
      resolveOrderLines(tx, shop.id, input.items),
      orderSettingsOfShop({ shopId: shop.id }),
      livesPinningProducts(
        tx,
        input.items.map((item) => item.productId),
      ),
    ]);
    const switchedOff: Record<string, string[]> = {};
    // The seller's "out of stock" switch: the product itself is refused, as before stock was counted.
    for (const line of lines) if (!line.product.isInStock) switchedOff[`items.${line.index}.product`] = ["checkout.errors.out_of_stock"];
    if (Object.keys(switchedOff).length > 0) throw new OutOfStockError(switchedOff, true, "checkout.errors.out_of_stock");
    // A catalogue order costs what its items cost (plus shipping), whatever total the client
    // sent. Only a shop that charges shipping reads its rates.
    const chargesShipping = shopSettings!.chargesShipping;
    const now = new Date();
    const [offers, parcel] = await Promise.all([
      chargesShipping ? shopShippingOffers({ id: shop.id, chargesShipping: true }, shopper.language, tx) : null,
      parcelShipping(
        {
          addToParcel: input.addToParcel === true,
          chargesShipping,
          candidate: { ...input, shopId: shop.id, liveId: input.liveId ?? null, placedAt: now },
          viewer: placerOf(shopper),
        },
        tx,
      ),
    ]);
    const amounts = orderAmounts(offers, {
      itemsSubtotalCents: lines.length
        ? itemsTotalCents(lines.map((line) => ({ unitPriceCents: line.unitPriceCents, quantity: line.quantity })))
        : null,
      statedCents: input.totalAmountCents,
      stated: input.amountStated,
      rateId: input.shippingRateId,
      country: input.country,
      language: shopper.language,
      parcel,
    });

    const tracked = lines.filter((line) => line.variant.stock !== null);
    const reservedUntil = tracked.length > 0 ? holdEnd(now, shopSettings!.holdMinutes) : null;
    const holdLines = tracked.map((line) => ({ variantId: line.variant.id, quantity: line.quantity, index: line.index }));
    // Written under a provisional number: nothing is locked until it is numbered.
    const [created] = await tx
      .insert(orders)
      .values({
        shopId: shop.id,
        number: provisionalOrderNumber(tx),
        shopperKeyHash: shopper.shopperKeyHash,
        userId: shopper.userId,
        currency: shop.currency,
        ...checkoutColumns(input, amounts),
        liveId: input.liveId ?? null,
        language: shopper.language,
        reservedUntil,
      })
      .returning();
    let order = created!;
    const rowsOfOrder = () => [
      lines.length > 0
        ? tx.insert(orderItems).values(
            lines.map((line) => ({
              orderId: order.id,
              productId: line.product.id,
              productName: line.product.name,
              variantId: line.variant.id,
              variantName: line.variantName,
              quantity: line.quantity,
              priceCents: line.unitPriceCents,
            })),
          )
        : undefined,
      order.liveId !== null ? recordLiveEvent(tx, order.liveId, "order") : undefined,
      tx
        .insert(orderEvents)
        .values({ orderId: order.id, shopId: shop.id, kind: "created", toValue: "pending", actorUserId: shopper.userId }),
    ];
    if (
      way === "with commit" &&
      !input.offerToken &&
      !input.claims &&
      canNumberAndHoldWithCommit(
        tx,
        holdLines,
        lines.map((line) => line.variant),
        shopSettings!.lowStockThreshold,
      )
    ) {
      // Everything that locks nothing first (the lives' screens told of the units in the same
      // round trip), then the number and the units in one statement sent with the COMMIT.
      await Promise.all([
        ...rowsOfOrder(),
        reservedUntil
          ? noteStockChange(
              tx,
              holdLines.map((l) => l.variantId),
              now,
              { liveIds, labelsUnchanged: true },
            )
          : undefined,
      ]);
      const number = numberAndHoldWithCommit(tx, { shopId: shop.id, orderId: order.id, lines: holdLines, expiresAt: reservedUntil, now });
      return { order, number };
    }
    // The offer's unit is released to this order first (rare: a waitlist mail's link).
    if (reservedUntil && input.offerToken) await redeemOffer(tx, input.offerToken, lines[0]!.variant.id, now);
    // A viewer's claims: their holds are released to this order first, the same way.
    if (input.claims) await moveClaimsToOrder(tx, { ...input.claims, shopId: shop.id, orderId: order.id, heldUntil: reservedUntil, now });
    // One round trip for the rows that lock nothing and the shop's number (its row locked from
    // there to the commit), then one for the units' take and hold: a variant's row is always
    // locked after its shop's, as every stock change does.
    const [number] = await Promise.all([numberOrder(tx, shop.id, order.id), ...rowsOfOrder()]);
    const hold = reservedUntil
      ? await holdUnits(tx, {
          shopId: shop.id,
          orderId: order.id,
          lines: holdLines,
          expiresAt: reservedUntil,
          now,
          shopLocked: true,
          variants: lines.map((line) => line.variant),
          liveIds,
        })
      : undefined;
    order = { ...order, number };
    // Nothing was counted after all (the seller stopped counting this stock meanwhile).
    if (reservedUntil && !hold?.held) {
      await tx.update(orders).set({ reservedUntil: null }).where(eq(orders.id, order.id));
      order = { ...order, reservedUntil: null };
    }
    return { order, number };
  });
  // Sent with the COMMIT: answered once writeTransaction returned.
  return { ...placed.order, number: await placed.number };
}

export type OrderWithItems = Order & { items: OrderItem[]; shopName: string; shopSubdomain: string };

// Every step of a checkout reads its order with its items: one statement (a row per item),
// prepared once (see preparedRead).
const orderWithShopAndItems = (db: AppDatabase) =>
  db
    .select({ order: orders, shopName: shops.name, shopSubdomain: shops.subdomain, item: orderItems })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id));
const orderById = preparedRead("order_by_id", (db) =>
  orderWithShopAndItems(db)
    .where(eq(orders.id, sql.placeholder("orderId")))
    .orderBy(orderItems.id),
);
const shopOrderById = preparedRead("shop_order_by_id", (db) =>
  orderWithShopAndItems(db)
    .where(and(eq(orders.id, sql.placeholder("orderId")), eq(orders.shopId, sql.placeholder("shopId"))))
    .orderBy(orderItems.id),
);

// The checkout's payment and success steps and its card form also read the order's payment.
const shopOrderAndPaymentById = preparedRead("shop_order_and_payment_by_id", (db) =>
  db
    .select({ order: orders, shopName: shops.name, shopSubdomain: shops.subdomain, item: orderItems, payment: paymentTransactions })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .leftJoin(paymentTransactions, eq(paymentTransactions.orderId, orders.id))
    .where(and(eq(orders.id, sql.placeholder("orderId")), eq(orders.shopId, sql.placeholder("shopId"))))
    .orderBy(orderItems.id),
);

type OrderRow = { order: Order; shopName: string; shopSubdomain: string; item: OrderItem | null };

function visibleOrderOf(rows: OrderRow[], viewer: OrderViewer): OrderWithItems {
  const [row] = rows;
  if (!row || !canViewOrder(row.order, viewer)) throw new NotFoundError("orders.not_found");
  const items = rows.flatMap((r) => (r.item ? [r.item] : []));
  return { ...row.order, items, shopName: row.shopName, shopSubdomain: row.shopSubdomain };
}

/** One order with its items, if the viewer may see it; NotFound otherwise (no hint it exists). */
export async function getVisibleOrder(orderId: number, viewer: OrderViewer, shopId?: number): Promise<OrderWithItems> {
  return visibleOrderOf(shopId === undefined ? await orderById({ orderId }) : await shopOrderById({ orderId, shopId }), viewer);
}

/** `getVisibleOrder` in a shop, with the order's payment (undefined when none was started): one statement. */
export async function getVisibleOrderAndPayment(
  orderId: number,
  viewer: OrderViewer,
  shopId: number,
): Promise<{ order: OrderWithItems; payment: PaymentTransaction | undefined }> {
  const rows = await shopOrderAndPaymentById({ orderId, shopId });
  return { order: visibleOrderOf(rows, viewer), payment: rows[0]?.payment ?? undefined };
}

/** A shop's shopper's orders: what canViewOrder lets that viewer see in the shop. */
export function shopperScope(shopId: number, viewer: OrderViewer): OrderScope {
  const emails = viewer.provenEmails?.shopId === shopId ? viewer.provenEmails.emails : [];
  return { kind: "shopper", shopId, shopperKeyHash: viewer.shopperKeyHash, user: viewer.user, emails };
}

/** Which orders a list shows. */
export type OrderScope =
  | { kind: "seller"; shopId: number }
  | { kind: "shopper"; shopId: number; shopperKeyHash: string | null; user: OrderViewer["user"]; emails?: string[] }
  /** A live's orders, on its board and in its export (the seller's). */
  | { kind: "live"; shopId: number; liveId: number }
  | { kind: "client"; user: NonNullable<OrderViewer["user"]> };

/** A shopper scope with nothing to recognise the shopper by: no order can be theirs (lists skip the query). */
function ownsNothing(scope: OrderScope): boolean {
  return scope.kind === "shopper" && !scope.shopperKeyHash && !scope.user && !scope.emails?.length;
}

function scopeFilter(scope: OrderScope): SQL | undefined {
  const byUser = (user: NonNullable<OrderViewer["user"]>) =>
    user.isVerified ? or(eq(orders.userId, user.id), eq(orders.email, user.email.toLowerCase())) : eq(orders.userId, user.id);
  switch (scope.kind) {
    case "seller":
      return eq(orders.shopId, scope.shopId);
    case "shopper": {
      if (ownsNothing(scope)) return sql`0 = 1`;
      const mine = [
        scope.shopperKeyHash ? eq(orders.shopperKeyHash, scope.shopperKeyHash) : undefined,
        scope.user ? byUser(scope.user) : undefined,
        scope.emails?.length ? inArray(orders.email, scope.emails) : undefined,
      ];
      return and(eq(orders.shopId, scope.shopId), or(...mine));
    }
    case "client":
      return byUser(scope.user);
    case "live":
      return and(eq(orders.shopId, scope.shopId), eq(orders.liveId, scope.liveId));
  }
}

/**
 * The one rule for which orders a list shows when `view` is not given: a seller's lists show
 * paid orders (open checkouts are their own view); a shopper or client sees all their own
 * purchases; an explicit payment_status filter is taken as asked (the spec's prefill reads
 * `payment_status=succeeded`).
 */
export function listViewOf(scope: Pick<OrderScope, "kind">, query: Pick<OrderListQuery, "view" | "payment_status">): OrderListView {
  if (query.view) return query.view;
  if (query.payment_status) return "all";
  return scope.kind === "seller" ? "orders" : "all";
}

function viewFilter(view: OrderListView): SQL | undefined {
  if (view === "orders") return inArray(orders.paymentStatus, [...PAID_PAYMENT_STATUSES]);
  if (view === "checkouts") return inArray(orders.paymentStatus, [...UNPAID_PAYMENT_STATUSES]);
  return undefined;
}

type OrderFilterQuery = Partial<Omit<OrderListQuery, "page" | "page_size">>;

function listFilter(scope: OrderScope, query: OrderFilterQuery): SQL | undefined {
  const filters: (SQL | undefined)[] = [scopeFilter(scope), viewFilter(listViewOf(scope, query))];
  if (query.status) filters.push(eq(orders.status, query.status));
  if (query.payment_status) filters.push(eq(orders.paymentStatus, query.payment_status));
  if (query.search) {
    const pattern = containsPattern(query.search);
    const digits = query.search.replace(/^#/, "");
    filters.push(
      or(
        /^\d{1,9}$/.test(digits) ? eq(orders.number, Number(digits)) : undefined,
        sql`lower(${orders.fullName}) like ${pattern} escape '\\'`,
        sql`lower(${orders.email}) like ${pattern} escape '\\'`,
        sql`lower(${orders.reference}) like ${pattern} escape '\\'`,
        sql`lower(${orders.liveReference}) like ${pattern} escape '\\'`,
      ),
    );
  }
  return and(...filters);
}

/**
 * How many orders a list shows: the list headings, the view tabs and the dashboard's
 * orders tile all count through here, so they cannot disagree.
 */
export async function countOrders(scope: OrderScope, query: OrderFilterQuery): Promise<number> {
  if (ownsNothing(scope)) return 0;
  const [total] = await getDatabase().select({ n: count() }).from(orders).where(listFilter(scope, query));
  return total?.n ?? 0;
}

/** A page of orders, newest first, with the total count (for `{results, count, next, previous}`). */
export async function listOrders(scope: OrderScope, query: OrderListQuery): Promise<{ items: OrderWithItems[]; count: number }> {
  if (ownsNothing(scope)) return { items: [], count: 0 };
  const db = getDatabase();
  const where = listFilter(scope, query);
  const rows = await db
    .select({ order: orders, shopName: shops.name, shopSubdomain: shops.subdomain })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  // Items of the whole page in one query (no N+1).
  const ids = rows.map((r) => r.order.id);
  const items = ids.length ? await db.select().from(orderItems).where(inArray(orderItems.orderId, ids)) : [];
  const byOrder = new Map<number, OrderItem[]>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  return {
    items: rows.map((r) => ({ ...r.order, items: byOrder.get(r.order.id) ?? [], shopName: r.shopName, shopSubdomain: r.shopSubdomain })),
    // A first page that is not full is the whole list: no need to count it.
    count: query.page === 1 && rows.length < query.page_size ? rows.length : await countOrders(scope, query),
  };
}

/** The API's order (spec section 3). */
export function orderResource(order: OrderWithItems) {
  return {
    id: order.id,
    order_number: formatOrderNumber(order.number),
    status: order.status,
    payment_status: order.paymentStatus,
    total_amount: centsToDecimalString(order.totalAmountCents),
    // What the shopper pays is the subtotal plus shipping (0 when shipping is included in prices).
    subtotal_amount: centsToDecimalString(order.totalAmountCents - order.shippingAmountCents),
    shipping_amount: centsToDecimalString(order.shippingAmountCents),
    // Added to the shopper's open parcel at checkout: no rate (id null), the parcel it shares.
    shipping_method:
      order.shippingMethod === null ? null : { id: order.shippingRateId, name: order.shippingMethod, parcel_id: order.shippingParcelId },
    currency: order.currency,
    created_at: order.createdAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
    // Until when the order's units are held for its shopper; null once paid or cancelled, or
    // when nothing of it is counted in stock.
    reserved_until: isPaid(order.paymentStatus) || order.status === "cancelled" ? null : (order.reservedUntil?.toISOString() ?? null),
    ...purchaseLabelResource(order),
    ...shippingResource(order),
    shop: { name: order.shopName, subdomain: order.shopSubdomain },
    // The parcel it is packed in once paid (docs/orders-and-payments.md, "Parcels"), and how it left.
    parcel_id: order.parcelId,
    fulfillment: fulfillmentResource(orderFulfillment(order)),
    items: order.items.map((item) => ({
      id: item.id,
      product: { id: item.productId, name: item.productName },
      // The option chosen ("M / Blue"); null for a product without options.
      variant: item.variantName ? { id: item.variantId, name: item.variantName } : null,
      quantity: item.quantity,
      price: centsToDecimalString(item.priceCents),
    })),
  };
}

/** The shipping fields of the shopper's latest paid order in this shop (for the prefill offer). */
export async function lastPaidShippingInfo(shopId: number, viewer: OrderViewer) {
  const scope = shopperScope(shopId, viewer);
  const { items } = await listOrders(scope, {
    page: 1,
    page_size: 1,
    payment_status: "succeeded",
    view: undefined,
    status: undefined,
    search: undefined,
  });
  const [latest] = items;
  return latest ? shippingResource(latest) : null;
}

/** Whether the shopper may still change an order: not paid, no payment under way, not cancelled. */
export function assertOrderEditable(order: Pick<Order, "status" | "paymentStatus">): void {
  if (isPaid(order.paymentStatus) || order.status === "cancelled") {
    throw new ConflictError("payments.errors.already_paid");
  }
  if (order.paymentStatus === "processing") throw new ConflictError("payments.errors.in_progress");
}

/**
 * An edited catalogue order keeps its products and their prices; a one-item order may
 * change its quantity, and the total must follow. Returns that new quantity (null when
 * the quantity does not change or the order has no item).
 */
export function checkRevisedTotal(
  items: Pick<OrderItem, "priceCents" | "quantity">[],
  input: Pick<CheckoutDetails, "totalAmountCents" | "quantity">,
): number | null {
  if (!items.length) return null;
  const quantity = items.length === 1 && input.quantity !== undefined ? input.quantity : null;
  const expected = itemsTotalCents(items.map((item) => ({ unitPriceCents: item.priceCents, quantity: quantity ?? item.quantity })));
  if (input.totalAmountCents !== expected) {
    throw new ValidationError(
      "purchase.errors.total_amount_mismatch",
      { total_amount: [totalMismatchMessage(expected)] },
      { total: centsToDecimalString(expected) },
    );
  }
  return quantity;
}

/**
 * An unpaid order's amounts after the shopper's edit (a new quantity, country or rate),
 * refused as a new order's are; with the item's new quantity (null: unchanged, or no item).
 */
export async function revisedOrderAmounts(
  current: Pick<Order, "shopId" | "language" | "liveId" | "createdAt" | "shopperKeyHash"> & {
    items: Pick<OrderItem, "priceCents" | "quantity">[];
  },
  input: CheckoutDetails,
  viewer: OrderViewer = placerOf(current),
  db: Queryable = getDatabase(),
): Promise<OrderAmounts & { quantity: number | null }> {
  const quantity = checkRevisedTotal(current.items, input);
  const [shop] = await db
    .select({ id: shops.id, chargesShipping: shops.chargesShipping })
    .from(shops)
    .where(eq(shops.id, current.shopId))
    .limit(1);
  const chargesShipping = shop?.chargesShipping ?? false;
  const [offers, parcel] = await Promise.all([
    shop && chargesShipping ? shopShippingOffers(shop, current.language, db) : null,
    // The order keeps the time and live it was placed with: the parcel rule counts from them.
    parcelShipping(
      {
        addToParcel: input.addToParcel === true,
        chargesShipping,
        candidate: { ...input, shopId: current.shopId, liveId: current.liveId, placedAt: current.createdAt },
        viewer,
      },
      db,
    ),
  ]);
  const amounts = orderAmounts(offers, {
    itemsSubtotalCents: current.items.length
      ? itemsTotalCents(current.items.map((item) => ({ unitPriceCents: item.priceCents, quantity: quantity ?? item.quantity })))
      : null,
    statedCents: input.totalAmountCents,
    stated: input.amountStated,
    rateId: input.shippingRateId,
    country: input.country,
    language: current.language,
    parcel,
  });
  return { ...amounts, quantity };
}

/**
 * Writes the shopper's edited checkout fields, unless a payment landed since the caller
 * checked. A new quantity moves the order's held units with it, in the same transaction:
 * the old hold goes back and the new quantity is taken for a fresh hold time, or the edit is
 * refused (409 out_of_stock, "Only 2 left") and nothing changes.
 */
export async function updateUnpaidOrder(orderId: number, input: CheckoutDetails, viewer?: OrderViewer): Promise<Order> {
  const now = new Date();
  let fewer: number | null = null;
  const order = await writeTransaction(async (tx) => {
    // A payment landing meanwhile writes this row (PostgreSQL): read after it, the edit is refused.
    await lockRows(tx, orders, eq(orders.id, orderId), "no key update");
    const [current] = await tx.select().from(orders).where(eq(orders.id, orderId)).limit(1);
    if (!current) throw new NotFoundError("orders.not_found");
    assertOrderEditable(current);
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    const { quantity, ...amounts } = await revisedOrderAmounts({ ...current, items }, input, viewer ?? placerOf(current), tx);
    const [only] = items;
    let reservedUntil = current.reservedUntil;
    if (only && quantity !== null && quantity !== only.quantity) {
      await tx.update(orderItems).set({ quantity }).where(eq(orderItems.id, only.id));
      if (only.variantId !== null) {
        const [shop] = await tx.select({ holdMinutes: shops.holdMinutes }).from(shops).where(eq(shops.id, current.shopId)).limit(1);
        await releaseOrderHolds(tx, orderId, now);
        const until = holdEnd(now, shop!.holdMinutes);
        const { held } = await holdUnits(tx, {
          shopId: current.shopId,
          orderId,
          lines: [{ variantId: only.variantId, quantity, index: 0 }],
          expiresAt: until,
          now,
        });
        if (held) reservedUntil = until;
        if (quantity < only.quantity) fewer = only.variantId;
      }
    }
    const [updated] = await tx
      .update(orders)
      .set({ ...checkoutColumns(input, amounts), reservedUntil, updatedAt: now })
      .where(eq(orders.id, orderId))
      .returning();
    return updated!;
  });
  // Units given back go to the first shopper waiting for them.
  if (fewer !== null) await offerFreedUnits([fewer], now);
  return order;
}
