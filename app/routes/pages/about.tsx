import { useTranslation } from "react-i18next";
import type { Route } from "./+types/about";
import { PageHero } from "~/components/marketing/page-hero";
import { Badge } from "~/components/ui/badge";
import { CheckIcon } from "~/components/ui/icons";
import { staticPageData } from "~/routes/pages/static-page.server";
import { metaDescriptors } from "~/lib/page-meta";

export const loader = ({ request, context }: Route.LoaderArgs) => staticPageData(request, context, "about");
export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta);

type Item = { title: string; description: string };

export default function AboutPage() {
  const { t } = useTranslation();
  const values = t("about.values.items", { returnObjects: true }) as Item[];
  const reasons = t("about.why.items", { returnObjects: true }) as string[];
  const badges = t("about.badges", { returnObjects: true }) as string[];
  return (
    <>
      <PageHero eyebrow={t("about.eyebrow")} title={t("about.title")} subtitle={t("about.subtitle")}>
        <ul className="mt-6 flex flex-wrap justify-center gap-2" aria-label={t("about.badges_label")}>
          {badges.map((badge) => (
            <li key={badge}>
              <Badge tone="brand" className="px-3 py-1 text-sm">
                {badge}
              </Badge>
            </li>
          ))}
        </ul>
      </PageHero>
      <section className="container-page max-w-4xl py-12">
        <h2 className="text-2xl font-bold">{t("about.mission.title")}</h2>
        <p className="mt-3 text-lg leading-relaxed text-slate-700">{t("about.mission.body")}</p>
      </section>
      <section className="bg-slate-50 py-12">
        <div className="container-page">
          <h2 className="text-2xl font-bold">{t("about.values.title")}</h2>
          <div className="mt-6 grid gap-6 sm:grid-cols-2">
            {values.map((value) => (
              <article key={value.title} className="rounded-xl bg-white p-6 shadow-sm">
                <h3 className="font-semibold">{value.title}</h3>
                <p className="mt-2 text-sm text-slate-600">{value.description}</p>
              </article>
            ))}
          </div>
        </div>
      </section>
      <section className="container-page max-w-4xl py-12">
        <h2 className="text-2xl font-bold">{t("about.why.title")}</h2>
        <ul className="mt-4 space-y-3">
          {reasons.map((reason) => (
            <li key={reason} className="flex gap-3 text-slate-700">
              <CheckIcon className="mt-0.5 size-5 shrink-0 text-success" />
              {reason}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
