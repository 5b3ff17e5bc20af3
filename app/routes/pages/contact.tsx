import { useTranslation } from "react-i18next";
import type { Route } from "./+types/contact";
import { PageHero } from "~/components/marketing/page-hero";
import { buttonClasses } from "~/components/ui/button";
import { ChevronDownIcon, MailIcon, UsersIcon } from "~/components/ui/icons";
import { staticPageData } from "~/routes/pages/static-page.server";
import { metaDescriptors } from "~/lib/page-meta";

export const loader = ({ request, context }: Route.LoaderArgs) => staticPageData(request, context, "contact");
export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta);

type Faq = { question: string; answer: string };
const faqGroups = ["setup", "payments", "pricing"] as const;

export default function ContactPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { supportEmail } = loaderData;
  return (
    <>
      <PageHero title={t("contact.title")} subtitle={t("contact.subtitle")} />
      <section className="container-page grid gap-6 py-12 md:grid-cols-2">
        <article className="rounded-xl border border-border bg-white p-6 shadow-sm">
          <MailIcon className="size-8 text-brand-700" />
          <h2 className="mt-4 text-xl font-semibold">{t("contact.email.title")}</h2>
          <p className="mt-2 text-sm text-slate-600">{t("contact.email.description")}</p>
          <a href={`mailto:${supportEmail}`} className={buttonClasses("primary", "md", "mt-4")}>
            {supportEmail}
          </a>
        </article>
        <article className="rounded-xl border border-border bg-white p-6 shadow-sm">
          <UsersIcon className="size-8 text-brand-700" />
          <h2 className="mt-4 text-xl font-semibold">{t("contact.community.title")}</h2>
          <p className="mt-2 text-sm text-slate-600">{t("contact.community.description")}</p>
          <a
            href={`mailto:${supportEmail}?subject=${encodeURIComponent(t("contact.community.subject"))}`}
            className={buttonClasses("outline", "md", "mt-4")}
          >
            {t("contact.community.action")}
          </a>
        </article>
      </section>
      <section className="container-page max-w-4xl pb-16" aria-labelledby="faq-title">
        <h2 id="faq-title" className="text-2xl font-bold">
          {t("contact.faq.title")}
        </h2>
        {faqGroups.map((group) => (
          <div key={group} className="mt-8">
            <h3 className="text-lg font-semibold">{t(`contact.faq.${group}.title`)}</h3>
            <div className="mt-3 divide-y divide-border rounded-xl border border-border bg-white">
              {(t(`contact.faq.${group}.items`, { returnObjects: true }) as Faq[]).map((faq) => (
                <details key={faq.question} className="group p-4">
                  <summary className="flex cursor-pointer items-center justify-between gap-4 font-medium">
                    {faq.question}
                    <ChevronDownIcon className="size-4 shrink-0 transition-transform group-open:rotate-180" />
                  </summary>
                  <p className="mt-2 text-sm text-slate-600">{faq.answer}</p>
                </details>
              ))}
            </div>
          </div>
        ))}
      </section>
    </>
  );
}
