import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useActionData } from "react-router";
import { toast } from "~/components/ui/toasts";
import type { Route } from "./+types/account";
import { EmailVerificationStatus } from "~/components/account/email-verification-status";
import { PasswordForm } from "~/components/account/password-form";
import { ProfileForm } from "~/components/account/profile-form";
import { buttonClasses } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { mainPageMeta } from "~/routes/page-meta.server";
import { cx } from "~/lib/class-names";
import { metaDescriptors } from "~/lib/page-meta";
import { getI18nInstance, getLocale } from "~/middleware/i18n.server";
import { loadSellerAccount } from "~/domain/sellers/onboarding.server";
import { formAction } from "~/http/forms.server";
import { requireUserPage } from "~/http/guards.server";
import { changePasswordAction, resendVerificationAction, updateProfileAction } from "./profile-actions.server";
import { createApiKeyAction, revokeApiKeyAction, sellerTabData, updateSellerProfileAction } from "./seller-actions.server";
import { SellerTab } from "~/components/account/seller-tab";
import { ShopTab } from "~/components/account/shop-tab";
import { shopTabData, updateCustomizationAction } from "./customization-actions.server";
import { shippingActions, shippingTabData } from "./shipping-actions.server";
import { ShippingTab } from "~/components/account/shipping-tab";
import { domainActions, domainTabData } from "./domain-actions.server";
import { DomainTab } from "~/components/account/domain-tab";

const SHIPPING_INTENTS = ["add-zone", "save-zone", "delete-zone", "save-rate", "delete-rate", "save-pickup"];

const SECTIONS = ["profile", "seller", "shop", "shipping", "domain"] as const;
type Section = (typeof SECTIONS)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Spec: a visitor sees "You must be logged in to view this page" here (the root error boundary).
  const user = requireUserPage(request, context, "message");
  const requested = url.searchParams.get("section");
  // A bad value (or a seller tab for a non-seller) is ignored.
  const section: Section =
    SECTIONS.includes(requested as Section) && (requested === "profile" || user.isSeller) ? (requested as Section) : "profile";
  const sellerAccount = user.isSeller && section === "seller" ? await loadSellerAccount(user.id) : null;
  const edit = url.searchParams.get("edit");
  const t = getI18nInstance(context).t;
  return {
    user,
    section,
    edit: edit === "profile" || edit === "password" || edit === "seller" ? edit : null,
    seller: sellerAccount ? await sellerTabData(sellerAccount, t) : null,
    shop: user.isSeller && section === "shop" ? await shopTabData(user.id) : null,
    shipping: user.isSeller && section === "shipping" ? await shippingTabData(user.id, getLocale(context)) : null,
    domain: user.isSeller && section === "domain" ? await domainTabData(user.id) : null,
    meta: mainPageMeta(t, "account", url),
  };
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta);

export const action = formAction(({ request, context }) => requireUserPage(request, context, "message"))({
  "update-profile": updateProfileAction,
  "change-password": changePasswordAction,
  "resend-verification": resendVerificationAction,
  "update-seller-profile": updateSellerProfileAction,
  "create-api-key": createApiKeyAction,
  "revoke-api-key": revokeApiKeyAction,
  "update-customization": updateCustomizationAction("/account?section=shop"),
  ...shippingActions,
  ...domainActions,
});

export default function AccountPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { user, section, edit, seller, shop, shipping, domain } = loaderData;
  const actionData = useActionData<typeof action>();
  const formResult = actionData && "status" in actionData ? actionData : null;
  const failedIntent = formResult?.status === "error" ? String(formResult.initialValue?.intent ?? "") : "";

  useEffect(() => {
    if (failedIntent === "update-profile") toast.error(t("account.profile.update_failed"));
    if (failedIntent === "change-password") toast.error(t("account.password.change_failed"));
    if (failedIntent === "update-seller-profile") toast.error(t("sellers.profile.update_failed"));
    if (failedIntent === "update-customization") toast.error(t("customization.update_failed"));
    if (SHIPPING_INTENTS.includes(failedIntent)) toast.error(t("shipping.tab.save_failed"));
    if (failedIntent === "add-domain") toast.error(t("domains.tab.add_failed"));
  }, [actionData, failedIntent, t]);

  const tabs = SECTIONS.filter((s) => s === "profile" || user.isSeller);
  const editing = failedIntent === "update-profile" ? "profile" : failedIntent === "change-password" ? "password" : edit;

  return (
    <section className="container-page max-w-4xl py-10">
      <h1 className="text-3xl font-bold tracking-tight">{t("account.title")}</h1>
      {/* The tabs wrap: scrolled sideways in one line, the last ones were out of sight on a phone, with nothing to say so. */}
      <nav aria-label={t("account.sections")} className="mt-6 flex flex-wrap gap-x-1 border-b border-border">
        {tabs.map((tab) => (
          <Link
            key={tab}
            to={`/account?section=${tab}`}
            aria-current={tab === section ? "page" : undefined}
            className={cx(
              "-mb-px border-b-2 px-4 py-2 text-sm font-medium whitespace-nowrap",
              tab === section ? "border-brand-500 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900",
            )}
          >
            {t(`account.tabs.${tab}`)}
          </Link>
        ))}
      </nav>

      {section === "profile" ? (
        <div className="mt-6 space-y-6">
          <Card>
            <CardHeader className="flex-row items-center justify-between">
              <CardTitle>{t("account.profile.title")}</CardTitle>
              {editing !== "profile" ? (
                <Link to="/account?section=profile&edit=profile" preventScrollReset className={buttonClasses("outline", "sm")}>
                  {t("account.profile.edit")}
                </Link>
              ) : null}
            </CardHeader>
            <CardContent>
              {editing === "profile" ? (
                <ProfileForm
                  user={user}
                  lastResult={failedIntent === "update-profile" ? formResult : null}
                  cancelHref="/account?section=profile"
                />
              ) : (
                <dl className="grid gap-4 sm:grid-cols-2" data-testid="profile-view">
                  <div>
                    <dt className="text-xs font-medium text-slate-500 uppercase">{t("account.fields.full_name")}</dt>
                    <dd className="mt-1">{user.fullName}</dd>
                  </div>
                  <div>
                    <dt className="text-xs font-medium text-slate-500 uppercase">{t("account.fields.email")}</dt>
                    <dd className="mt-1 space-y-1">
                      <span className="block break-all">{user.email}</span>
                      <EmailVerificationStatus email={user.email} verified={user.isVerified} />
                    </dd>
                  </div>
                  <div>
                    <dt className="text-xs font-medium text-slate-500 uppercase">{t("account.fields.phone_number")}</dt>
                    <dd className="mt-1">{user.phoneNumber || "—"}</dd>
                  </div>
                  <div>
                    <dt className="text-xs font-medium text-slate-500 uppercase">{t("account.fields.language")}</dt>
                    <dd className="mt-1">{user.language === "fr" ? "Français" : "English"}</dd>
                  </div>
                </dl>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardContent className="pt-6">
              {editing === "password" ? (
                <PasswordForm lastResult={failedIntent === "change-password" ? formResult : null} cancelHref="/account?section=profile" />
              ) : (
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <div>
                    <h2 className="text-base font-semibold">{t("account.password.title")}</h2>
                    <p className="text-sm text-slate-600">{t("account.password.description")}</p>
                  </div>
                  <Link to="/account?section=profile&edit=password" preventScrollReset className={buttonClasses("outline", "sm")}>
                    {t("account.password.open")}
                  </Link>
                </div>
              )}
            </CardContent>
          </Card>
        </div>
      ) : null}

      {section === "seller" && seller ? (
        <SellerTab
          seller={seller}
          editing={edit === "seller" || failedIntent === "update-seller-profile"}
          lastResult={failedIntent === "update-seller-profile" ? formResult : null}
        />
      ) : null}

      {section === "shipping" && shipping ? <ShippingTab shipping={shipping} lastResult={formResult} /> : null}

      {section === "domain" && domain ? <DomainTab data={domain} lastResult={formResult} /> : null}

      {section === "shop" && shop ? (
        <ShopTab shop={shop} action="/account?section=shop" lastResult={failedIntent === "update-customization" ? formResult : null} />
      ) : null}
    </section>
  );
}
