import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useActionData, useFetcher, useLocation } from "react-router";
import { toast } from "~/components/ui/toasts";
import { useIntentPending } from "~/components/forms/use-intent-pending";
import { CsrfInput } from "~/components/forms/csrf-input";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { cx } from "~/lib/class-names";
import { useRootData } from "~/components/site/root-data";

export type PaymentStatusView = {
  accountId: string | null;
  canReceivePayments: boolean;
  payoutsEnabled: boolean;
  onboardingCompleted: boolean;
  testMode: boolean;
};

/**
 * The payment-connection card (anchor #stripe-connect): connect, follow the status. With an
 * account id, the status is refreshed from the provider as the dashboard loads.
 */
export function PaymentConnectionCard({ isSeller, payment }: { isSeller: boolean; payment: PaymentStatusView | null }) {
  const { t } = useTranslation();
  const { csrfToken } = useRootData();
  const location = useLocation();
  const refresher = useFetcher<{ ok: boolean; message?: string }>();
  const actionData = useActionData<{ ok: boolean; message?: string }>();
  const failure = refresher.data?.ok === false ? refresher.data.message : actionData?.ok === false ? actionData.message : undefined;
  useEffect(() => {
    if (failure) toast.error(failure);
  }, [failure, refresher.data, actionData]);
  const card = useRef<HTMLDivElement>(null);
  const [highlight, setHighlight] = useState(false);
  const connected = Boolean(payment?.canReceivePayments);
  const accountId = payment?.accountId ?? null;

  // Spec: the status update fires automatically on load when an account exists.
  const refreshed = useRef(false);
  useEffect(() => {
    if (!accountId || refreshed.current) return;
    refreshed.current = true;
    void refresher.submit({ intent: "refresh-payment-status", csrf: csrfToken }, { method: "post", action: "/dashboard" });
  }, [accountId, refresher, csrfToken]);

  // #stripe-connect: scroll to the card after 100 ms and highlight it for 1 s.
  useEffect(() => {
    if (location.hash !== "#stripe-connect") return;
    const scroll = setTimeout(() => {
      card.current?.scrollIntoView({ behavior: "smooth", block: "center" });
      setHighlight(true);
    }, 100);
    const clear = setTimeout(() => setHighlight(false), 1100);
    return () => {
      clearTimeout(scroll);
      clearTimeout(clear);
    };
  }, [location.hash, location.key]);

  const connecting = useIntentPending("connect-payments", { throughReload: true });
  return (
    <Card
      ref={card}
      id="stripe-connect"
      data-testid="payment-card"
      data-highlighted={highlight || undefined}
      className={cx("scroll-mt-24 transition-shadow duration-300", highlight && "ring-4 ring-brand-300")}
    >
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle>{t("dashboard.payment.title")}</CardTitle>
        {payment?.testMode ? <Badge tone="warning">{t("payments.test_mode")}</Badge> : null}
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {!isSeller || !payment ? (
          <p className="text-slate-600">{t("dashboard.payment.not_seller")}</p>
        ) : (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={connected ? "success" : accountId ? "warning" : "neutral"} data-testid="payment-status">
                {connected
                  ? t("dashboard.payment.connected")
                  : accountId
                    ? t("dashboard.payment.incomplete")
                    : t("dashboard.payment.not_connected")}
              </Badge>
              {refresher.state !== "idle" ? <span className="text-xs text-slate-500">{t("dashboard.payment.checking")}</span> : null}
            </div>
            <p className="text-slate-600">{connected ? t("dashboard.payment.connected_help") : t("dashboard.payment.connect_help")}</p>
            {failure ? (
              <p role="alert" className="text-sm text-red-700">
                {failure}
              </p>
            ) : null}
            {accountId ? (
              <dl className="grid grid-cols-2 gap-2 text-xs text-slate-600">
                <dt>{t("dashboard.payment.account")}</dt>
                <dd className="font-mono break-all">{accountId}</dd>
                <dt>{t("dashboard.payment.payouts")}</dt>
                <dd>{payment.payoutsEnabled ? t("dashboard.payment.enabled") : t("dashboard.payment.disabled")}</dd>
              </dl>
            ) : null}
            <div className="flex flex-wrap gap-2">
              {!connected ? (
                <Form method="post" action="/dashboard">
                  <CsrfInput />
                  <input type="hidden" name="intent" value="connect-payments" />
                  <Button type="submit" pending={connecting} pendingLabel={t("dashboard.payment.redirecting")}>
                    {accountId ? t("dashboard.payment.continue") : t("dashboard.payment.connect")}
                  </Button>
                </Form>
              ) : null}
              {accountId ? (
                <refresher.Form method="post" action="/dashboard">
                  <CsrfInput />
                  <input type="hidden" name="intent" value="refresh-payment-status" />
                  <Button type="submit" variant="outline" pending={refresher.state !== "idle"}>
                    {t("dashboard.payment.refresh")}
                  </Button>
                </refresher.Form>
              ) : null}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
