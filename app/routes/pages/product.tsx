import { useTranslation } from "react-i18next";
import type { Route } from "./+types/product";
import { CallToActions } from "~/components/marketing/call-to-actions";
import { PageHero } from "~/components/marketing/page-hero";
import { CardIcon, GlobeIcon, PackageIcon, SparklesIcon, StoreIcon, ZapIcon } from "~/components/ui/icons";
import { staticPageData } from "~/routes/pages/static-page.server";
import { metaDescriptors } from "~/lib/page-meta";

export const loader = ({ request, context }: Route.LoaderArgs) => staticPageData(request, context, "product");
export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta);

const features = [
  { key: "storefront", Icon: StoreIcon },
  { key: "checkout", Icon: ZapIcon },
  { key: "payments", Icon: CardIcon },
  { key: "orders", Icon: PackageIcon },
  { key: "branding", Icon: SparklesIcon },
  { key: "languages", Icon: GlobeIcon },
] as const;

export default function ProductPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHero eyebrow={t("product_page.eyebrow")} title={t("product_page.title")} subtitle={t("product_page.subtitle")} />
      <section className="container-page grid gap-6 py-16 sm:grid-cols-2 lg:grid-cols-3">
        {features.map(({ key, Icon }) => (
          <article key={key} className="rounded-xl border border-border bg-white p-6 shadow-sm">
            <span className="flex size-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <Icon className="size-6" />
            </span>
            <h2 className="mt-4 text-lg font-semibold">{t(`product_page.features.${key}.title`)}</h2>
            <p className="mt-2 text-sm text-slate-600">{t(`product_page.features.${key}.description`)}</p>
          </article>
        ))}
      </section>
      <CallToActions targets={["/register", "/pricing", "/contact"]} />
    </>
  );
}
