import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { OnboardingProgress, type OnboardingView } from "~/components/sellers/onboarding-progress";
import { ApiKeysCard, type ApiKeyView } from "./api-keys-card";
import { SellerProfileForm, type SellerProfileValues } from "~/components/sellers/seller-profile-form";
import { VerificationBadge } from "~/components/sellers/verification-badge";
import { buttonClasses } from "~/components/ui/button";
import { countryName } from "~/lib/countries";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

export type SellerTabData = SellerProfileValues & {
  apiKeys: ApiKeyView[];
  business_type_display: string;
  verification_status: string;
  rejection_reason: string;
  shop_url: string | null;
  is_onboarding_complete: boolean;
  onboarding: OnboardingView;
};

export function SellerTab({
  seller,
  editing,
  lastResult,
}: {
  seller: SellerTabData;
  editing: boolean;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t, i18n } = useTranslation();
  const rows: [string, string][] = [
    [t("sellers.fields.business_name"), seller.business_name],
    [t("sellers.fields.business_type"), seller.business_type_display],
    [t("sellers.fields.business_address"), seller.business_address],
    [t("sellers.fields.contact_email"), seller.contact_email],
    [t("sellers.fields.contact_phone"), seller.contact_phone],
    [t("sellers.fields.website"), seller.website],
    [t("sellers.fields.tax_id"), seller.tax_id],
    [t("sellers.fields.siret"), seller.siret],
    [t("sec_payments.country.label"), countryName(seller.country, i18n.language)],
  ];
  return (
    <div className="mt-6 space-y-6">
      <Card>
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-3">
            <CardTitle>{t("sellers.profile.title")}</CardTitle>
            <VerificationBadge status={seller.verification_status} />
          </div>
          {!editing ? (
            <Link to="/account?section=seller&edit=seller" preventScrollReset className={buttonClasses("outline", "sm")}>
              {t("sellers.profile.edit")}
            </Link>
          ) : null}
        </CardHeader>
        <CardContent className="space-y-6">
          {seller.verification_status === "rejected" ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {t("sellers.profile.rejected", { reason: seller.rejection_reason || t("sellers.verification.default_rejection_reason") })}
            </p>
          ) : null}
          {editing ? (
            <SellerProfileForm defaultValue={seller} lastResult={lastResult} cancelHref="/account?section=seller" />
          ) : (
            <dl className="grid gap-4 sm:grid-cols-2" data-testid="seller-profile-view">
              {rows.map(([label, value]) => (
                <div key={label}>
                  <dt className="text-xs font-medium text-slate-500 uppercase">{label}</dt>
                  <dd className="mt-1 break-words">{value || "—"}</dd>
                </div>
              ))}
            </dl>
          )}
          <div>
            <p className="text-xs font-medium text-slate-500 uppercase">{t("sellers.profile.shop_url")}</p>
            {seller.is_onboarding_complete && seller.shop_url ? (
              <a href={seller.shop_url} className="mt-1 inline-block font-medium text-brand-700 underline" data-testid="shop-url">
                {seller.shop_url}
              </a>
            ) : (
              <p className="mt-1 text-sm text-slate-500" data-testid="shop-url-pending">
                {t("sellers.profile.shop_url_pending")}
              </p>
            )}
          </div>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t("onboarding.title")}</CardTitle>
        </CardHeader>
        <CardContent>
          <OnboardingProgress onboarding={seller.onboarding} />
        </CardContent>
      </Card>
      <ApiKeysCard keys={seller.apiKeys} />
    </div>
  );
}
