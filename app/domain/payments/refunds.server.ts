import type { RefundRequest } from "~/schemas/refunds";
import { recordLiveEvent } from "~/domain/lives/live-events.server";
import { and, asc, eq, inArray, ne, or, sum } from "drizzle-orm";
import { displayName } from "~/domain/accounts/users.server";
import { ConflictError, NotFoundError, ValidationError } from "~/domain/errors.server";
import { sendMail } from "~/domain/mail/mailer.server";
import { orderRefundFailedMail, orderRefundMail, refundFailedMailToSeller } from "~/domain/mail/refund-mail.server";
import { orderWithSeller } from "~/domain/orders/order-mails.server";
import { formatOrderNumber } from "~/domain/orders/orders.server";
import {
  canMovePayment,
  isPaid,
  isRefundable,
  paymentStatusAfterFailedRefund,
  paymentStatusAfterRefund,
} from "~/domain/orders/payment-state";
import { sendWithOrderStatusLink } from "~/domain/orders/status-links.server";
import { restockOrderUnits } from "~/domain/stock/holds.server";
import { offerFreedUnits } from "~/domain/stock/waitlist.server";
import { mainSiteUrl } from "~/config.server";
import { centsToDecimalString } from "~/lib/money";
import { messageKey } from "~/lib/messages";
import { restockByDefault } from "~/lib/refund-restock";
import { getDatabase, lockRows, writeTransaction, type Transaction } from "~db/client";
import {
  orderEvents,
  orderRefunds,
  orders,
  paymentTransactions,
  shops,
  stockHolds,
  users,
  type Order,
  type OrderRefund,
  type PaymentStatus,
  type PaymentTransaction,
} from "~db/schema";
import { recordProviderEvent, type EventOutcome } from "./event-log.server";
import { idempotencyKey } from "./idempotency.server";
import { providerFailure, ProviderRequestError, type ProviderEvent, type ProviderRefund } from "./provider.server";
import { getPaymentProvider } from "./provider-registry.server";

/**
 * What of a payment has gone back: our refunds still waiting for the provider count (they
 * hold their amount), failed ones do not; the provider's own total (refunds made elsewhere)
 * counts when it is higher.
 */
function refundedOf(txn: PaymentTransaction, ourRefundsCents: number): number {
  return Math.max(txn.refundedAmountCents, ourRefundsCents);
}

async function heldByOurRefunds(tx: Pick<Transaction, "select">, transactionId: string): Promise<number> {
  // sum() is a string on PostgreSQL (numeric): mapped to a number.
  const [row] = await tx
    .select({ cents: sum(orderRefunds.amountCents).mapWith(Number) })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.transactionId, transactionId), ne(orderRefunds.status, "failed")));
  return row?.cents ?? 0;
}

/**
 * Moves a transaction and its order to the state their refunded total gives (partially
 * refunded, or refunded once nothing is left), forward only. Returns the new state if it moved.
 */
async function applyRefundedTotal(tx: Transaction, txn: PaymentTransaction, refundedCents: number): Promise<PaymentStatus | null> {
  const total = Math.max(txn.refundedAmountCents, refundedCents);
  // Nothing refunded (a total that held only a refund that failed since) moves nothing.
  const to = total > 0 ? paymentStatusAfterRefund(txn.amountCents, total) : null;
  const moves = to !== null && canMovePayment(txn.status, to);
  await writeRefundedTotal(tx, txn, total, moves ? to : null, new Date());
  return moves ? to : null;
}

/**
 * Writes a payment's refunded total and, when its status moves (`to`), the order's payment
 * status too, telling the order's live board.
 */
async function writeRefundedTotal(tx: Transaction, txn: PaymentTransaction, refundedCents: number, to: PaymentStatus | null, now: Date) {
  await tx
    .update(paymentTransactions)
    .set({ refundedAmountCents: refundedCents, ...(to ? { status: to } : {}), updatedAt: now })
    .where(eq(paymentTransactions.id, txn.id));
  if (!to) return;
  const [order] = await tx
    .update(orders)
    .set({ paymentStatus: to, updatedAt: now })
    .where(eq(orders.id, txn.orderId))
    .returning({ liveId: orders.liveId });
  if (order?.liveId) await recordLiveEvent(tx, order.liveId, "order");
}

/**
 * The provider reports a payment's refunded total (Stripe's charge.refunded), once per
 * event. Our own refunds still waiting for the provider are complete once the total covers
 * them; a refund made elsewhere (the Stripe dashboard) is recorded in the history too.
 * `reportedAt` (the provider's time of the event) tells a total reported before one of our
 * refunds failed: it still counts that refund, which is taken out again.
 */
export async function recordRefund(
  transactionId: string,
  amountRefundedCents: number,
  eventId?: string,
  reportedAt: Date | null = null,
): Promise<EventOutcome> {
  return writeTransaction(async (tx): Promise<EventOutcome> => {
    // Totals reported at once (two events, our own refund settling) apply one after the other
    // on the total before them: else an older, lower total could be written over a newer one.
    await lockRows(tx, paymentTransactions, eq(paymentTransactions.id, transactionId));
    const [txn] = await tx.select().from(paymentTransactions).where(eq(paymentTransactions.id, transactionId)).limit(1);
    if (!txn) return "unknown_payment";
    if (
      eventId &&
      !(await recordProviderEvent(tx, { id: eventId, provider: txn.provider, type: "charge.refunded", accountId: txn.providerAccountId }))
    ) {
      return "duplicate";
    }
    const all = await tx.select().from(orderRefunds).where(eq(orderRefunds.transactionId, txn.id));
    const ours = all.filter((r) => r.status !== "failed");
    // Events come in any order: a total made before the provider failed one of our refunds
    // (same second included) still holds it. Counted, it would come back as a refund made
    // elsewhere and take the payment back to refunded.
    const failedSince = reportedAt
      ? all.filter((r) => r.status === "failed" && r.providerFailedAt && r.providerFailedAt.getTime() >= reportedAt.getTime())
      : [];
    const reportedCents = Math.max(0, amountRefundedCents - failedSince.reduce((total, r) => total + r.amountCents, 0));
    const oursTotal = ours.reduce((total, r) => total + r.amountCents, 0);
    const known = Math.max(txn.refundedAmountCents, oursTotal);
    const moved = await applyRefundedTotal(tx, txn, reportedCents);
    const status = moved ?? txn.status;
    const now = new Date();
    const completed = reportedCents >= oursTotal ? ours.filter((r) => r.status === "pending") : [];
    for (const refund of completed) {
      await tx.update(orderRefunds).set({ status: "succeeded", updatedAt: now }).where(eq(orderRefunds.id, refund.id));
      await tx.insert(orderEvents).values({
        orderId: txn.orderId,
        shopId: txn.shopId,
        kind: "refund",
        toValue: status,
        amountCents: refund.amountCents,
        note: refund.reason,
        actorUserId: refund.actorUserId,
      });
    }
    const elsewhere = reportedCents - known;
    if (elsewhere > 0) {
      await tx
        .insert(orderEvents)
        .values({ orderId: txn.orderId, shopId: txn.shopId, kind: "refund", toValue: status, amountCents: elsewhere });
    }
    return moved !== null || elsewhere > 0 || completed.length > 0 ? "applied" : "unchanged";
  });
}

/**
 * Our refund an event is about: by the provider's refund id, or, before the call's answer
 * stored that id (a process that died, an event faster than the answer), by our id the
 * refund carries, if its payment, amount and account agree. Never another account's.
 */
async function ourRefundOf(tx: Transaction, accountId: string, provider: ProviderRefund): Promise<OrderRefund | null> {
  const rows = await tx
    .select({ refund: orderRefunds, txn: paymentTransactions })
    .from(orderRefunds)
    .innerJoin(paymentTransactions, eq(paymentTransactions.id, orderRefunds.transactionId))
    .where(
      and(
        eq(paymentTransactions.providerAccountId, accountId),
        provider.orderRefundId === null
          ? eq(orderRefunds.providerRefundId, provider.id)
          : or(eq(orderRefunds.providerRefundId, provider.id), eq(orderRefunds.id, provider.orderRefundId)),
      ),
    );
  const byProviderId = rows.find((row) => row.refund.providerRefundId === provider.id);
  if (byProviderId) return byProviderId.refund;
  const byOurId = rows.find(
    (row) =>
      row.refund.id === provider.orderRefundId &&
      row.refund.providerRefundId === null &&
      row.txn.providerPaymentId === provider.intentId &&
      row.refund.amountCents === provider.amountCents,
  );
  return byOurId?.refund ?? null;
}

type RefundUpdateEvent = Extract<ProviderEvent, { type: "refund.updated" }>;

/**
 * One of our refunds changed at the provider (Stripe's refund.failed, refund.updated,
 * charge.refund.updated), once per event. Only a failure is acted on: a card refund may fail
 * days after it was made, even after Stripe first said it succeeded (the issuer sends it
 * back), and a failed refund never comes back. The refund is marked failed with the
 * provider's reason, which frees its amount to be refunded again; if it had been counted
 * (succeeded: history, payment total and state), that is given back, in the history as a
 * `refund_failed` event. Stock it put back stays (the seller decides), an order it cancelled
 * stays cancelled; the seller and the shopper are told. A refund we do not have (made on the
 * Stripe dashboard, or another account's) is answered `unknown_refund`.
 */
export async function recordRefundUpdate(event: RefundUpdateEvent): Promise<EventOutcome> {
  const result = await writeTransaction(async (tx): Promise<{ outcome: EventOutcome; failed?: OrderRefund }> => {
    const found = await ourRefundOf(tx, event.accountId, event.refund);
    // Taken before the refund's row, as recordRefund and the refund's own answer do: events
    // and the answer about one payment take turns.
    if (found) await lockRows(tx, paymentTransactions, eq(paymentTransactions.id, found.transactionId));
    const recorded = await recordProviderEvent(tx, {
      id: event.id,
      provider: "stripe",
      type: event.eventType,
      accountId: event.accountId,
    });
    if (!recorded) return { outcome: "duplicate" };
    if (!found) return { outcome: "unknown_refund" };
    if (event.refund.status !== "failed") return { outcome: "unchanged" };
    const [refund] = await tx.select().from(orderRefunds).where(eq(orderRefunds.id, found.id)).limit(1);
    const [txn] = await tx.select().from(paymentTransactions).where(eq(paymentTransactions.id, found.transactionId)).limit(1);
    // Stripe tells one failure several times (refund.failed, refund.updated, charge.refund.updated).
    if (!refund || !txn || refund.status === "failed") return { outcome: "unchanged" };
    const now = new Date();
    const [failed] = await tx
      .update(orderRefunds)
      .set({
        status: "failed",
        failureReason: event.refund.failureReason ?? "unknown",
        providerRefundId: refund.providerRefundId ?? event.refund.id,
        providerFailedAt: event.reportedAt ?? now,
        updatedAt: now,
      })
      .where(eq(orderRefunds.id, refund.id))
      .returning();
    // A pending refund was never counted (nor written to the history): freeing its amount is all.
    if (refund.status === "succeeded") {
      const refundedCents = Math.max(0, txn.refundedAmountCents - refund.amountCents);
      const to = paymentStatusAfterFailedRefund(txn.amountCents, refundedCents);
      const moves = (txn.status === "partially_refunded" || txn.status === "refunded") && to !== txn.status;
      await writeRefundedTotal(tx, txn, refundedCents, moves ? to : null, now);
      await tx.insert(orderEvents).values({
        orderId: txn.orderId,
        shopId: txn.shopId,
        kind: "refund_failed",
        fromValue: txn.status,
        toValue: moves ? to : txn.status,
        amountCents: refund.amountCents,
        note: failed!.failureReason ?? "",
      });
    }
    return { outcome: "applied", failed: failed! };
  });
  if (result.failed) await mailRefundFailure(result.failed);
  return result.outcome;
}

/**
 * A failed refund is told to the seller, who has to act (refund again, or another way), and
 * to the shopper, who was told the money was coming (the refund mail, or the cancellation's).
 * Each once per refund.
 */
async function mailRefundFailure(refund: OrderRefund): Promise<void> {
  const row = await orderWithSeller(refund.orderId);
  if (!row) return;
  const { order, shop, seller } = row;
  const number = formatOrderNumber(order.number);
  const reason = refund.failureReason ?? "unknown";
  await sendMail({
    to: seller.email,
    template: "refund_failed_seller",
    dedupeKey: `refund-failed-seller:${refund.id}`,
    ...refundFailedMailToSeller(seller.language, {
      shopName: shop.name,
      number,
      customer: order.fullName,
      amountCents: refund.amountCents,
      currency: order.currency,
      reason,
      link: `${mainSiteUrl()}/orders/${order.id}`,
    }),
  });
  await sendWithOrderStatusLink(order.id, order.shopId, (link) =>
    sendMail({
      to: order.email,
      template: "order_refund_failed",
      dedupeKey: `order-refund-failed:${refund.id}`,
      ...orderRefundFailedMail(order.language, {
        shopName: shop.name,
        customer: order.fullName,
        number,
        amountCents: refund.amountCents,
        currency: order.currency,
        reason,
        link,
      }),
    }),
  );
}

/** Who refunds: the seller, or nobody for the shop's own automatic refunds (units that were gone). */
type Actor = { userId: number | null; shopId: number };

/**
 * Step 1, one write transaction: checks what remains refundable and records the refund as
 * pending, so two refunds at the same time can never give back more than was paid.
 */
async function reserveRefund(
  orderId: number,
  request: RefundRequest | "rest",
  actor: Actor,
): Promise<{ refund: OrderRefund; txn: PaymentTransaction; order: Order }> {
  return writeTransaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.shopId, actor.shopId)))
      .limit(1);
    if (!order) throw new NotFoundError("orders.not_found");
    // Two refunds of one payment at once: the second waits here until the first is reserved,
    // then sees it among the amounts already held.
    await lockRows(tx, paymentTransactions, eq(paymentTransactions.orderId, order.id));
    const [txn] = await tx.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, order.id)).limit(1);
    if (!txn || !txn.providerPaymentId || !isRefundable(txn.status)) throw new ConflictError("refunds.errors.not_paid");
    const remaining = txn.amountCents - refundedOf(txn, await heldByOurRefunds(tx, txn.id));
    if (remaining <= 0) throw new ConflictError("refunds.errors.nothing_left");
    const amountCents = request === "rest" ? remaining : request.amountCents;
    if (amountCents > remaining) {
      throw new ValidationError("errors.validation", {
        amount: [messageKey("refunds.errors.too_much", { maximum: centsToDecimalString(remaining) })],
      });
    }
    const [refund] = await tx
      .insert(orderRefunds)
      .values({
        orderId: order.id,
        shopId: order.shopId,
        transactionId: txn.id,
        amountCents,
        reason: request === "rest" ? "" : request.reason,
        actorUserId: actor.userId,
      })
      .returning();
    return { refund: refund!, txn, order };
  });
}

/**
 * The seller gives back some or all of an order's payment, whatever the order's status
 * (a return after delivery included): reserved first, then refunded through the provider
 * (one idempotency key per refund, so a retried call cannot refund twice), then recorded in
 * the order's history and the payment state, and mailed to the shopper. `"rest"` refunds
 * everything that remains (cancelling a paid order, which restocks by itself). A seller's
 * refund puts the order's units back in stock when asked (by default before shipping), once
 * the provider took it: the units go to the waitlist first.
 */
export async function refundOrder(
  orderId: number,
  request: RefundRequest | "rest",
  actor: Actor,
  options: { notifyShopper: boolean; soldOut?: boolean } = { notifyShopper: true },
): Promise<OrderRefund> {
  const { refund, txn, order } = await reserveRefund(orderId, request, actor);
  let answer: { refundId: string; status: "succeeded" | "pending" | "failed" };
  try {
    answer = await getPaymentProvider().refundPayment({
      accountId: txn.providerAccountId,
      intentId: txn.providerPaymentId!,
      amountCents: refund.amountCents,
      reason: refund.reason,
      orderRefundId: refund.id,
      idempotencyKey: await idempotencyKey(`order-${order.id}-refund-${refund.id}`),
    });
  } catch (error) {
    // A refused refund frees its amount again, unless the provider's event already recorded
    // it as succeeded (the call failed on our side, a timeout, after the refund was made).
    const message = error instanceof Error ? error.message : String(error);
    await getDatabase()
      .update(orderRefunds)
      .set({ status: "failed", failureMessage: message, updatedAt: new Date() })
      .where(and(eq(orderRefunds.id, refund.id), eq(orderRefunds.status, "pending")));
    if (error instanceof ProviderRequestError) throw providerFailure(error, "orders.errors.refund_failed");
    throw error;
  }
  const settled = await writeTransaction(async (tx) => {
    // Two refunds of one payment settled at once: the second waits here for the first, then
    // counts it among the succeeded ones (else each wrote its own total over the other's).
    // Taken before the refund's row, as recordRefund does: no deadlock with the provider's event.
    await lockRows(tx, paymentTransactions, eq(paymentTransactions.id, txn.id));
    const status = answer.status;
    // The answer moves the refund only while it is pending, as a refusal does: the provider's
    // charge.refunded may have landed first and recorded it (succeeded, in the history and the
    // payment's total), and a late "pending" must not undo that nor a "succeeded" record it twice;
    // its refund.failed may have landed first too, and the refund stays failed.
    const [updated] = await tx
      .update(orderRefunds)
      .set({
        status,
        providerRefundId: answer.refundId,
        failureMessage: status === "failed" ? "orders.errors.refund_failed" : "",
        updatedAt: new Date(),
      })
      .where(and(eq(orderRefunds.id, refund.id), eq(orderRefunds.status, "pending")))
      .returning();
    if (!updated) {
      const [settledBefore] = await tx
        .update(orderRefunds)
        .set({ providerRefundId: answer.refundId, updatedAt: new Date() })
        .where(eq(orderRefunds.id, refund.id))
        .returning();
      return settledBefore!;
    }
    const row = updated;
    // A pending refund is completed (and written to the history) by the provider's charge.refunded event.
    if (status === "succeeded") {
      const [current] = await tx.select().from(paymentTransactions).where(eq(paymentTransactions.id, txn.id)).limit(1);
      const [done] = await tx
        .select({ cents: sum(orderRefunds.amountCents).mapWith(Number) })
        .from(orderRefunds)
        .where(and(eq(orderRefunds.transactionId, txn.id), eq(orderRefunds.status, "succeeded")));
      const moved = await applyRefundedTotal(tx, current!, done?.cents ?? 0);
      await tx.insert(orderEvents).values({
        orderId: order.id,
        shopId: order.shopId,
        kind: "refund",
        toValue: moved ?? current!.status,
        amountCents: row.amountCents,
        note: row.reason,
        actorUserId: actor.userId,
      });
    }
    return row;
  });
  if (settled.status === "failed") throw new ConflictError("orders.errors.refund_failed");
  if (request !== "rest" && (request.restock ?? restockByDefault(order.status))) await restockRefundedOrder(order.id, actor.userId);
  if (options.notifyShopper) await mailRefund(order.id, settled, options.soldOut ?? false);
  return settled;
}

/**
 * The sold units of a refunded order go back in stock (each once: a second refund finds
 * none left), recorded in the stock history with who, then offered to the waitlist.
 */
async function restockRefundedOrder(orderId: number, actorUserId: number | null): Promise<void> {
  const now = new Date();
  const variantIds = await writeTransaction((tx) => restockOrderUnits(tx, orderId, actorUserId, now));
  await offerFreedUnits(variantIds, now);
}

async function mailRefund(orderId: number, refund: OrderRefund, soldOut: boolean): Promise<void> {
  const db = getDatabase();
  const [row] = await db
    .select({ order: orders, shop: shops })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(eq(orders.id, orderId))
    .limit(1);
  const [txn] = await db.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId)).limit(1);
  if (!row || !txn) return;
  const held = await heldByOurRefunds(db, txn.id);
  // The mail carries the order's status link, which opens on any device (like the other order mails).
  await sendWithOrderStatusLink(orderId, row.order.shopId, (link) =>
    sendMail({
      to: row.order.email,
      template: "order_refund",
      dedupeKey: `order-refund:${refund.id}`,
      ...orderRefundMail(row.order.language, {
        shopName: row.shop.name,
        customer: row.order.fullName,
        number: formatOrderNumber(row.order.number),
        amountCents: refund.amountCents,
        paidCents: txn.amountCents,
        refundedCents: refundedOf(txn, held),
        currency: row.order.currency,
        link,
        soldOut,
      }),
    }),
  );
}

export type RefundEntry = {
  id: number;
  amountCents: number;
  reason: string;
  status: OrderRefund["status"];
  /** The provider's reason for a refund it made and then reported failed; null otherwise. */
  failureReason: string | null;
  at: string;
  by: string | null;
};
export type RefundSummary = {
  paidCents: number;
  refundedCents: number;
  refundableCents: number;
  refunds: RefundEntry[];
  /** Units sold to this order that a refund can put back in stock (tracked ones, not restocked yet). */
  restockableUnits: number;
};

/** For each paid order: what was paid, refunded and can still be refunded, and its refunds (oldest first). */
export async function orderRefundSummaries(orderList: Pick<Order, "id" | "paymentStatus">[]): Promise<Map<number, RefundSummary>> {
  const result = new Map<number, RefundSummary>();
  const ids = orderList.map((o) => o.id);
  if (ids.length === 0) return result;
  const db = getDatabase();
  const txns = await db.select().from(paymentTransactions).where(inArray(paymentTransactions.orderId, ids));
  const rows = await db
    .select({ refund: orderRefunds, actor: users })
    .from(orderRefunds)
    .leftJoin(users, eq(users.id, orderRefunds.actorUserId))
    .where(inArray(orderRefunds.orderId, ids))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
  const sold = await db
    .select({ orderId: stockHolds.orderId, units: sum(stockHolds.quantity).mapWith(Number) })
    .from(stockHolds)
    .where(and(inArray(stockHolds.orderId, ids), eq(stockHolds.state, "sold")))
    .groupBy(stockHolds.orderId);
  const soldUnits = new Map(sold.map((row) => [row.orderId, row.units]));
  const statusOf = new Map(orderList.map((o) => [o.id, o.paymentStatus]));
  for (const txn of txns) {
    const paymentStatus = statusOf.get(txn.orderId);
    if (!paymentStatus || !isPaid(paymentStatus)) continue;
    const mine = rows.filter((r) => r.refund.orderId === txn.orderId);
    const held = mine.filter((r) => r.refund.status !== "failed").reduce((total, r) => total + r.refund.amountCents, 0);
    const refundedCents = refundedOf(txn, held);
    result.set(txn.orderId, {
      paidCents: txn.amountCents,
      refundedCents,
      refundableCents: isRefundable(txn.status) ? Math.max(0, txn.amountCents - refundedCents) : 0,
      refunds: mine.map(({ refund, actor }) => ({
        id: refund.id,
        amountCents: refund.amountCents,
        reason: refund.reason,
        status: refund.status,
        failureReason: refund.status === "failed" ? refund.failureReason : null,
        at: refund.createdAt.toISOString(),
        by: actor ? displayName(actor) : null,
      })),
      restockableUnits: soldUnits.get(txn.orderId) ?? 0,
    });
  }
  return result;
}

/** The API's refund. */
export function refundResource(refund: RefundEntry, currency: string) {
  return {
    id: refund.id,
    amount: centsToDecimalString(refund.amountCents),
    currency,
    reason: refund.reason,
    status: refund.status,
    failure_reason: refund.failureReason,
    created_at: refund.at,
    created_by: refund.by,
  };
}

/** The API's refund summary of an order (sellers only). */
export function refundSummaryResource(summary: RefundSummary | undefined, currency: string) {
  return {
    refunded_amount: centsToDecimalString(summary?.refundedCents ?? 0),
    refundable_amount: centsToDecimalString(summary?.refundableCents ?? 0),
    refunds: (summary?.refunds ?? []).map((r) => refundResource(r, currency)),
  };
}
