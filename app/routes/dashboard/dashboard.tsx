import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, redirect, useFetcher } from "react-router";
import type { Route } from "./+types/dashboard";
import { useOnboardingCelebration } from "~/components/dashboard/celebration";
import { PaymentConnectionCard } from "~/components/dashboard/payment-card";
import { RecentActivity } from "~/components/dashboard/recent-activity";
import { SalesChart } from "~/components/dashboard/sales-chart";
import { ShopLiveCard } from "~/components/dashboard/shop-live-card";
import { StatTiles } from "~/components/dashboard/stat-tiles";
import { SellerStatusCard } from "~/components/dashboard/status-cards";
import { OnboardingProgress } from "~/components/sellers/onboarding-progress";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { mainPageMeta } from "~/routes/page-meta.server";
import { markOnboardingCelebrated } from "~/domain/sellers/celebration.server";
import { sellerDashboard } from "~/domain/sellers/dashboard.server";
import { loadSellerAccount } from "~/domain/sellers/onboarding.server";
import { CSRF_FIELD } from "~/lib/csrf";
import { DEFAULT_CURRENCY } from "~/lib/money";
import { metaDescriptors } from "~/lib/page-meta";
import { getI18nInstance } from "~/middleware/i18n.server";
import { currentSessionUser, currentUser } from "~/middleware/session.server";
import { DomainError } from "~/domain/errors.server";
import { useRootData } from "~/components/site/root-data";
import { connectPaymentAccount, getPaymentProvider, refreshPaymentAccountStatus } from "~/domain/payments/payments.server";

export function loader({ request, context }: Route.LoaderArgs) {
  const user = currentSessionUser(context);
  if (!user) throw redirect("/");
  // Staff without a shop have no seller dashboard: their work is the seller review.
  if (user.isStaff && !user.isSeller) throw redirect("/admin/sellers");
  const account = user.isSeller ? loadSellerAccount(user.id) : null;
  return {
    user,
    seller: account ? sellerDashboard(account, getPaymentProvider().testMode) : null,
    meta: mainPageMeta(getI18nInstance(context).t, "dashboard", new URL(request.url)),
  };
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta);

/** The payment card's forms: connect (to the provider's onboarding) and refresh the status. */
export async function action({ request, context }: Route.ActionArgs) {
  const t = getI18nInstance(context).t;
  const user = currentUser(context);
  if (!user) throw redirect("/");
  const intent = (await request.formData()).get("intent");
  try {
    if (intent === "connect-payments") {
      const { onboardingUrl } = await connectPaymentAccount(user);
      return redirect(onboardingUrl);
    }
    if (intent === "onboarding-celebrated") {
      markOnboardingCelebrated(user.id);
      return { ok: true };
    }
    if (intent === "refresh-payment-status") {
      await refreshPaymentAccountStatus(user);
      return { ok: true };
    }
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const message = intent === "connect-payments" ? t("payments.errors.connect_failed") : t("payments.errors.status_failed");
    return data({ ok: false, message }, { status: error.status });
  }
  throw data({ message: t("errors.unknown_action") }, { status: 400 });
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user, seller } = loaderData;
  const { csrfToken } = useRootData();
  const complete = Boolean(seller?.onboarding.isComplete);
  // After the celebration the onboarding card goes away (spec section 2); the server
  // remembers it per user, so it plays once whatever the browser.
  const [celebrated, setCelebrated] = useState(Boolean(seller?.celebrated));
  const record = useFetcher();
  useOnboardingCelebration({
    show: complete && !celebrated,
    onStart: () => void record.submit({ intent: "onboarding-celebrated", [CSRF_FIELD]: csrfToken }, { method: "post" }),
    onDone: () => setCelebrated(true),
  });
  const hideOnboarding = complete && celebrated;

  return (
    <section className="container-page space-y-6 py-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{t("dashboard.welcome", { name: user.firstName || user.username })}</h1>
        <p className="mt-2 text-slate-600">{t("dashboard.subtitle")}</p>
      </div>

      {seller ? (
        <>
          {seller.onboarding.isComplete && seller.shop ? <ShopLiveCard url={seller.shop.url} name={seller.shop.name} /> : null}
          <StatTiles stats={seller.stats} currency={seller.shop?.currency ?? DEFAULT_CURRENCY} />
          {!hideOnboarding ? (
            <Card data-testid="onboarding-card">
              <CardHeader>
                <CardTitle>{t("onboarding.title")}</CardTitle>
              </CardHeader>
              <CardContent>
                <OnboardingProgress onboarding={seller.onboarding} compact />
              </CardContent>
            </Card>
          ) : null}
          <div className="grid gap-6 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>{t("dashboard.chart.title")}</CardTitle>
              </CardHeader>
              <CardContent>
                <SalesChart days={seller.salesByDay} currency={seller.shop?.currency ?? DEFAULT_CURRENCY} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>{t("dashboard.activity.title")}</CardTitle>
              </CardHeader>
              <CardContent>
                <RecentActivity items={seller.activity} currency={seller.shop?.currency ?? DEFAULT_CURRENCY} />
              </CardContent>
            </Card>
          </div>
        </>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-2">
        <SellerStatusCard isSeller={user.isSeller} status={seller?.verificationStatus ?? null} reason={seller?.rejectionReason ?? ""} />
        <PaymentConnectionCard isSeller={user.isSeller} payment={seller?.payment ?? null} />
      </div>
    </section>
  );
}
