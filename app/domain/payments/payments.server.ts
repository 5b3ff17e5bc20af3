import crypto from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import { getConfig, mainSiteUrl } from "~/config.server";
import { ConflictError, NotFoundError, ValidationError } from "~/domain/errors.server";
import { findOrderTransaction, getVisibleOrder } from "~/domain/orders/orders.server";
import { sendOrderPaidMails } from "~/domain/orders/order-mails.server";
import type { OrderViewer } from "~/domain/orders/visibility.server";
import { activateShopIfReady } from "~/domain/sellers/onboarding.server";
import { requireSellerAccount } from "~/domain/sellers/seller-profile.server";
import { computeFees } from "~/lib/fees";
import { requestLog } from "~/lib/logger.server";
import { centsToDecimalString } from "~/lib/money";
import { getDatabase, writeTransaction, type Transaction } from "~db/client";
import {
  orderEvents,
  orderRefunds,
  orders,
  paymentEvents,
  paymentTransactions,
  sellerProfiles,
  shops,
  simulatedPaymentIntents,
  type PaymentStatus,
  type PaymentTransaction,
  type User,
} from "~db/schema";
import { recordDispute } from "./disputes.server";
import { idempotencyKey } from "./idempotency.server";
import { canMovePayment, isPaid, paymentStatusAfterRefund } from "./payment-state";
import {
  providerFailure,
  ProviderRequestError,
  type AccountStatus,
  type PaymentProvider,
  type ProviderEvent,
  type ProviderIntent,
} from "./provider.server";
import {
  completeSimulatedOnboarding,
  confirmSimulatedIntent,
  createSimulatedProvider,
  finishSimulatedAuthentication,
  type CardInput,
  type SimulatedIntent,
} from "./simulated-provider.server";
import { createStripeProvider } from "./stripe-provider.server";

let provider: PaymentProvider | undefined;
/** The configured provider (PAYMENT_PROVIDER; Stripe when a secret key is set). */
export function getPaymentProvider(): PaymentProvider {
  if (!provider) {
    const config = getConfig();
    provider =
      config.paymentProvider === "stripe"
        ? createStripeProvider({
            secretKey: config.STRIPE_SECRET_KEY!,
            webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
            apiUrl: config.STRIPE_API_URL,
          })
        : createSimulatedProvider();
  }
  return provider;
}

/** Provider failures become our caller's 4xx or a 502, with the provider's message (spec: it is preferred). */
async function withProvider<T>(work: () => Promise<T>, fallbackKey: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderRequestError) throw providerFailure(error, fallbackKey);
    throw error;
  }
}

/* -------------------------------------------------------------- accounts */

/** The shop's payment account: the seller's connected account, if it can take payments. */
export function shopPaymentAccount(shopId: number): { accountId: string | null; canReceivePayments: boolean } {
  const row = getDatabase()
    .select({ accountId: sellerProfiles.stripeConnectAccountId, charges: sellerProfiles.stripeChargesEnabled })
    .from(shops)
    .innerJoin(sellerProfiles, eq(sellerProfiles.userId, shops.ownerId))
    .where(eq(shops.id, shopId))
    .get();
  return { accountId: row?.accountId ?? null, canReceivePayments: Boolean(row?.accountId && row.charges) };
}

/** Stores the account's state on the seller profile; returns whether anything changed. */
function applyAccountStatus(userId: number, status: AccountStatus): boolean {
  const values = {
    stripeDetailsSubmitted: status.detailsSubmitted,
    // Returning from onboarding proves nothing: it is complete when Stripe says so.
    stripeOnboardingCompleted: status.detailsSubmitted && status.currentlyDue.length === 0,
    stripeChargesEnabled: status.chargesEnabled,
    stripePayoutsEnabled: status.payoutsEnabled,
  };
  const before = getDatabase().select().from(sellerProfiles).where(eq(sellerProfiles.userId, userId)).get();
  const changed = !before || (Object.keys(values) as (keyof typeof values)[]).some((key) => before[key] !== values[key]);
  getDatabase()
    .update(sellerProfiles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sellerProfiles.userId, userId))
    .run();
  const wentLive = activateShopIfReady(userId);
  return changed || wentLive;
}

/** Creates the seller's connected account once, then mints a fresh onboarding link. */
export async function connectPaymentAccount(user: User): Promise<{ onboardingUrl: string }> {
  const account = requireSellerAccount(user);
  const payments = getPaymentProvider();
  let accountId = account.profile.stripeConnectAccountId;
  if (!accountId) {
    ({ accountId } = await withProvider(
      () =>
        payments.createConnectedAccount({
          sellerId: user.id,
          email: user.email,
          businessName: account.profile.businessName,
          // Fixed for the account's life: the business's country, from the seller profile.
          country: account.profile.country,
          // A new generation after a deauthorization: the dead account's key must not replay.
          idempotencyKey: idempotencyKey(
            `connected-account-${user.id}${account.profile.paymentAccountGeneration ? `-${account.profile.paymentAccountGeneration}` : ""}`,
          ),
        }),
      "payments.errors.connect_failed",
    ));
    getDatabase()
      .update(sellerProfiles)
      .set({ stripeConnectAccountId: accountId, updatedAt: new Date() })
      .where(eq(sellerProfiles.userId, user.id))
      .run();
  }
  const base = mainSiteUrl();
  const { url } = await withProvider(
    () =>
      payments.createOnboardingLink({
        accountId: accountId!,
        returnUrl: `${base}/dashboard#stripe-connect`,
        refreshUrl: `${base}/onboarding/refresh`,
      }),
    "payments.errors.connect_failed",
  );
  return { onboardingUrl: url };
}

/** Asks the provider for the account's real state and stores it on the seller profile. */
export async function refreshPaymentAccountStatus(user: User): Promise<AccountStatus> {
  const account = requireSellerAccount(user);
  const accountId = account.profile.stripeConnectAccountId;
  if (!accountId) throw new ValidationError("payments.errors.no_account");
  const status = await withProvider(() => getPaymentProvider().retrieveAccount(accountId), "payments.errors.status_failed");
  applyAccountStatus(user.id, status);
  return status;
}

/* -------------------------------------------------------------- payments */

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
  orderId: number,
  viewer: OrderViewer,
  providerSlug: string,
  shopId?: number,
): Promise<PaymentIntentResource> {
  const order = getVisibleOrder(orderId, viewer, shopId);
  const payments = getPaymentProvider();
  if (providerSlug !== payments.slug)
    throw new ValidationError("errors.validation", { provider_slug: ["payments.errors.unknown_provider"] });
  if (isPaid(order.paymentStatus)) throw new ConflictError("payments.errors.already_paid");
  if (order.status === "cancelled") throw new ConflictError("payments.errors.order_cancelled");
  const account = shopPaymentAccount(order.shopId);
  if (!account.canReceivePayments || !account.accountId) throw new ConflictError("payments.errors.cannot_receive");

  const existing = findOrderTransaction(order.id);
  if (existing && existing.status !== "canceled") return intentResource(existing);

  const attempt = existing ? `-${crypto.randomBytes(4).toString("hex")}` : "";
  const intent = await withProvider(
    () =>
      payments.createPaymentIntent({
        accountId: account.accountId!,
        amountCents: order.totalAmountCents,
        currency: order.currency,
        applicationFeeCents: computeFees(order.totalAmountCents).platformFeeTtcCents,
        idempotencyKey: idempotencyKey(`order-${order.id}-payment${attempt}`),
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
  const txn = writeTransaction((tx) => {
    const current = tx.select().from(paymentTransactions).where(eq(paymentTransactions.orderId, order.id)).get();
    // A concurrent call won the race: everyone gets its intent (same idempotency key).
    if (current && current.status !== "canceled") return current;
    if (current)
      return tx
        .update(paymentTransactions)
        .set({ ...values, id: current.id, updatedAt: new Date() })
        .where(eq(paymentTransactions.id, current.id))
        .returning()
        .get();
    return tx.insert(paymentTransactions).values(values).returning().get();
  });
  return intentResource(txn);
}

type StateChange = { transaction: PaymentTransaction; moved: boolean; becamePaid: boolean; duplicateEvent: boolean };

/**
 * Moves a transaction and its order to the provider's status, at most once per event id
 * and only forward. Runs in one write transaction, so concurrent confirms and webhooks
 * serialize and exactly one of them records the payment.
 */
export function applyIntentState(transactionId: string, intent: ProviderIntent, eventId?: string, eventType = "payment"): StateChange {
  const result = writeTransaction((tx) => {
    let txn = tx.select().from(paymentTransactions).where(eq(paymentTransactions.id, transactionId)).get();
    if (!txn) throw new NotFoundError("payments.errors.transaction_not_found");
    if (eventId) {
      const recorded = tx
        .insert(paymentEvents)
        .values({ id: eventId, provider: txn.provider, type: eventType, accountId: txn.providerAccountId })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id })
        .get();
      if (!recorded) return { transaction: txn, moved: false, becamePaid: false, duplicateEvent: true };
    }
    if (!canMovePayment(txn.status, intent.status)) return { transaction: txn, moved: false, becamePaid: false, duplicateEvent: false };
    const now = new Date();
    txn = tx
      .update(paymentTransactions)
      .set({ status: intent.status, failureMessage: intent.lastError ?? "", updatedAt: now })
      .where(and(eq(paymentTransactions.id, txn.id), eq(paymentTransactions.status, txn.status)))
      .returning()
      .get();
    const becamePaid = intent.status === "succeeded";
    tx.update(orders)
      .set({ paymentStatus: intent.status, ...(becamePaid ? { paidAt: now } : {}), updatedAt: now })
      .where(eq(orders.id, txn.orderId))
      .run();
    if (becamePaid) {
      tx.insert(orderEvents).values({ orderId: txn.orderId, shopId: txn.shopId, kind: "payment", toValue: "succeeded" }).run();
    }
    return { transaction: txn, moved: true, becamePaid, duplicateEvent: false };
  });
  if (result.becamePaid) sendOrderPaidMails(result.transaction.orderId);
  return result;
}

/** The shopper's client says it paid: ask the provider (never the client) and record it. */
export async function confirmPayment(transactionId: string, paymentIntentId: string, viewer: OrderViewer) {
  const txn = getDatabase().select().from(paymentTransactions).where(eq(paymentTransactions.id, transactionId)).get();
  if (!txn) throw new NotFoundError("payments.errors.transaction_not_found");
  const order = getVisibleOrder(txn.orderId, viewer);
  if (txn.providerPaymentId !== paymentIntentId)
    throw new ValidationError("errors.validation", { payment_intent_id: ["payments.errors.intent_mismatch"] });
  const intent = await withProvider(
    () => getPaymentProvider().retrievePaymentIntent(txn.providerAccountId, paymentIntentId),
    "payments.errors.confirm_failed",
  );
  const { transaction } = applyIntentState(txn.id, intent);
  return { transaction, intent, orderId: order.id };
}

/* ---------------------------------------------------------------- events */

/**
 * What an event did, as the webhook answers it: `applied` changed our records; the others
 * changed nothing and say why (already seen, already in that state, about an account or a
 * payment we do not have, a type we do not act on, the other mode's key).
 */
export type EventOutcome =
  "applied" | "duplicate" | "unchanged" | "unknown_account" | "unknown_payment" | "not_handled" | "livemode_mismatch";

function recordEventOnly(event: ProviderEvent, type: string): boolean {
  return Boolean(
    getDatabase()
      .insert(paymentEvents)
      .values({ id: event.id, provider: getPaymentProvider().slug, type, accountId: event.accountId })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id })
      .get(),
  );
}

/** Records an event we cannot act on; a second delivery is a duplicate. */
function recordUnactionable(event: ProviderEvent, type: string, outcome: EventOutcome): EventOutcome {
  return recordEventOnly(event, type) ? outcome : "duplicate";
}

function transactionForIntent(accountId: string, intentId: string): PaymentTransaction | undefined {
  return getDatabase()
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.providerPaymentId, intentId), eq(paymentTransactions.providerAccountId, accountId)))
    .get();
}

/**
 * Every provider event (Stripe webhook or simulated) goes through here, once per event id.
 * Returns what it did.
 */
export async function handleProviderEvent(event: ProviderEvent): Promise<{ processed: boolean; outcome: EventOutcome }> {
  const outcome = await applyProviderEvent(event);
  return { processed: outcome === "applied", outcome };
}

async function applyProviderEvent(event: ProviderEvent): Promise<EventOutcome> {
  switch (event.type) {
    case "account.updated": {
      const profile = getDatabase().select().from(sellerProfiles).where(eq(sellerProfiles.stripeConnectAccountId, event.accountId)).get();
      if (!profile) return recordUnactionable(event, event.type, "unknown_account");
      // Events can arrive out of order: apply the account's current state, not the payload's.
      const status = await withProvider(() => getPaymentProvider().retrieveAccount(event.accountId), "payments.errors.status_failed");
      if (!recordEventOnly(event, event.type)) return "duplicate";
      return applyAccountStatus(profile.userId, status) ? "applied" : "unchanged";
    }
    case "account.deauthorized": {
      if (!recordEventOnly(event, event.type)) return "duplicate";
      return forgetDeauthorizedAccount(event.accountId) ? "applied" : "unknown_account";
    }
    case "payment.succeeded":
    case "payment.failed":
    case "payment.updated": {
      const txn = transactionForIntent(event.accountId, event.intent.id);
      if (!txn) return recordUnactionable(event, event.type, "unknown_payment");
      const change = applyIntentState(txn.id, event.intent, event.id, event.type);
      return change.duplicateEvent ? "duplicate" : change.moved ? "applied" : "unchanged";
    }
    case "charge.refunded": {
      const txn = transactionForIntent(event.accountId, event.intentId);
      if (!txn) return recordUnactionable(event, event.type, "unknown_payment");
      return recordRefund(txn.id, event.amountRefundedCents, event.id);
    }
    case "dispute.updated":
      return recordDispute(event.id, event.accountId, event.dispute);
    case "livemode_mismatch":
      // Connect endpoints receive live and test events alike; the other mode's are not ours.
      return "livemode_mismatch";
    case "ignored":
      return recordUnactionable(event, event.eventType, "not_handled");
  }
}

/**
 * The seller disconnected the platform: the account id is dead (it can never take our
 * payments again), so it is forgotten and the shop goes offline, which reopens the
 * stripe_connect onboarding step; connecting again creates a new account.
 */
function forgetDeauthorizedAccount(accountId: string): boolean {
  return writeTransaction((tx) => {
    const profile = tx
      .update(sellerProfiles)
      .set({
        stripeConnectAccountId: null,
        stripeChargesEnabled: false,
        stripePayoutsEnabled: false,
        stripeDetailsSubmitted: false,
        stripeOnboardingCompleted: false,
        paymentAccountGeneration: sql`${sellerProfiles.paymentAccountGeneration} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(sellerProfiles.stripeConnectAccountId, accountId))
      .returning({ userId: sellerProfiles.userId })
      .get();
    if (!profile) return false;
    tx.update(shops).set({ isLive: false, updatedAt: new Date() }).where(eq(shops.ownerId, profile.userId)).run();
    return true;
  });
}

/**
 * Moves a transaction and its order to the state their refunded total gives (partially
 * refunded, or refunded once nothing is left), forward only. Returns the new state if it moved.
 */
export function applyRefundedTotal(tx: Transaction, txn: PaymentTransaction, refundedCents: number): PaymentStatus | null {
  const total = Math.max(txn.refundedAmountCents, refundedCents);
  const to = paymentStatusAfterRefund(txn.amountCents, total);
  const moves = canMovePayment(txn.status, to);
  const now = new Date();
  tx.update(paymentTransactions)
    .set({ refundedAmountCents: total, ...(moves ? { status: to } : {}), updatedAt: now })
    .where(eq(paymentTransactions.id, txn.id))
    .run();
  if (moves) tx.update(orders).set({ paymentStatus: to, updatedAt: now }).where(eq(orders.id, txn.orderId)).run();
  return moves ? to : null;
}

/**
 * The provider reports a payment's refunded total (Stripe's charge.refunded), once per
 * event. Our own refunds still waiting for the provider are complete once the total covers
 * them; a refund made elsewhere (the Stripe dashboard) is recorded in the history too.
 */
export function recordRefund(transactionId: string, amountRefundedCents: number, eventId?: string): EventOutcome {
  return writeTransaction((tx) => {
    const txn = tx.select().from(paymentTransactions).where(eq(paymentTransactions.id, transactionId)).get();
    if (!txn) return "unknown_payment";
    if (eventId) {
      const recorded = tx
        .insert(paymentEvents)
        .values({ id: eventId, provider: txn.provider, type: "charge.refunded", accountId: txn.providerAccountId })
        .onConflictDoNothing()
        .returning({ id: paymentEvents.id })
        .get();
      if (!recorded) return "duplicate";
    }
    const ours = tx
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.transactionId, txn.id), ne(orderRefunds.status, "failed")))
      .all();
    const oursTotal = ours.reduce((sum, r) => sum + r.amountCents, 0);
    const known = Math.max(txn.refundedAmountCents, oursTotal);
    const moved = applyRefundedTotal(tx, txn, amountRefundedCents);
    const status = moved ?? txn.status;
    const now = new Date();
    const completed = amountRefundedCents >= oursTotal ? ours.filter((r) => r.status === "pending") : [];
    for (const refund of completed) {
      tx.update(orderRefunds).set({ status: "succeeded", updatedAt: now }).where(eq(orderRefunds.id, refund.id)).run();
      tx.insert(orderEvents)
        .values({
          orderId: txn.orderId,
          shopId: txn.shopId,
          kind: "refund",
          toValue: status,
          amountCents: refund.amountCents,
          note: refund.reason,
          actorUserId: refund.actorUserId,
        })
        .run();
    }
    const elsewhere = amountRefundedCents - known;
    if (elsewhere > 0) {
      tx.insert(orderEvents)
        .values({ orderId: txn.orderId, shopId: txn.shopId, kind: "refund", toValue: status, amountCents: elsewhere })
        .run();
    }
    return moved !== null || elsewhere > 0 || completed.length > 0 ? "applied" : "unchanged";
  });
}

export function parseWebhookEvent(rawBody: string, signature: string | null): ProviderEvent {
  try {
    return getPaymentProvider().parseWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof ProviderRequestError) {
      requestLog().warn({ reason: error.code, detail: error.message }, "webhook refused");
      throw new ValidationError("payments.errors.webhook_invalid");
    }
    throw error;
  }
}

/* ------------------------------------------------------ simulated provider */

/** The built-in card form: confirms the intent with a test card and records the outcome. */
export async function payWithSimulatedCard(clientSecret: string, card: CardInput): Promise<ProviderIntent> {
  if (getPaymentProvider().slug !== "simulated") throw new NotFoundError("errors.api_not_found");
  const { intent, event } = await withProvider(async () => confirmSimulatedIntent(clientSecret, card), "payments.errors.confirm_failed");
  if (event) await handleProviderEvent(event);
  return intent;
}

/**
 * The simulated bank's authentication step, for the paying shopper's browser only (the
 * shopper cookie that placed the order), as a real 3-D Secure challenge is: knowing the
 * intent id is not enough. Anyone else gets a 404, as if the intent did not exist.
 */
export function simulatedChallengeFor(intentId: string, viewer: OrderViewer): SimulatedIntent {
  const notFound = new NotFoundError("payments.errors.transaction_not_found");
  if (getPaymentProvider().slug !== "simulated" || !viewer.shopperKeyHash) throw notFound;
  const row = getDatabase()
    .select({ intent: simulatedPaymentIntents, shopperKeyHash: orders.shopperKeyHash })
    .from(simulatedPaymentIntents)
    .innerJoin(
      paymentTransactions,
      and(eq(paymentTransactions.providerPaymentId, simulatedPaymentIntents.id), eq(paymentTransactions.provider, "simulated")),
    )
    .innerJoin(orders, eq(orders.id, paymentTransactions.orderId))
    .where(eq(simulatedPaymentIntents.id, intentId))
    .get();
  if (!row || row.shopperKeyHash !== viewer.shopperKeyHash) throw notFound;
  return row.intent;
}

/** The paying shopper answered the simulated bank's authentication: Complete or Fail. */
export async function answerSimulatedAuthentication(
  intentId: string,
  outcome: "complete" | "fail",
  viewer: OrderViewer,
): Promise<ProviderIntent> {
  simulatedChallengeFor(intentId, viewer);
  const { intent, event } = await withProvider(
    async () => finishSimulatedAuthentication(intentId, outcome),
    "payments.errors.confirm_failed",
  );
  if (event) await handleProviderEvent(event);
  return intent;
}

/** The simulated onboarding form was sent for the seller's own account. */
export async function finishSimulatedOnboarding(accountId: string, details: { businessName: string; country: string }): Promise<void> {
  const event = await withProvider(async () => completeSimulatedOnboarding(accountId, details), "payments.errors.connect_failed");
  await handleProviderEvent(event);
}

/**
 * The order's amount is about to change or the order is cancelled before payment: its
 * intent is cancelled at the provider first, so the old amount can never be paid later.
 * When the provider refuses, the shopper may have just paid: the provider's real state is
 * recorded and the change is refused instead of losing that payment.
 */
export async function discardUnpaidIntent(orderId: number): Promise<void> {
  const txn = findOrderTransaction(orderId);
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
      applyIntentState(txn.id, intent);
      if (intent.status === "succeeded") throw new ConflictError("payments.errors.already_paid");
      if (intent.status === "processing") throw new ConflictError("payments.errors.in_progress");
      throw providerFailure(error, "payments.errors.cancel_failed");
    }
  }
  getDatabase()
    .update(paymentTransactions)
    .set({ status: "canceled", updatedAt: new Date() })
    .where(eq(paymentTransactions.id, txn.id))
    .run();
}
