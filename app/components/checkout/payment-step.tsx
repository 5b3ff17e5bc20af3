import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { IntentButton } from "~/components/forms/intent-button";
import { useRootData } from "~/components/site/root-data";
import { Alert } from "~/components/ui/alert";
import { BackLink } from "~/components/ui/back-link";
import { buttonClasses } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { translateMessage } from "~/lib/messages";
import type { CardResult, Data } from "./checkout-page";
import { HoldNotice } from "./hold-notice";
import { PaymentSetupError } from "./payment-setup-error";

const SimulatedCardForm = lazy(() => import("./simulated-card-form").then((m) => ({ default: m.SimulatedCardForm })));
const StripePayment = lazy(() => import("./stripe-payment"));

/** The checkout's payment step: the order's hold, then the provider's card form. */
export function PaymentStep({ data, cardResult }: { data: Data; cardResult: CardResult | null }) {
  const { t } = useTranslation();
  const { csrfToken } = useRootData();
  const order = data.order!;
  // Opened from its status link in another browser: the order can be paid here, not changed.
  const back = data.editable ? (
    <BackLink to={`/?order=${order.id}&step=shipping`}>{t("checkout.payment.back")}</BackLink>
  ) : (
    <div data-testid="details-locked">
      <Alert tone="info">
        {t("checkout.payment.details_locked")}{" "}
        <Link to="/orders/access" className="font-medium underline">
          {t("checkout.payment.details_locked_access")}
        </Link>
      </Alert>
    </div>
  );
  if (order.paymentStatus === "processing") {
    // The bank has the payment: no second payment form, no edit; a webhook settles it.
    return (
      <div className="space-y-4" data-testid="payment-processing">
        <Alert tone="info" title={t("sec_payments.processing.title")}>
          {t("sec_payments.processing.body")}
        </Alert>
        <Link to={`/?order=${order.id}&step=payment`} className={buttonClasses("outline")}>
          {t("sec_payments.processing.refresh")}
        </Link>
      </div>
    );
  }
  if (!data.payment) {
    return (
      <div className="space-y-4">
        {back}
        {data.hold ? <HoldNotice hold={data.hold} /> : null}
        {data.hold?.state === "sold_out" ? null : (
          <>
            <Alert tone="warning" title={t("checkout.payment.not_ready")} />
            <IntentButton intent="start-payment" fields={{ order: order.id }} variant="primary" size="md">
              {t("checkout.payment.prepare")}
            </IntentButton>
          </>
        )}
      </div>
    );
  }
  const lastError = data.payment.lastError ? translateMessage(t, data.payment.lastError) : null;
  // Its units went to someone else after the hold ended: no way to pay, nobody charged.
  if (data.hold?.state === "sold_out") {
    return (
      <div className="space-y-4">
        {back}
        <HoldNotice hold={data.hold} />
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {back}
      {data.hold ? <HoldNotice hold={data.hold} /> : null}
      {data.provider.slug === "simulated" ? (
        <SimulatedCardForm
          orderId={order.id}
          amountCents={order.totalCents}
          currency={data.currency}
          lastResult={cardResult?.card}
          error={cardResult?.cardError ?? lastError}
          constraint={data.constraints.card}
        />
      ) : data.provider.publishableKey ? (
        <>
          <noscript>
            <Alert tone="warning" title={t("checkout.payment.needs_javascript")} />
          </noscript>
          <Suspense fallback={<Spinner label={t("common.loading")} />}>
            <StripePayment
              publishableKey={data.provider.publishableKey}
              accountId={data.payment.accountId}
              clientSecret={data.payment.clientSecret}
              transactionId={data.payment.transactionId}
              orderId={order.id}
              amountCents={order.totalCents}
              currency={data.currency}
              csrfToken={csrfToken}
            />
          </Suspense>
        </>
      ) : (
        <PaymentSetupError contactEmail={data.contactEmail} />
      )}
    </div>
  );
}
