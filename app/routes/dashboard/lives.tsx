import { useTranslation } from "react-i18next";
import { redirect } from "react-router";
import { setToast } from "remix-toast/middleware";
import type { Route } from "./+types/lives";
import { LiveCreateForm } from "~/components/lives/live-create-form";
import { LiveList } from "~/components/lives/live-list";
import { createLive } from "~/domain/lives/lives.server";
import { livesScreen } from "~/domain/lives/live-screens.server";
import { singleFormAction } from "~/http/forms.server";
import { requireSellerPage } from "~/http/guards.server";
import { getI18nInstance, getLocale } from "~/middleware/i18n.server";
import { liveCreateSchema } from "~/schemas/lives";

/** /dashboard/lives: the seller's lives, newest first, and the form that starts one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { shop } = await requireSellerPage(request, context);
  return { lives: await livesScreen(shop.id), currency: shop.currency, title: getI18nInstance(context).t("lives.list.title") };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.title }];

/** Starting a live opens its board. */
export const action = singleFormAction(async ({ request, context }) => (await requireSellerPage(request, context)).shop)({
  errors: "form",
  handle: async ({ guarded: shop, parse, context }) => {
    const input = parse(liveCreateSchema);
    const live = await createLive(shop.id, { ...input, language: input.language ?? getLocale(context) });
    setToast(context, { type: "success", message: getI18nInstance(context).t("lives.list.started", { title: live.title }) });
    return redirect(`/dashboard/lives/${live.id}`);
  },
});

export default function LivesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="container-page space-y-8 py-8 sm:py-10">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{loaderData.title}</h1>
        <p className="mt-1 text-slate-600">{t("lives.list.subtitle")}</p>
      </div>
      <LiveCreateForm lastResult={actionData} />
      <LiveList lives={loaderData.lives} currency={loaderData.currency} />
    </section>
  );
}
