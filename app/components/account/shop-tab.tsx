import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { OnboardingProgress, type OnboardingView } from "~/components/sellers/onboarding-progress";
import { CustomizationForm, type CustomizationValues } from "~/components/shops/customization-form";
import { Alert } from "~/components/ui/alert";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";

export type ShopTabData = { unlocked: boolean; onboarding: OnboardingView; customization: CustomizationValues; savedAt: string };

/** Until onboarding is complete the tab says what is missing; then the customization form. */
export function ShopTab({
  shop,
  action,
  lastResult,
}: {
  shop: ShopTabData;
  action: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation();
  if (!shop.unlocked) {
    return (
      <div className="mt-6 space-y-4" data-testid="customization-locked">
        <Alert tone="warning" title={t("customization.locked.title")}>
          {t("customization.locked.body")}
        </Alert>
        <Card>
          <CardContent className="pt-6">
            <OnboardingProgress onboarding={shop.onboarding} compact />
          </CardContent>
        </Card>
      </div>
    );
  }
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>{t("customization.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        {/* A new save remounts the form, so it shows what was stored (normalised colours,
            sanitised CSS), not what was typed. */}
        <CustomizationForm key={shop.savedAt} initial={shop.customization} action={action} lastResult={lastResult} />
      </CardContent>
    </Card>
  );
}
