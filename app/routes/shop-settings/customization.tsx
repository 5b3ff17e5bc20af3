import { useTranslation } from "react-i18next";
import { Link, useActionData, useNavigate } from "react-router";
import type { Route } from "./+types/customization";
import { ShopTab } from "~/components/account/shop-tab";
import { buttonClasses } from "~/components/ui/button";
import { mainPageMeta } from "~/routes/page-meta.server";
import { metaDescriptors } from "~/lib/page-meta";
import { getI18nInstance } from "~/middleware/i18n.server";
import { formAction } from "~/http/forms.server";
import { requireUserPage } from "~/http/guards.server";
import { shopTabData, updateCustomizationAction } from "../account/customization-actions.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  // Spec: the logged-out message when there is no user (the root error boundary draws it).
  const user = requireUserPage(request, context, "message");
  const url = new URL(request.url);
  return {
    shop: user.isSeller ? await shopTabData(user.id) : null,
    meta: mainPageMeta(getI18nInstance(context).t, "shop_customization", url),
  };
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta);

export const action = formAction(({ request, context }) => requireUserPage(request, context, "message"))({
  "update-customization": updateCustomizationAction("/shop/customization"),
});

/** The standalone customization page: a Back button and the same form as the account's shop tab. */
export default function ShopCustomizationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actionData = useActionData<typeof action>();
  const { shop } = loaderData;
  return (
    <section className="container-page max-w-6xl py-10">
      <Link
        to="/dashboard"
        onClick={(event) => {
          if (window.history.length > 1) {
            event.preventDefault();
            void navigate(-1);
          }
        }}
        className={buttonClasses("ghost", "sm", "-ml-3")}
      >
        ← {t("common.back")}
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">{t("customization.title")}</h1>
      {!shop ? (
        <p className="mt-6 text-slate-600">{t("customization.not_seller")}</p>
      ) : (
        <ShopTab shop={shop} action="/shop/customization" lastResult={actionData} />
      )}
    </section>
  );
}
