import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { getDatabase, writeTransaction } from "~db/client";
import { simulatedAccounts, simulatedPaymentIntents, simulatedRefunds } from "~db/schema";
import type { AccountStatus, PaymentProvider, ProviderEvent, ProviderIntent } from "./provider.server";
import { ProviderRequestError } from "./provider.server";
import { passesLuhn } from "~/lib/card-format";

/**
 * The built-in test-mode provider: behaves like Stripe (connected accounts with an
 * onboarding page, payment intents with client secrets, test cards, events) with no
 * account anywhere. Its "remote" state lives in the simulated_* tables.
 */
export const SIMULATED_CARDS = {
  success: "4242424242424242",
  declined: "4000000000000002",
  authentication: "4000002500003155",
} as const;

const randomId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString("hex")}`;

type IntentRow = typeof simulatedPaymentIntents.$inferSelect;
export type SimulatedIntent = IntentRow;
function intentOf(row: IntentRow): ProviderIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status === "requires_payment_method" && row.lastError ? "failed" : row.status,
    amountCents: row.amountCents,
    currency: row.currency,
    lastError: row.lastError || null,
    nextActionUrl: row.status === "requires_action" ? `/payments/simulated/authenticate/${row.id}` : null,
  };
}

function accountStatus(row: typeof simulatedAccounts.$inferSelect): AccountStatus {
  return {
    accountId: row.id,
    chargesEnabled: row.chargesEnabled,
    payoutsEnabled: row.payoutsEnabled,
    detailsSubmitted: row.detailsSubmitted,
    currentlyDue: row.detailsSubmitted ? [] : ["business_profile.name", "external_account"],
  };
}

async function findIntent(id: string): Promise<IntentRow> {
  const [row] = await getDatabase().select().from(simulatedPaymentIntents).where(eq(simulatedPaymentIntents.id, id)).limit(1);
  if (!row) throw new ProviderRequestError(`No such payment_intent: '${id}'`, "invalid_request");
  return row;
}

export async function findSimulatedIntentBySecret(clientSecret: string): Promise<IntentRow | undefined> {
  const [row] = await getDatabase()
    .select()
    .from(simulatedPaymentIntents)
    .where(eq(simulatedPaymentIntents.clientSecret, clientSecret))
    .limit(1);
  return row;
}

export function createSimulatedProvider(): PaymentProvider {
  return {
    slug: "simulated",
    testMode: true,
    async createConnectedAccount({ email, businessName, country }) {
      const id = randomId("acct_sim");
      await getDatabase().insert(simulatedAccounts).values({ id, email, businessName, country });
      return { accountId: id };
    },
    async createOnboardingLink({ accountId, returnUrl }) {
      // Our own onboarding page; it works on the signed-in seller's account only.
      const url = new URL("/payments/simulated/onboarding", returnUrl);
      url.searchParams.set("account", accountId);
      return { url: url.toString() };
    },
    async retrieveAccount(accountId) {
      const [row] = await getDatabase().select().from(simulatedAccounts).where(eq(simulatedAccounts.id, accountId)).limit(1);
      if (!row) throw new ProviderRequestError(`No such account: '${accountId}'`, "invalid_request");
      return accountStatus(row);
    },
    async createPaymentIntent({ accountId, amountCents, currency, applicationFeeCents, idempotencyKey, metadata }) {
      return writeTransaction(async (tx) => {
        const [existing] = await tx
          .select()
          .from(simulatedPaymentIntents)
          .where(eq(simulatedPaymentIntents.idempotencyKey, idempotencyKey))
          .limit(1);
        if (existing) return intentOf(existing);
        const [account] = await tx.select().from(simulatedAccounts).where(eq(simulatedAccounts.id, accountId)).limit(1);
        if (!account?.chargesEnabled) throw new ProviderRequestError("This account cannot currently make live charges.", "invalid_request");
        const id = randomId("pi_sim");
        const [row] = await tx
          .insert(simulatedPaymentIntents)
          .values({
            id,
            accountId,
            clientSecret: `${id}_secret_${crypto.randomBytes(12).toString("hex")}`,
            amountCents,
            currency,
            applicationFeeCents,
            idempotencyKey,
            metadata,
          })
          // Two calls with one key at once (PostgreSQL): both get the first intent, as at Stripe.
          .onConflictDoNothing({ target: simulatedPaymentIntents.idempotencyKey })
          .returning();
        if (row) return intentOf(row);
        const [first] = await tx
          .select()
          .from(simulatedPaymentIntents)
          .where(eq(simulatedPaymentIntents.idempotencyKey, idempotencyKey))
          .limit(1);
        return intentOf(first!);
      });
    },
    async retrievePaymentIntent(accountId, intentId) {
      const row = await findIntent(intentId);
      if (row.accountId !== accountId) throw new ProviderRequestError(`No such payment_intent: '${intentId}'`, "invalid_request");
      return intentOf(row);
    },
    async cancelPaymentIntent(accountId, intentId) {
      const row = await findIntent(intentId);
      if (row.accountId !== accountId || row.status === "succeeded")
        throw new ProviderRequestError("This PaymentIntent cannot be canceled.", "invalid_request");
      await getDatabase()
        .update(simulatedPaymentIntents)
        .set({ status: "canceled", updatedAt: new Date() })
        .where(eq(simulatedPaymentIntents.id, intentId));
    },
    async refundPayment({ accountId, intentId, amountCents, idempotencyKey }) {
      return writeTransaction(async (tx) => {
        const [done] = await tx.select().from(simulatedRefunds).where(eq(simulatedRefunds.idempotencyKey, idempotencyKey)).limit(1);
        if (done) return { refundId: done.id, status: "succeeded" as const };
        const [row] = await tx.select().from(simulatedPaymentIntents).where(eq(simulatedPaymentIntents.id, intentId)).limit(1);
        if (!row || row.accountId !== accountId) throw new ProviderRequestError(`No such payment_intent: '${intentId}'`, "invalid_request");
        if (row.status !== "succeeded") throw new ProviderRequestError("This payment cannot be refunded.", "invalid_request");
        const refunded = row.amountRefundedCents + amountCents;
        if (!Number.isInteger(amountCents) || amountCents <= 0 || refunded > row.amountCents) {
          throw new ProviderRequestError("Refund amount is greater than the unrefunded amount of the charge.", "invalid_request");
        }
        // Like refund_application_fee: the fee goes back in proportion; the last refund gives back the rest.
        const feeBack =
          refunded === row.amountCents
            ? row.applicationFeeCents - Math.round((row.applicationFeeCents * row.amountRefundedCents) / row.amountCents)
            : Math.round((row.applicationFeeCents * refunded) / row.amountCents) -
              Math.round((row.applicationFeeCents * row.amountRefundedCents) / row.amountCents);
        await tx
          .update(simulatedPaymentIntents)
          .set({ amountRefundedCents: refunded, updatedAt: new Date() })
          .where(eq(simulatedPaymentIntents.id, intentId));
        const [refund] = await tx
          .insert(simulatedRefunds)
          .values({ id: randomId("re_sim"), intentId, amountCents, applicationFeeRefundedCents: feeBack, idempotencyKey })
          .returning();
        return { refundId: refund!.id, status: "succeeded" as const };
      });
    },
    parseWebhook() {
      throw new ProviderRequestError("The simulated provider has no webhooks", "signature");
    },
  };
}

const eventId = () => randomId("evt_sim");

/** The simulated onboarding form was submitted: the account can take payments. */
export async function completeSimulatedOnboarding(
  accountId: string,
  details: { businessName: string; country: string },
): Promise<ProviderEvent> {
  const [row] = await getDatabase()
    .update(simulatedAccounts)
    .set({
      businessName: details.businessName,
      country: details.country,
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
    })
    .where(eq(simulatedAccounts.id, accountId))
    .returning();
  if (!row) throw new ProviderRequestError(`No such account: '${accountId}'`, "invalid_request");
  return { id: eventId(), type: "account.updated", accountId, status: accountStatus(row) };
}

export type CardInput = { number: string; expMonth: number; expYear: number; cvc: string };

/** Checks the card like a card form would; returns a message key or null. */
export function simulatedCardError(card: CardInput, now = new Date()): string | null {
  const number = card.number.replace(/[\s-]/g, "");
  if (!/^\d{13,19}$/.test(number) || !passesLuhn(number)) return "payments.card.number_invalid";
  if (!Number.isInteger(card.expMonth) || card.expMonth < 1 || card.expMonth > 12 || !Number.isInteger(card.expYear))
    return "payments.card.expiry_invalid";
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  if (year < now.getFullYear() || (year === now.getFullYear() && card.expMonth < now.getMonth() + 1)) return "payments.card.expired";
  if (!/^\d{3,4}$/.test(card.cvc)) return "payments.card.cvc_invalid";
  return null;
}

/**
 * Confirms a simulated intent with a card: 4242… succeeds, 4000 0000 0000 0002 is
 * declined, 4000 0025 0000 3155 asks for authentication. Returns the provider event.
 */
export async function confirmSimulatedIntent(
  clientSecret: string,
  card: CardInput,
): Promise<{ intent: ProviderIntent; event: ProviderEvent | null }> {
  return writeTransaction(async (tx) => {
    const [row] = await tx.select().from(simulatedPaymentIntents).where(eq(simulatedPaymentIntents.clientSecret, clientSecret)).limit(1);
    if (!row) throw new ProviderRequestError("No such payment_intent", "invalid_request");
    if (row.status === "succeeded" || row.status === "canceled") return { intent: intentOf(row), event: null };
    const number = card.number.replace(/[\s-]/g, "");
    const invalid = simulatedCardError(card);
    let set: Partial<IntentRow>;
    if (invalid) set = { status: "requires_payment_method", lastError: invalid };
    else if (number === SIMULATED_CARDS.declined) set = { status: "requires_payment_method", lastError: "payments.card.declined" };
    else if (number === SIMULATED_CARDS.authentication) set = { status: "requires_action", lastError: "" };
    else set = { status: "succeeded", lastError: "" };
    const [updated] = await tx
      .update(simulatedPaymentIntents)
      .set({ ...set, cardLast4: number.slice(-4), updatedAt: new Date() })
      .where(eq(simulatedPaymentIntents.id, row.id))
      .returning();
    const intent = intentOf(updated!);
    // A badly typed card never reaches the network, so it makes no event.
    if (invalid) return { intent, event: null };
    const type = intent.status === "succeeded" ? "payment.succeeded" : intent.status === "failed" ? "payment.failed" : "payment.updated";
    return { intent, event: { id: eventId(), type, accountId: row.accountId, intent } };
  });
}

/** The authentication page's answer: Complete (succeeds) or Fail. */
export async function finishSimulatedAuthentication(
  intentId: string,
  outcome: "complete" | "fail",
): Promise<{ intent: ProviderIntent; event: ProviderEvent | null }> {
  return writeTransaction(async (tx) => {
    const [row] = await tx.select().from(simulatedPaymentIntents).where(eq(simulatedPaymentIntents.id, intentId)).limit(1);
    if (!row) throw new ProviderRequestError("No such payment_intent", "invalid_request");
    if (row.status !== "requires_action") return { intent: intentOf(row), event: null };
    const [updated] = await tx
      .update(simulatedPaymentIntents)
      .set(
        outcome === "complete"
          ? { status: "succeeded", lastError: "" }
          : { status: "requires_payment_method", lastError: "payments.card.authentication_failed" },
      )
      .where(eq(simulatedPaymentIntents.id, intentId))
      .returning();
    const intent = intentOf(updated!);
    return {
      intent,
      event: { id: eventId(), type: outcome === "complete" ? "payment.succeeded" : "payment.failed", accountId: row.accountId, intent },
    };
  });
}
