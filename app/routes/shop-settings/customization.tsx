import { useTranslation } from "react-i18next";
import { data, Link, useActionData, useNavigate } from "react-router";
import type { Route } from "./+types/customization";
import { ShopTab } from "~/components/account/shop-tab";
import { LoginButton } from "~/components/auth/login-dialog";
import { buttonClasses } from "~/components/ui/button";
import { mainPageMeta } from "~/routes/page-meta.server";
import { metaDescriptors } from "~/lib/page-meta";
import { getI18nInstance } from "~/middleware/i18n.server";
import { currentSessionUser, currentUser } from "~/middleware/session.server";
import { shopTabData, updateCustomizationAction } from "../account/customization-actions.server";

export function loader({ request, context }: Route.LoaderArgs) {
  const user = currentSessionUser(context);
  const url = new URL(request.url);
  return {
    user,
    shop: user?.isSeller ? shopTabData(user.id, url.origin) : null,
    meta: mainPageMeta(getI18nInstance(context).t, "shop_customization", url),
  };
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta);

export async function action({ request, context }: Route.ActionArgs) {
  const user = currentUser(context);
  if (!user) throw data({ message: getI18nInstance(context).t("errors.unauthenticated") }, { status: 401 });
  return updateCustomizationAction({ context, formData: await request.formData(), user }, "/shop/customization");
}

/** The standalone customization page: a Back button and the same form as the account's shop tab. */
export default function ShopCustomizationPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actionData = useActionData<typeof action>();
  const { user, shop } = loaderData;
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
      {!user ? (
        <div className="mt-6 space-y-4" data-testid="customization-logged-out">
          <p className="text-slate-600">{t("account.logged_out")}</p>
          <LoginButton destination="here" />
        </div>
      ) : !shop ? (
        <p className="mt-6 text-slate-600">{t("customization.not_seller")}</p>
      ) : (
        <ShopTab shop={shop} action="/shop/customization" lastResult={actionData} />
      )}
    </section>
  );
}
