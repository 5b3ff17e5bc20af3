import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

export type PaymentStatusView = { accountId: string | null; canReceivePayments: boolean; payoutsEnabled: boolean; onboardingCompleted: boolean };

/** The payment-connection card (anchor #stripe-connect). */
export function PaymentConnectionCard({ isSeller, payment }: { isSeller: boolean; payment: PaymentStatusView | null }) {
  const { t } = useTranslation();
  const connected = Boolean(payment?.canReceivePayments);
  return (
    <Card id="stripe-connect" data-testid="payment-card" className="scroll-mt-24">
      <CardHeader>
        <CardTitle>{t("dashboard.payment.title")}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {!isSeller || !payment ? (
          <p className="text-slate-600">{t("dashboard.payment.not_seller")}</p>
        ) : (
          <>
            <Badge tone={connected ? "success" : payment.accountId ? "warning" : "neutral"} data-testid="payment-status">
              {connected ? t("dashboard.payment.connected") : payment.accountId ? t("dashboard.payment.incomplete") : t("dashboard.payment.not_connected")}
            </Badge>
            <p className="text-slate-600">{connected ? t("dashboard.payment.connected_help") : t("dashboard.payment.connect_help")}</p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
