import { useTranslation } from "react-i18next";
import type { Route } from "./+types/privacy";
import { LegalDocument } from "~/components/marketing/legal-document";
import { PageHero } from "~/components/marketing/page-hero";
import { staticPageData } from "~/routes/pages/static-page.server";
import { metaDescriptors } from "~/lib/page-meta";

export const loader = ({ request, context }: Route.LoaderArgs) => staticPageData(request, context, "privacy");
export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta);

export default function PrivacyPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHero title={t("privacy.title")} subtitle={t("privacy.subtitle")} />
      <LegalDocument sectionsKey="privacy.sections" label={t("privacy.title")} updated={t("legal.last_updated", { date: "2026-11-01" })} />
    </>
  );
}
