import { ValidationError } from "~/domain/errors.server";
import { requestLog } from "~/lib/logger.server";
import { getDatabase } from "~db/client";
import type { PaymentTransaction } from "~db/schema";
import { applyAccountStatus, forgetDeauthorizedAccount, sellerOfAccount } from "./accounts.server";
import { recordDispute } from "./disputes.server";
import { recordProviderEvent, type EventOutcome } from "./event-log.server";
import { applyIntentState, transactionForIntent } from "./intents.server";
import { ProviderRequestError, type ProviderEvent } from "./provider.server";
import { getPaymentProvider, withProvider } from "./provider-registry.server";
import { recordRefund, recordRefundUpdate } from "./refunds.server";

/** Records an event we act on without a transaction of its own; false when it was seen already. */
function recordEventOnly(event: ProviderEvent, type: string): Promise<boolean> {
  return recordProviderEvent(getDatabase(), { id: event.id, provider: getPaymentProvider().slug, type, accountId: event.accountId });
}

/** Records an event we cannot act on; a second delivery is a duplicate. */
async function recordUnactionable(event: ProviderEvent, type: string, outcome: EventOutcome): Promise<EventOutcome> {
  return (await recordEventOnly(event, type)) ? outcome : "duplicate";
}

/**
 * Every provider event (Stripe webhook or simulated) goes through here, once per event id.
 * Returns what it did.
 */
export async function handleProviderEvent(
  event: ProviderEvent,
  known: { transaction?: PaymentTransaction } = {},
): Promise<{ processed: boolean; outcome: EventOutcome }> {
  const outcome = await applyProviderEvent(event, known);
  return { processed: outcome === "applied", outcome };
}

/** `known.transaction`: our transaction of the event's intent when the caller has just read it (the built-in card form). */
async function applyProviderEvent(event: ProviderEvent, known: { transaction?: PaymentTransaction }): Promise<EventOutcome> {
  switch (event.type) {
    case "account.updated": {
      const sellerId = await sellerOfAccount(event.accountId);
      if (sellerId === null) return recordUnactionable(event, event.type, "unknown_account");
      // Events can arrive out of order: apply the account's current state, not the payload's.
      const status = await withProvider(() => getPaymentProvider().retrieveAccount(event.accountId), "payments.errors.status_failed");
      if (!(await recordEventOnly(event, event.type))) return "duplicate";
      return (await applyAccountStatus(sellerId, status)) ? "applied" : "unchanged";
    }
    case "account.deauthorized": {
      if (!(await recordEventOnly(event, event.type))) return "duplicate";
      return (await forgetDeauthorizedAccount(event.accountId)) ? "applied" : "unknown_account";
    }
    case "payment.succeeded":
    case "payment.failed":
    case "payment.updated": {
      const mine = known.transaction;
      const txn =
        mine && mine.providerPaymentId === event.intent.id && mine.providerAccountId === event.accountId
          ? mine
          : await transactionForIntent(event.accountId, event.intent.id);
      if (!txn) return recordUnactionable(event, event.type, "unknown_payment");
      const change = await applyIntentState(txn.id, event.intent, event.id, event.type);
      return change.duplicateEvent ? "duplicate" : change.moved ? "applied" : "unchanged";
    }
    case "charge.refunded": {
      const txn = await transactionForIntent(event.accountId, event.intentId);
      if (!txn) return recordUnactionable(event, event.type, "unknown_payment");
      return recordRefund(txn.id, event.amountRefundedCents, event.id, event.reportedAt);
    }
    case "refund.updated":
      return recordRefundUpdate(event);
    case "dispute.updated":
      return recordDispute(event.id, event.accountId, event.dispute);
    case "livemode_mismatch":
      // Connect endpoints receive live and test events alike; the other mode's are not ours.
      return "livemode_mismatch";
    case "ignored":
      return recordUnactionable(event, event.eventType, "not_handled");
  }
}

/** The webhook's body, verified with the signing secret; a refusal is logged with the provider's reason. */
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
