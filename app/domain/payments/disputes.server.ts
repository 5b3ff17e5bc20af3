import { and, eq, inArray, asc } from "drizzle-orm";
import { mainSiteUrl } from "~/config.server";
import { sendMail } from "~/domain/mail/mailer.server";
import { disputeMailToSeller } from "~/domain/mail/templates.server";
import { orderWithSeller } from "~/domain/orders/order-mails.server";
import { formatOrderNumber } from "~/domain/orders/orders.server";
import { getDatabase, lockKey, writeTransaction } from "~db/client";
import { orderEvents, paymentDisputes, paymentTransactions, type PaymentDispute } from "~db/schema";
import { recordProviderEvent } from "./event-log.server";
import type { ProviderDispute } from "./provider.server";

/** Dispute statuses after which nothing changes any more (the bank decided). */
const CLOSED_STATUSES = new Set(["won", "lost", "warning_closed", "prevented"]);
export const isDisputeClosed = (status: string) => CLOSED_STATUSES.has(status);

type DisputeOutcome = "applied" | "duplicate" | "unchanged" | "unknown_payment";

/**
 * A chargeback opened, moved or closed at the provider: recorded once per event, kept in
 * the order's history and mailed to the seller. A closed dispute never reopens, whatever
 * order the events arrive in.
 */
export async function recordDispute(eventId: string, accountId: string, dispute: ProviderDispute): Promise<DisputeOutcome> {
  const result = await writeTransaction(async (tx): Promise<{ outcome: DisputeOutcome; row?: PaymentDispute }> => {
    const [txn] = await tx
      .select()
      .from(paymentTransactions)
      .where(and(eq(paymentTransactions.providerPaymentId, dispute.intentId), eq(paymentTransactions.providerAccountId, accountId)))
      .limit(1);
    // Only Stripe sends disputes; an event about a payment we do not know is recorded all the same.
    if (!(await recordProviderEvent(tx, { id: eventId, provider: txn?.provider ?? "stripe", type: "charge.dispute", accountId }))) {
      return { outcome: "duplicate" };
    }
    if (!txn) return { outcome: "unknown_payment" };
    const now = new Date();
    // A dispute's events take turns (PostgreSQL): an update read before the bank's decision
    // was written would write its older status over it, and reopen the dispute.
    await lockKey(tx, `dispute:${dispute.id}`);
    const [existing] = await tx.select().from(paymentDisputes).where(eq(paymentDisputes.providerDisputeId, dispute.id)).limit(1);
    if (existing && (existing.status === dispute.status || isDisputeClosed(existing.status))) return { outcome: "unchanged" };
    const values = {
      amountCents: dispute.amountCents,
      currency: dispute.currency,
      reason: dispute.reason,
      status: dispute.status,
      evidenceDueBy: dispute.evidenceDueBy,
      closedAt: isDisputeClosed(dispute.status) ? now : null,
      updatedAt: now,
    };
    const [row] = existing
      ? await tx.update(paymentDisputes).set(values).where(eq(paymentDisputes.id, existing.id)).returning()
      : await tx
          .insert(paymentDisputes)
          .values({ ...values, providerDisputeId: dispute.id, transactionId: txn.id, orderId: txn.orderId, shopId: txn.shopId })
          .returning();
    await tx.insert(orderEvents).values({
      orderId: txn.orderId,
      shopId: txn.shopId,
      kind: "dispute",
      fromValue: existing?.status ?? "",
      toValue: dispute.status,
      note: dispute.reason,
    });
    return { outcome: "applied", row };
  });
  if (result.row) await mailDisputeToSeller(result.row);
  return result.outcome;
}

async function mailDisputeToSeller(dispute: PaymentDispute): Promise<void> {
  const row = await orderWithSeller(dispute.orderId);
  if (!row) return;
  await sendMail({
    to: row.seller.email,
    template: "payment_dispute_seller",
    dedupeKey: `dispute:${dispute.providerDisputeId}:${dispute.status}`,
    ...disputeMailToSeller(row.seller.language, {
      shopName: row.shop.name,
      number: formatOrderNumber(row.order.number),
      customer: row.order.fullName,
      amountCents: dispute.amountCents,
      currency: dispute.currency,
      reason: dispute.reason,
      status: dispute.status,
      closed: isDisputeClosed(dispute.status),
      evidenceDueBy: dispute.evidenceDueBy,
      link: `${mainSiteUrl()}/orders/${row.order.id}`,
    }),
  });
}

export type DisputeView = {
  id: number;
  status: string;
  reason: string;
  amountCents: number;
  currency: string;
  evidenceDueBy: string | null;
  open: boolean;
  openedAt: string;
};

/** The disputes of several orders (for the seller's order screens), oldest first. */
export async function orderDisputes(orderIds: number[]): Promise<Map<number, DisputeView[]>> {
  const byOrder = new Map<number, DisputeView[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await getDatabase()
    .select()
    .from(paymentDisputes)
    .where(inArray(paymentDisputes.orderId, orderIds))
    .orderBy(asc(paymentDisputes.createdAt), asc(paymentDisputes.id));
  for (const d of rows) {
    const view = {
      id: d.id,
      status: d.status,
      reason: d.reason,
      amountCents: d.amountCents,
      currency: d.currency,
      evidenceDueBy: d.evidenceDueBy?.toISOString() ?? null,
      open: !isDisputeClosed(d.status),
      openedAt: d.createdAt.toISOString(),
    };
    byOrder.set(d.orderId, [...(byOrder.get(d.orderId) ?? []), view]);
  }
  return byOrder;
}
