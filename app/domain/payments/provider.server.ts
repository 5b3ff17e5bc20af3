import { DomainError, PaymentRequiredError, ProviderError, ValidationError } from "~/domain/errors.server";
import type { PaymentStatus } from "~db/schema";

/**
 * One interface for the card-payment providers: Stripe Connect (direct charges on the
 * seller's connected account) and the built-in simulated provider.
 */
export type ProviderSlug = "stripe" | "simulated";

export type AccountStatus = {
  accountId: string;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  detailsSubmitted: boolean;
  currentlyDue: string[];
};

export type ProviderIntent = {
  id: string;
  clientSecret: string | null;
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  /** The provider's message for the last failure (e.g. "Your card was declined."). */
  lastError: string | null;
  /** For the simulated provider: where the shopper completes authentication. */
  nextActionUrl: string | null;
};

/** A chargeback on one of our payments, as the provider reports it. */
export type ProviderDispute = {
  id: string;
  intentId: string;
  amountCents: number;
  currency: string;
  /** The provider's reason code (fraudulent, product_not_received, ...). */
  reason: string;
  /** The provider's status (needs_response, under_review, won, lost, ...). */
  status: string;
  evidenceDueBy: Date | null;
};

/** What becomes of a refund at the provider: Stripe's canceled counts as failed (nothing went back). */
export type ProviderRefundStatus = "succeeded" | "pending" | "failed";

/** A refund as the provider's refund events tell it (Stripe's Refund object). */
export type ProviderRefund = {
  id: string;
  intentId: string | null;
  amountCents: number;
  status: ProviderRefundStatus;
  /** Why it failed, the provider's code (Stripe: lost_or_stolen_card, expired_or_canceled_card, ...). */
  failureReason: string | null;
  /** Our order_refunds id, sent with the refund (metadata), so that its events find it before its answer is stored. */
  orderRefundId: number | null;
};

/** Provider events, normalised; Stripe webhooks and simulated events become these. */
export type ProviderEvent =
  | { id: string; type: "account.updated"; accountId: string; status: AccountStatus }
  | { id: string; type: "account.deauthorized"; accountId: string }
  | { id: string; type: "payment.succeeded" | "payment.failed" | "payment.updated"; accountId: string; intent: ProviderIntent }
  /** `reportedAt`: when the provider made the event (its clock), null when unknown. */
  | { id: string; type: "charge.refunded"; accountId: string; intentId: string; amountRefundedCents: number; reportedAt: Date | null }
  /** One of our refunds changed at the provider (Stripe: refund.failed, refund.updated, charge.refund.updated). */
  | { id: string; type: "refund.updated"; eventType: string; accountId: string; refund: ProviderRefund; reportedAt: Date | null }
  | { id: string; type: "dispute.updated"; accountId: string; dispute: ProviderDispute }
  | { id: string; type: "ignored"; accountId: string | null; eventType: string }
  /** An event of the other mode (live vs test): a Connect endpoint receives both. */
  | { id: string; type: "livemode_mismatch"; accountId: string | null; eventType: string };

export interface PaymentProvider {
  readonly slug: ProviderSlug;
  /** Shown on every payment screen of the simulated provider. */
  readonly testMode: boolean;
  createConnectedAccount(input: {
    sellerId: number;
    email: string;
    businessName: string;
    country: string;
    idempotencyKey: string;
  }): Promise<{ accountId: string }>;
  createOnboardingLink(input: { accountId: string; returnUrl: string; refreshUrl: string }): Promise<{ url: string }>;
  retrieveAccount(accountId: string): Promise<AccountStatus>;
  createPaymentIntent(input: {
    accountId: string;
    amountCents: number;
    currency: string;
    applicationFeeCents: number;
    idempotencyKey: string;
    metadata: Record<string, string>;
  }): Promise<ProviderIntent>;
  retrievePaymentIntent(accountId: string, intentId: string): Promise<ProviderIntent>;
  /** Cancels an unpaid intent (e.g. the order's amount changed). */
  cancelPaymentIntent(accountId: string, intentId: string): Promise<void>;
  /**
   * Refunds `amountCents` of a succeeded payment (several partial refunds may follow each
   * other), giving back the platform fee in proportion. A retry with the same idempotency
   * key returns the first refund instead of refunding twice.
   */
  refundPayment(input: {
    accountId: string;
    intentId: string;
    amountCents: number;
    reason: string;
    /** Our order_refunds id, which the provider's events about the refund carry back. */
    orderRefundId: number;
    idempotencyKey: string;
  }): Promise<{ refundId: string; status: ProviderRefundStatus }>;
  /** Verifies and reads a webhook delivery (Stripe only). */
  parseWebhook(rawBody: string, signature: string | null): ProviderEvent;
}

/** Provider failures surface as this error (its message is shown, the spec prefers the provider's). */
export class ProviderRequestError extends Error {
  constructor(
    message: string,
    readonly code: "card_declined" | "invalid_request" | "unavailable" | "signature",
  ) {
    super(message);
  }
}

/**
 * The one rule for what a provider failure means to our caller: a request the provider
 * found invalid (unknown client secret, intent or account) or a refused card is the
 * caller's fault (4xx, with the provider's message); only an unreachable or failing
 * provider is a 502.
 */
export function providerFailure(error: ProviderRequestError, fallbackKey = "errors.server"): DomainError {
  const message = error.message || fallbackKey;
  switch (error.code) {
    case "invalid_request":
    case "signature":
      return new ValidationError(message);
    case "card_declined":
      return new PaymentRequiredError(message);
    case "unavailable":
      return new ProviderError(message);
  }
}
