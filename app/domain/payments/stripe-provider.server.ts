import Stripe from "stripe";
import { parsePathId } from "~/lib/path-id";
import type { PaymentStatus } from "~db/schema";
import type {
  AccountStatus,
  PaymentProvider,
  ProviderEvent,
  ProviderIntent,
  ProviderRefund,
  ProviderRefundStatus,
} from "./provider.server";
import { ProviderRequestError } from "./provider.server";

const STATUS: Record<Stripe.PaymentIntent.Status, PaymentStatus> = {
  requires_payment_method: "requires_payment_method",
  requires_confirmation: "pending",
  requires_action: "requires_action",
  processing: "processing",
  requires_capture: "processing",
  canceled: "canceled",
  succeeded: "succeeded",
};

function intentOf(intent: Stripe.PaymentIntent): ProviderIntent {
  return {
    id: intent.id,
    clientSecret: intent.client_secret,
    // A failed attempt leaves the intent waiting for another card: we call that "failed".
    status: intent.status === "requires_payment_method" && intent.last_payment_error ? "failed" : (STATUS[intent.status] ?? "pending"),
    amountCents: intent.amount,
    currency: intent.currency.toUpperCase(),
    lastError: intent.last_payment_error?.message ?? null,
    nextActionUrl: null,
  };
}

function accountOf(account: Stripe.Account): AccountStatus {
  return {
    accountId: account.id,
    chargesEnabled: Boolean(account.charges_enabled),
    payoutsEnabled: Boolean(account.payouts_enabled),
    detailsSubmitted: Boolean(account.details_submitted),
    currentlyDue: account.requirements?.currently_due ?? [],
  };
}

/** A refund's status: requires_action waits like pending; canceled gave nothing back, like failed. */
function refundStatusOf(status: string | null): ProviderRefundStatus {
  return status === "succeeded" ? "succeeded" : status === "failed" || status === "canceled" ? "failed" : "pending";
}

/** Our order_refunds id, from the metadata we create refunds with (absent on the dashboard's refunds). */
function orderRefundIdOf(refund: Stripe.Refund): number | null {
  return parsePathId(refund.metadata?.order_refund_id);
}

function refundOf(refund: Stripe.Refund): ProviderRefund {
  return {
    id: refund.id,
    intentId: typeof refund.payment_intent === "string" ? refund.payment_intent : (refund.payment_intent?.id ?? null),
    amountCents: refund.amount,
    status: refundStatusOf(refund.status),
    failureReason: refund.failure_reason ?? null,
    orderRefundId: orderRefundIdOf(refund),
  };
}

/** When Stripe made the event (whole seconds), which orders the totals it reports. */
function reportedAtOf(event: Stripe.Event): Date | null {
  return Number.isFinite(event.created) ? new Date(event.created * 1000) : null;
}

/** Stripe errors keep their message; network trouble becomes "unavailable". */
async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) throw new ProviderRequestError(error.message, "card_declined");
    if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new ProviderRequestError(error.message, "invalid_request");
    if (error instanceof Stripe.errors.StripeError) throw new ProviderRequestError(error.message, "unavailable");
    throw error;
  }
}

/**
 * Stripe Connect with direct charges: the seller's connected account is the merchant and
 * pays the card fee; the platform takes `application_fee_amount` (spec section 9).
 */
export function createStripeProvider(options: { secretKey: string; webhookSecret: string; apiUrl?: string }): PaymentProvider {
  const api = options.apiUrl ? new URL(options.apiUrl) : null;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api ? { host: api.hostname, port: api.port, protocol: api.protocol.replace(":", "") as "http" | "https" } : {}),
  });
  const livemode = options.secretKey.startsWith("sk_live_");

  return {
    slug: "stripe",
    testMode: !livemode,
    createConnectedAccount: ({ sellerId, email, businessName, country, idempotencyKey }) =>
      call(async () => {
        const account = await stripe.accounts.create(
          {
            country,
            email,
            business_profile: { name: businessName },
            // The seller pays the fees and Stripe handles losses; full Stripe dashboard.
            controller: { fees: { payer: "account" }, losses: { payments: "stripe" }, stripe_dashboard: { type: "full" } },
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            metadata: { seller_id: String(sellerId) },
          },
          { idempotencyKey },
        );
        return { accountId: account.id };
      }),
    createOnboardingLink: ({ accountId, returnUrl, refreshUrl }) =>
      call(async () => {
        const link = await stripe.accountLinks.create({
          account: accountId,
          type: "account_onboarding",
          return_url: returnUrl,
          refresh_url: refreshUrl,
        });
        return { url: link.url };
      }),
    retrieveAccount: (accountId) => call(async () => accountOf(await stripe.accounts.retrieve(accountId))),
    createPaymentIntent: ({ accountId, amountCents, currency, applicationFeeCents, idempotencyKey, metadata }) =>
      call(async () =>
        intentOf(
          await stripe.paymentIntents.create(
            {
              amount: amountCents,
              currency: currency.toLowerCase(),
              application_fee_amount: applicationFeeCents,
              // The product takes cards: no delayed methods (SEPA debit, bank redirects) whose
              // intents stay "processing" for days.
              allowed_payment_method_types: ["card"],
              metadata,
            },
            { stripeAccount: accountId, idempotencyKey },
          ),
        ),
      ),
    retrievePaymentIntent: (accountId, intentId) =>
      call(async () => intentOf(await stripe.paymentIntents.retrieve(intentId, {}, { stripeAccount: accountId }))),
    cancelPaymentIntent: (accountId, intentId) =>
      call(async () => {
        await stripe.paymentIntents.cancel(intentId, {}, { stripeAccount: accountId });
      }),
    refundPayment: ({ accountId, intentId, amountCents, reason, orderRefundId, idempotencyKey }) =>
      call(async () => {
        // refund_application_fee: Stripe gives back the platform fee in proportion to the
        // amount refunded (all of it for a full refund). Stripe's own `reason` is an enum,
        // so the seller's words travel as metadata, with our refund's id, which the refund's
        // events (refund.failed) carry back.
        const refund = await stripe.refunds.create(
          {
            payment_intent: intentId,
            amount: amountCents,
            refund_application_fee: true,
            metadata: { order_refund_id: String(orderRefundId), ...(reason ? { reason } : {}) },
          },
          { stripeAccount: accountId, idempotencyKey },
        );
        return { refundId: refund.id, status: refundStatusOf(refund.status) };
      }),
    parseWebhook(rawBody, signature) {
      if (!signature) throw new ProviderRequestError("Missing Stripe-Signature", "signature");
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret, 300);
      } catch (error) {
        throw new ProviderRequestError(error instanceof Error ? error.message : "Invalid signature", "signature");
      }
      // Connect endpoints receive both modes' events; answering 400 would make Stripe retry
      // the other mode's events for days, so they are acknowledged and ignored.
      if (event.livemode !== livemode)
        return { id: event.id, type: "livemode_mismatch", accountId: event.account ?? null, eventType: event.type };
      return normalizeStripeEvent(event);
    },
  };
}

/** Direct-charge events carry `account` (the connected account they happened on). */
export function normalizeStripeEvent(event: Stripe.Event): ProviderEvent {
  const accountId = event.account ?? null;
  switch (event.type) {
    case "account.updated":
      return { id: event.id, type: "account.updated", accountId: event.data.object.id, status: accountOf(event.data.object) };
    case "account.application.deauthorized":
      return accountId
        ? { id: event.id, type: "account.deauthorized", accountId }
        : { id: event.id, type: "ignored", accountId, eventType: event.type };
    case "payment_intent.succeeded":
    case "payment_intent.payment_failed":
    case "payment_intent.processing":
    case "payment_intent.requires_action":
    case "payment_intent.canceled":
      if (!accountId) return { id: event.id, type: "ignored", accountId, eventType: event.type };
      return {
        id: event.id,
        type:
          event.type === "payment_intent.succeeded"
            ? "payment.succeeded"
            : event.type === "payment_intent.payment_failed"
              ? "payment.failed"
              : "payment.updated",
        accountId,
        intent: intentOf(event.data.object),
      };
    case "charge.refunded": {
      const charge = event.data.object;
      const intentId = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
      if (!accountId || !intentId) return { id: event.id, type: "ignored", accountId, eventType: event.type };
      return {
        id: event.id,
        type: "charge.refunded",
        accountId,
        intentId,
        amountRefundedCents: charge.amount_refunded,
        reportedAt: reportedAtOf(event),
      };
    }
    // A refund's own events, on the connected account of its direct charge (a Connect endpoint
    // receives them with `account`): refund.failed when the card issuer sent it back, and
    // refund.updated / charge.refund.updated for every change of status, that failure included.
    case "refund.failed":
    case "refund.updated":
    case "charge.refund.updated": {
      if (!accountId) return { id: event.id, type: "ignored", accountId, eventType: event.type };
      return {
        id: event.id,
        type: "refund.updated",
        eventType: event.type,
        accountId,
        refund: refundOf(event.data.object),
        reportedAt: reportedAtOf(event),
      };
    }
    case "charge.dispute.created":
    case "charge.dispute.updated":
    case "charge.dispute.closed": {
      const dispute = event.data.object;
      const intentId = typeof dispute.payment_intent === "string" ? dispute.payment_intent : dispute.payment_intent?.id;
      if (!accountId || !intentId) return { id: event.id, type: "ignored", accountId, eventType: event.type };
      const dueBy = dispute.evidence_details?.due_by;
      return {
        id: event.id,
        type: "dispute.updated",
        accountId,
        dispute: {
          id: dispute.id,
          intentId,
          amountCents: dispute.amount,
          currency: dispute.currency.toUpperCase(),
          reason: dispute.reason,
          status: dispute.status,
          evidenceDueBy: dueBy ? new Date(dueBy * 1000) : null,
        },
      };
    }
    default:
      return { id: event.id, type: "ignored", accountId, eventType: event.type };
  }
}
