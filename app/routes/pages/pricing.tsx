import { useTranslation } from "react-i18next";
import type { Route } from "./+types/pricing";
import { CallToActions } from "~/components/marketing/call-to-actions";
import { FeeCalculator } from "~/components/marketing/fee-calculator";
import { PageHero } from "~/components/marketing/page-hero";
import { CheckIcon } from "~/components/ui/icons";
import { staticPageData } from "~/routes/pages/static-page.server";
import { CALCULATOR_DEFAULT } from "~/lib/fees";
import { formatMoney } from "~/lib/money";
import { metaDescriptors } from "~/lib/page-meta";

export function loader({ request, context }: Route.LoaderArgs) {
  const amount = new URL(request.url).searchParams.get("amount");
  return { ...staticPageData(request, context, "pricing"), amount: (amount ?? String(CALCULATOR_DEFAULT)).slice(0, 20) };
}
export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta);

export default function PricingPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const zero = formatMoney(0, "EUR", i18n.language);
  const included = t("pricing.included", { returnObjects: true }) as string[];
  return (
    <>
      <PageHero eyebrow={t("pricing.eyebrow")} title={t("pricing.title")} subtitle={t("pricing.subtitle")} />
      <div className="container-page grid gap-8 py-12 lg:grid-cols-[1fr_1.3fr]">
        <section aria-labelledby="plan-title" className="rounded-2xl bg-slate-900 p-8 text-white">
          <h2 id="plan-title" className="text-xl font-semibold">
            {t("pricing.plan.title")}
          </h2>
          <p className="mt-4 text-4xl font-extrabold">{t("pricing.plan.price")}</p>
          <p className="mt-1 text-slate-300">{t("pricing.plan.price_note")}</p>
          <dl className="mt-6 space-y-3 text-sm">
            <div className="flex justify-between gap-4">
              <dt className="text-slate-300">{t("pricing.plan.provider")}</dt>
              <dd className="font-semibold">{t("pricing.plan.provider_value")}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-300">{t("pricing.plan.platform")}</dt>
              <dd className="font-semibold">{t("pricing.plan.platform_value")}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-300">{t("pricing.plan.setup")}</dt>
              <dd className="font-semibold">{zero}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt className="text-slate-300">{t("pricing.plan.monthly")}</dt>
              <dd className="font-semibold">{zero}</dd>
            </div>
          </dl>
          <p className="mt-3 text-sm text-slate-300" data-testid="fees-note">
            {t("pricing.plan.fees_note")}
          </p>
          <ul className="mt-8 space-y-2 text-sm">
            {included.map((item) => (
              <li key={item} className="flex gap-2">
                <CheckIcon className="size-5 shrink-0 text-green-400" />
                {item}
              </li>
            ))}
          </ul>
        </section>
        <FeeCalculator initialAmount={loaderData.amount} />
      </div>
      <CallToActions targets={["/register", "/product", "/contact"]} />
    </>
  );
}
