import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Link, redirect, useFetcher } from "react-router";
import type { Route } from "./+types/dashboard";
import { useOnboardingCelebration } from "~/components/dashboard/celebration";
import { PaymentConnectionCard } from "~/components/dashboard/payment-card";
import { RecentActivity } from "~/components/dashboard/recent-activity";
import { SalesChart } from "~/components/dashboard/sales-chart";
import { ShopLiveCard } from "~/components/dashboard/shop-live-card";
import { StatTiles } from "~/components/dashboard/stat-tiles";
import { SellerStatusCard } from "~/components/dashboard/status-cards";
import { OnboardingProgress } from "~/components/sellers/onboarding-progress";
import { buttonClasses } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { mainPageMeta } from "~/routes/page-meta.server";
import { markOnboardingCelebrated } from "~/domain/sellers/celebration.server";
import { sellerDashboard } from "~/domain/sellers/dashboard.server";
import { loadSellerAccount } from "~/domain/sellers/onboarding.server";
import { CSRF_FIELD } from "~/lib/csrf";
import { DEFAULT_CURRENCY } from "~/lib/money";
import { metaDescriptors } from "~/lib/page-meta";
import { formAction } from "~/http/forms.server";
import type { IntentArgs } from "~/http/forms.server";
import { requireSeller, requireUserPage } from "~/http/guards.server";
import { getI18nInstance } from "~/middleware/i18n.server";
import { useRootData } from "~/components/site/root-data";
import { connectPaymentAccount, refreshPaymentAccountStatus } from "~/domain/payments/accounts.server";
import { getPaymentProvider } from "~/domain/payments/provider-registry.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  // Spec: nobody logged in goes to the landing page.
  const user = requireUserPage(request, context, "home");
  // Staff without a shop have no seller dashboard: their work is the seller review.
  if (user.isStaff && !user.isSeller) throw redirect("/admin/sellers");
  const account = user.isSeller ? await loadSellerAccount(user.id) : null;
  return {
    user,
    seller: account ? await sellerDashboard(account, getPaymentProvider().testMode) : null,
    meta: mainPageMeta(getI18nInstance(context).t, "dashboard", new URL(request.url)),
  };
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta);

/** A refused payment-card request: the card shows the failure in place. */
function paymentCardFailure(messageKey: string) {
  return (error: { status: number }, { context }: IntentArgs<unknown>) =>
    data({ ok: false as const, message: getI18nInstance(context).t(messageKey) }, { status: error.status });
}

/** The payment card's forms (connect to the provider's onboarding, refresh the status) and the celebration's record. */
export const action = formAction(({ request, context }) => requireUserPage(request, context, "home"))({
  "connect-payments": {
    errors: paymentCardFailure("payments.errors.connect_failed"),
    handle: async ({ context }) => {
      const { onboardingUrl } = await connectPaymentAccount((await requireSeller(context)).account.user);
      return redirect(onboardingUrl);
    },
  },
  "refresh-payment-status": {
    errors: paymentCardFailure("payments.errors.status_failed"),
    handle: async ({ context }) => {
      await refreshPaymentAccountStatus((await requireSeller(context)).account.user);
      return { ok: true as const };
    },
  },
  "onboarding-celebrated": {
    errors: paymentCardFailure("payments.errors.status_failed"),
    handle: async ({ guarded: user }) => {
      await markOnboardingCelebrated(user.id);
      return { ok: true as const };
    },
  },
});

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
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t("dashboard.welcome", { name: user.firstName || user.username })}</h1>
          <p className="mt-2 text-slate-600">{t("dashboard.subtitle")}</p>
        </div>
        {seller?.shop ? (
          <Link to="/dashboard/lives" className={buttonClasses("primary")} data-testid="dashboard-lives-link">
            {t("lives.list.start_title")}
          </Link>
        ) : null}
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
