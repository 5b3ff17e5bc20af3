import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { VerificationBadge } from "~/components/sellers/verification-badge";
import { buttonClasses } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

/** The seller-status card (shown to everyone: non-sellers are invited to become one). */
export function SellerStatusCard({ isSeller, status, reason }: { isSeller: boolean; status: string | null; reason: string }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="seller-status-card">
      <CardHeader>
        <CardTitle>{t("dashboard.seller_status.title")}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {isSeller && status ? (
          <>
            <VerificationBadge status={status} />
            <p className="text-slate-600">
              {t(`dashboard.seller_status.${status}`, { reason: reason || t("sellers.verification.default_rejection_reason") })}
            </p>
          </>
        ) : (
          <>
            <p className="text-slate-600">{t("dashboard.seller_status.not_seller")}</p>
            <Link to="/register" className={buttonClasses("primary", "sm")}>
              {t("nav.start_selling")}
            </Link>
          </>
        )}
      </CardContent>
    </Card>
  );
}
