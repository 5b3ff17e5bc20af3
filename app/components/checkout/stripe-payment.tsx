import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "~/components/ui/toasts";
import { CSRF_HEADER } from "~/lib/csrf";
import { formatMoney } from "~/lib/money";
import { CheckoutSubmit } from "./checkout-submit";

/**
 * The Stripe Payment Element on the seller's connected account. This module (and Stripe.js)
 * is loaded only on the payment step, and only with the Stripe provider.
 */
type Props = {
  publishableKey: string;
  accountId: string;
  clientSecret: string;
  transactionId: string;
  orderId: number;
  amountCents: number;
  currency: string;
  csrfToken: string;
};

const stripePromises = new Map<string, Promise<Stripe | null>>();

export default function StripePayment(props: Props) {
  const { i18n } = useTranslation();
  const stripe = useMemo(() => {
    const key = `${props.publishableKey}|${props.accountId}`;
    if (!stripePromises.has(key)) stripePromises.set(key, loadStripe(props.publishableKey, { stripeAccount: props.accountId }));
    return stripePromises.get(key)!;
  }, [props.publishableKey, props.accountId]);
  return (
    <Elements stripe={stripe} options={{ clientSecret: props.clientSecret, locale: i18n.language === "fr" ? "fr" : "en" }}>
      <PaymentForm {...props} />
    </Elements>
  );
}

function PaymentForm({ transactionId, orderId, amountCents, currency, csrfToken }: Props) {
  const { t, i18n } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function pay(event: React.FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    const returnUrl = `${window.location.origin}/payment-success?transaction_id=${encodeURIComponent(transactionId)}`;
    const result = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl }, redirect: "if_required" });
    if (result.error) {
      toast.error(result.error.message ?? t("checkout.payment_failed"));
      setBusy(false);
      return;
    }
    // Tell the server, which asks Stripe itself before recording anything.
    const response = await fetch("/api/v1/payment/confirm/", {
      method: "POST",
      headers: { "Content-Type": "application/json", [CSRF_HEADER]: csrfToken },
      body: JSON.stringify({ transaction_id: transactionId, payment_intent_id: result.paymentIntent.id }),
    }).catch(() => null);
    const body = (await response?.json().catch(() => null)) as { status?: string } | null;
    // Still with the bank: the payment step shows it as processing (never as a failure).
    if (response?.ok && body?.status === "processing") {
      // The router reports its own navigation errors (error boundary): nothing to wait for here.
      void navigate(`/?order=${orderId}&step=payment`);
      return;
    }
    if (!response?.ok || body?.status !== "succeeded") {
      toast.error(t("checkout.confirmation_failed"));
      setBusy(false);
      return;
    }
    void navigate(`/?order=${orderId}&step=success`);
  }

  return (
    <form onSubmit={(e) => void pay(e)} className="space-y-4">
      <PaymentElement />
      <CheckoutSubmit pending={busy} disabled={!stripe} pendingLabel={t("checkout.payment.processing")}>
        {t("checkout.payment.pay", { amount: formatMoney(amountCents, currency, i18n.language) })}
      </CheckoutSubmit>
    </form>
  );
}
