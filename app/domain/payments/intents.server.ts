import crypto from "node:crypto";
import { recordLiveEvent } from "~/domain/lives/live-events.server";
import { and, eq, sql } from "drizzle-orm";
import { ConflictError, NotFoundError, ValidationError } from "~/domain/errors.server";
import { sendOrderPaidMails } from "~/domain/orders/order-mails.server";
import { getVisibleOrder, type OrderWithItems } from "~/domain/orders/orders.server";
import { joinParcel, leaveParcel } from "~/domain/orders/parcels.server";
import { ensureOrderHeld, SaleRaced, sellOrderUnits } from "~/domain/stock/holds.server";
import { canMovePayment, isPaid } from "~/domain/orders/payment-state";
import type { OrderViewer } from "~/domain/orders/visibility.server";
import { computeFees } from "~/lib/fees";
import { centsToDecimalString } from "~/lib/money";
import {
  columnValue,
  getDatabase,
  insideTransaction,
  lockRows,
  preparedRead,
  preparedWrite,
  writeAlone,
  writeTransaction,
} from "~db/client";
import { orderEvents, orderItems, orders, paymentTransactions, type OrderItem, type PaymentTransaction } from "~db/schema";
import { shopPaymentAccount } from "./accounts.server";
import { recordProviderEvent } from "./event-log.server";
import { refundOrder } from "./refunds.server";
import { idempotencyKey } from "./idempotency.server";
import { providerFailure, ProviderRequestError, type ProviderIntent } from "./provider.server";
import { getPaymentProvider, withProvider } from "./provider-registry.server";

// An order's payment: its intent at the provider and our transaction row, which only moves forward.

// The payment and success steps read it on every page.
const transactionOfOrder = preparedRead("transaction_of_order", (db) =>
  db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.orderId, sql.placeholder("orderId")))
    .limit(1),
);

// Every payment that moves reads them (the card step, webhooks), in its transaction.
const transactionById = preparedRead("transaction_by_id", (db) =>
  db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.id, sql.placeholder("transactionId")))
    .limit(1),
);
const itemsOfOrder = preparedRead("items_of_order", (db) =>
  db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, sql.placeholder("orderId"))),
);

// The writes of a payment that moves: built once (their whole rows come back).
const moveTransaction = preparedWrite("move_transaction", (db) =>
  db
    .update(paymentTransactions)
    .set({
      status: columnValue(paymentTransactions.status, "status"),
      failureMessage: columnValue(paymentTransactions.failureMessage, "failureMessage"),
      updatedAt: columnValue(paymentTransactions.updatedAt, "now"),
    })
    .where(and(eq(paymentTransactions.id, sql.placeholder("id")), eq(paymentTransactions.status, sql.placeholder("from"))))
    .returning(),
);
const moveOrderPayment = preparedWrite("move_order_payment", (db) =>
  db
    .update(orders)
    .set({ paymentStatus: columnValue(orders.paymentStatus, "paymentStatus"), updatedAt: columnValue(orders.updatedAt, "now") })
    .where(eq(orders.id, sql.placeholder("orderId")))
    .returning(),
);
const markOrderPaid = preparedWrite("mark_order_paid", (db) =>
  db
    .update(orders)
    .set({
      paymentStatus: columnValue(orders.paymentStatus, "paymentStatus"),
      paidAt: columnValue(orders.paidAt, "now"),
      updatedAt: columnValue(orders.updatedAt, "now"),
    })
    .where(eq(orders.id, sql.placeholder("orderId")))
    .returning(),
);

/** The transaction of an order, if a payment was started. */
export async function findOrderTransaction(orderId: number): Promise<PaymentTransaction | undefined> {
  const [txn] = await transactionOfOrder({ orderId });
  return txn;
}

/** Our transaction of a provider's intent on a connected account. */
export async function transactionForIntent(accountId: string, intentId: string): Promise<PaymentTransaction | undefined> {
  const [txn] = await getDatabase()
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.providerPaymentId, intentId), eq(paymentTransactions.providerAccountId, accountId)))
    .limit(1);
  return txn;
}

/** An order its caller has just placed and read (see `placeOrder`): its payment was never started. */
export type PlacedOrder = { order: OrderWithItems };

export type PaymentIntentResource = {
  client_secret: string;
  transaction_id: string;
  amount: string;
  currency: string;
  provider: string;
  test_mode: boolean;
  status: string;
  stripe_account: string;
};

function intentResource(txn: PaymentTransaction): PaymentIntentResource {
  const payments = getPaymentProvider();
  return {
    client_secret: txn.clientSecret ?? "",
    transaction_id: txn.id,
    amount: centsToDecimalString(txn.amountCents),
    currency: txn.currency,
    provider: txn.provider,
    test_mode: payments.testMode,
    status: txn.status,
    stripe_account: txn.providerAccountId,
  };
}

/**
 * Starts (or resumes) the payment of an order: one intent per order on the seller's
 * connected account, with the platform fee incl. VAT as application fee.
 */
export async function startPayment(
  orderOrId: number | PlacedOrder,
  viewer: OrderViewer,
  providerSlug: string,
  shopId?: number,
): Promise<PaymentIntentResource> {
  const placed = typeof orderOrId === "number" ? null : orderOrId;
  const order = typeof orderOrId === "number" ? await getVisibleOrder(orderOrId, viewer, shopId) : orderOrId.order;
  const payments = getPaymentProvider();
  if (providerSlug !== payments.slug)
    throw new ValidationError("errors.validation", { provider_slug: ["payments.errors.unknown_provider"] });
  if (isPaid(order.paymentStatus)) throw new ConflictError("payments.errors.already_paid");
  if (order.status === "cancelled") throw new ConflictError("payments.errors.order_cancelled");
  const account = await shopPaymentAccount(order.shopId);
  if (!account.canReceivePayments || !account.accountId) throw new ConflictError("payments.errors.cannot_receive");

  // Its units must still be the shopper's (or be taken again): never a charge for nothing.
  // Only an order whose hold has ended needs a look (nothing releases a running hold of an
  // order that is not cancelled; an order that held nothing has nothing counted).
  const now = new Date();
  if (order.reservedUntil && order.reservedUntil <= now) await writeTransaction((tx) => ensureOrderHeld(tx, order.id, now));
  // An order placed by this request has no payment yet (its id was never given out).
  const existing = placed ? undefined : await findOrderTransaction(order.id);
  if (existing && existing.status !== "canceled") return intentResource(existing);

  const attempt = existing ? `-${crypto.randomBytes(4).toString("hex")}` : "";
  const intent = await withProvider(
    async () =>
      payments.createPaymentIntent({
        accountId: account.accountId!,
        amountCents: order.totalAmountCents,
        currency: order.currency,
        applicationFeeCents: computeFees(order.totalAmountCents).platformFeeTtcCents,
        idempotencyKey: await idempotencyKey(`order-${order.id}-payment${attempt}`),
        metadata: { order_id: String(order.id), shop_id: String(order.shopId), order_number: String(order.number) },
      }),
    "payments.errors.intent_failed",
  );
  const values = {
    id: `txn_${crypto.randomBytes(12).toString("hex")}`,
    orderId: order.id,
    shopId: order.shopId,
    provider: payments.slug,
    providerAccountId: account.accountId,
    providerPaymentId: intent.id,
    clientSecret: intent.clientSecret,
    amountCents: intent.amountCents,
    applicationFeeCents: computeFees(order.totalAmountCents).platformFeeTtcCents,
    currency: order.currency,
    status: "pending" as const,
  };
  // The first payment of an order: one statement (a concurrent call's row stays, and the
  // careful way below hands it out).
  const [first] = existing
    ? []
    : await writeAlone((tx) =>
        tx.insert(paymentTransactions).values(values).onConflictDoNothing({ target: paymentTransactions.orderId }).returning(),
      );
  if (first) return intentResource(first);
  const txn = await writeTransaction(async (tx) => {
    // Calls restarting a cancelled payment at once take turns (PostgreSQL): each wrote its own
    // new intent over the others', and one the shopper paid was then nobody's payment.
    await lockRows(tx, paymentTransactions, eq(paymentTransactions.orderId, order.id));
    const [current] = await tx.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, order.id)).limit(1);
    // A concurrent call won the race: everyone gets its intent (same idempotency key).
    if (current && current.status !== "canceled") return current;
    const [row] = current
      ? await tx
          .update(paymentTransactions)
          .set({ ...values, id: current.id, updatedAt: new Date() })
          .where(eq(paymentTransactions.id, current.id))
          .returning()
      : await tx.insert(paymentTransactions).values(values).returning();
    return row!;
  });
  return intentResource(txn);
}

type StateChange = {
  transaction: PaymentTransaction;
  moved: boolean;
  becamePaid: boolean;
  duplicateEvent: boolean;
  unitsGone?: boolean;
  /** Paid for an order cancelled meanwhile: refunded in full, nothing sold. */
  cancelled?: boolean;
  /** The paid order's items, as its transaction read them (its mails show them). */
  paidItems?: OrderItem[];
};

/**
 * Moves a transaction and its order to the provider's status, at most once per event id
 * and only forward. Runs in one write transaction, so concurrent confirms and webhooks
 * serialize and exactly one of them records the payment.
 */
export async function applyIntentState(
  transactionId: string,
  intent: ProviderIntent,
  eventId?: string,
  eventType = "payment",
): Promise<StateChange> {
  // A payment's sale first tries without the shop's lock (a drop's orders queue for it); one
  // that lost a race with a release is made again, whole, with it.
  const apply = (withoutShopLock: boolean) =>
    writeTransaction(async (tx): Promise<StateChange> => {
      const [txn] = await transactionById({ transactionId });
      if (!txn) throw new NotFoundError("payments.errors.transaction_not_found");
      if (
        eventId &&
        !(await recordProviderEvent(tx, { id: eventId, provider: txn.provider, type: eventType, accountId: txn.providerAccountId }))
      ) {
        return { transaction: txn, moved: false, becamePaid: false, duplicateEvent: true };
      }
      if (!canMovePayment(txn.status, intent.status)) return { transaction: txn, moved: false, becamePaid: false, duplicateEvent: false };
      const now = new Date();
      const [moved] = await moveTransaction({
        id: txn.id,
        from: txn.status,
        status: intent.status,
        failureMessage: intent.lastError ?? "",
        now,
      });
      // Another confirm or webhook moved it between the read and this write (PostgreSQL runs
      // them side by side): that one records the payment, this one changes nothing.
      if (!moved) {
        const [current] = await tx.select().from(paymentTransactions).where(eq(paymentTransactions.id, txn.id)).limit(1);
        return { transaction: current ?? txn, moved: false, becamePaid: false, duplicateEvent: false };
      }
      const becamePaid = intent.status === "succeeded";
      // The order's row and, once paid, its history's: one round trip.
      const [[order]] = await Promise.all([
        (becamePaid ? markOrderPaid : moveOrderPayment)({ orderId: txn.orderId, paymentStatus: intent.status, now }),
        becamePaid
          ? tx.insert(orderEvents).values({ orderId: txn.orderId, shopId: txn.shopId, kind: "payment", toValue: "succeeded" })
          : undefined,
      ]);
      // The live's board shows the payment as it happens (with the reads below when paid).
      const toldLive = order?.liveId ? recordLiveEvent(tx, order.liveId, "order") : undefined;
      if (!becamePaid) await toldLive;
      let unitsGone = false;
      let paidItems: OrderItem[] | undefined;
      // A payment started as the seller cancelled the order (its intent made after the cancel
      // looked for one to cancel) that lands once the order is cancelled buys nothing (the
      // cancel released its units) and goes back in full below. One landing before the
      // cancel's status write is a sale the cancel puts back and refunds (changeOrderStatus).
      const cancelled = becamePaid && order!.status === "cancelled";
      if (cancelled) await toldLive;
      else if (becamePaid) {
        // The units become a sale; if they were gone (a payment that landed after its hold
        // ran out and someone else bought them), the order is cancelled and refunded below.
        // A paid order goes in its parcel (the open one of this shopper, or a new one) before its
        // units are sold: the sale locks its variants' rows, which every other payment of a drop
        // waits for, so it comes last, one round trip from the commit.
        const [items, parcelId] = await Promise.all([itemsOfOrder({ orderId: txn.orderId }), joinParcel(tx, order!), toldLive]);
        paidItems = items;
        const sale = await sellOrderUnits(tx, { id: txn.orderId, shopId: txn.shopId, items }, now, { withoutShopLock });
        if (!sale.sold) {
          unitsGone = true;
          // Cancelled below: nothing of it is packed.
          await leaveParcel(tx, { id: txn.orderId, parcelId }, "cancelled", now);
          await tx.update(orders).set({ status: "cancelled", stockRefundedAt: now }).where(eq(orders.id, txn.orderId));
          await tx.insert(orderEvents).values({
            orderId: txn.orderId,
            shopId: txn.shopId,
            kind: "status",
            fromValue: "pending",
            toValue: "cancelled",
            note: "stock.sold_out_refund",
          });
        }
      }
      return { transaction: moved, moved: true, becamePaid, duplicateEvent: false, unitsGone, cancelled, paidItems };
    });
  const result = insideTransaction()
    ? await apply(false)
    : await apply(true).catch((error: unknown) => {
        if (error instanceof SaleRaced) return apply(false);
        throw error;
      });
  if (result.unitsGone) {
    // Nobody pays for an item the seller cannot ship: the whole payment goes back at once.
    await refundOrder(
      result.transaction.orderId,
      "rest",
      { userId: null, shopId: result.transaction.shopId },
      { notifyShopper: true, soldOut: true },
    );
  } else if (result.cancelled) {
    await refundOrder(result.transaction.orderId, "rest", { userId: null, shopId: result.transaction.shopId }, { notifyShopper: true });
  } else if (result.becamePaid) await sendOrderPaidMails(result.transaction.orderId, { items: result.paidItems });
  return result;
}

/**
 * The shopper's client says it paid: ask the provider (never the client) and record it. On a
 * shop's host (`shopId`) only that shop's orders: another shop's is not found.
 */
export async function confirmPayment(transactionId: string, paymentIntentId: string, viewer: OrderViewer, shopId?: number) {
  const [txn] = await getDatabase().select().from(paymentTransactions).where(eq(paymentTransactions.id, transactionId)).limit(1);
  if (!txn) throw new NotFoundError("payments.errors.transaction_not_found");
  const order = await getVisibleOrder(txn.orderId, viewer, shopId);
  if (txn.providerPaymentId !== paymentIntentId)
    throw new ValidationError("errors.validation", { payment_intent_id: ["payments.errors.intent_mismatch"] });
  const intent = await withProvider(
    () => getPaymentProvider().retrievePaymentIntent(txn.providerAccountId, paymentIntentId),
    "payments.errors.confirm_failed",
  );
  const { transaction } = await applyIntentState(txn.id, intent);
  return { transaction, intent, orderId: order.id };
}

/**
 * The order's amount is about to change or the order is cancelled before payment: its
 * intent is cancelled at the provider first, so the old amount can never be paid later.
 * When the provider refuses, the shopper may have just paid: the provider's real state is
 * recorded and the change is refused instead of losing that payment.
 */
export async function discardUnpaidIntent(orderId: number): Promise<void> {
  const txn = await findOrderTransaction(orderId);
  if (!txn || !txn.providerPaymentId || !canMovePayment(txn.status, "canceled")) return;
  const payments = getPaymentProvider();
  try {
    await payments.cancelPaymentIntent(txn.providerAccountId, txn.providerPaymentId);
  } catch (error) {
    if (!(error instanceof ProviderRequestError)) throw error;
    const intent = await payments.retrievePaymentIntent(txn.providerAccountId, txn.providerPaymentId).catch((lookup: unknown) => {
      // The provider does not know the intent (any more): nothing can be paid with it.
      if (lookup instanceof ProviderRequestError && lookup.code === "invalid_request") return null;
      throw lookup instanceof ProviderRequestError ? providerFailure(lookup) : lookup;
    });
    if (intent && intent.status !== "canceled") {
      await applyIntentState(txn.id, intent);
      if (intent.status === "succeeded") throw new ConflictError("payments.errors.already_paid");
      if (intent.status === "processing") throw new ConflictError("payments.errors.in_progress");
      throw providerFailure(error, "payments.errors.cancel_failed");
    }
  }
  await getDatabase()
    .update(paymentTransactions)
    .set({ status: "canceled", updatedAt: new Date() })
    .where(eq(paymentTransactions.id, txn.id));
}
