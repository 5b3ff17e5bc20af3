import { useTranslation } from "react-i18next";
import type { Route } from "./+types/legal-notice";
import { PageHero } from "~/components/marketing/page-hero";
import { staticPageData } from "~/routes/pages/static-page.server";
import { metaDescriptors } from "~/lib/page-meta";

export const loader = ({ request, context }: Route.LoaderArgs) => staticPageData(request, context, "legal_notice");
export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta);

// The parts a French legal notice must have (spec section 2).
const parts = ["site", "publisher", "hosting", "intellectual_property", "personal_data", "cookies", "liability", "law"] as const;

export default function LegalNoticePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHero title={t("legal_notice.title")} subtitle={t("legal_notice.subtitle")} />
      <div className="container-page max-w-4xl space-y-8 py-12">
        {parts.map((part) => (
          <section key={part} aria-labelledby={`legal-${part}`} className="rounded-xl border border-border bg-white p-6 shadow-sm">
            <h2 id={`legal-${part}`} className="text-lg font-semibold">
              {t(`legal_notice.${part}.title`)}
            </h2>
            <p className="mt-2 leading-relaxed whitespace-pre-line text-slate-700">
              {t(`legal_notice.${part}.body`, { email: loaderData.supportEmail })}
            </p>
          </section>
        ))}
      </div>
    </>
  );
}
