import { useTranslation } from "react-i18next";
import type { Route } from "./+types/terms";
import { LegalDocument } from "~/components/marketing/legal-document";
import { PageHero } from "~/components/marketing/page-hero";
import { staticPageData } from "~/routes/pages/static-page.server";
import { metaDescriptors } from "~/lib/page-meta";

export const loader = ({ request, context }: Route.LoaderArgs) => staticPageData(request, context, "terms");
export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta);

export default function TermsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHero title={t("terms.title")} subtitle={t("terms.subtitle")} />
      <LegalDocument sectionsKey="terms.sections" label={t("terms.title")} updated={t("legal.last_updated", { date: "2026-11-01" })} />
    </>
  );
}
