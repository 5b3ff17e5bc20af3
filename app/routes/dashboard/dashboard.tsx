import { useTranslation } from "react-i18next";
import { redirect } from "react-router";
import type { Route } from "./+types/dashboard";
import { mainPageMeta } from "~/domain/marketing/page-meta.server";
import { metaDescriptors } from "~/lib/page-meta";
import { getI18nInstance } from "~/middleware/i18n.server";
import { currentSessionUser } from "~/middleware/session.server";

export function loader({ request, context }: Route.LoaderArgs) {
  const user = currentSessionUser(context);
  if (!user) throw redirect("/");
  return { user, meta: mainPageMeta(getI18nInstance(context).t, "dashboard", new URL(request.url)) };
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta);

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user } = loaderData;
  return (
    <section className="container-page py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t("dashboard.welcome", { name: user.firstName || user.username })}</h1>
      <p className="mt-2 text-slate-600">{t("dashboard.subtitle")}</p>
    </section>
  );
}
