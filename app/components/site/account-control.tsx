import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useLocation } from "react-router";
import { LoginButton } from "~/components/auth/login-dialog";
import { CsrfInput } from "~/components/forms/csrf-input";
import { ChevronDownIcon, LogOutIcon, UserIcon } from "~/components/ui/icons";
import { useDetailsDismiss } from "~/components/ui/use-details-dismiss";
import { useRootData } from "~/components/site/root-data";

/**
 * The header's account slot: the login button for visitors, the account menu for users
 * (a <details> menu, so it works without JavaScript).
 */
export function AccountControl() {
  const { user, site } = useRootData();
  const location = useLocation();
  const details = useRef<HTMLDetailsElement>(null);
  useDetailsDismiss(details, location.key);

  if (!user) return <LoginButton destination={site.kind === "shop" ? "here" : "dashboard"} />;

  return (
    <details ref={details} className="relative">
      <summary className="flex h-9 cursor-pointer items-center gap-2 rounded-lg border border-border bg-white px-3 text-sm font-medium text-slate-900 hover:bg-muted">
        <UserIcon className="size-4" />
        <span className="max-w-32 truncate" data-testid="account-menu-name">
          {user.firstName || user.username}
        </span>
        <ChevronDownIcon className="size-4" />
      </summary>
      <div className="absolute right-0 z-40 mt-1 w-64 rounded-xl border border-border bg-white p-2 text-slate-900 shadow-lg">
        <AccountMenuItems />
      </div>
    </details>
  );
}

/** The account menu's entries (the dropdown and the mobile menu show the same). */
export function AccountMenuItems() {
  const { t } = useTranslation();
  const { user, site } = useRootData();
  if (!user)
    return (
      <LoginButton
        destination={site.kind === "shop" ? "here" : "dashboard"}
        className="block w-full rounded-lg bg-brand-500 px-3 py-2 text-center text-sm font-medium text-on-brand"
      />
    );
  const itemClass = "block rounded-lg px-3 py-2 text-sm hover:bg-muted";
  return (
    <div>
      <div className="px-3 py-2">
        <p className="truncate text-sm font-semibold">{user.fullName}</p>
        <p className="truncate text-xs text-slate-500">{user.email}</p>
      </div>
      <div className="my-1 border-t border-border" />
      {site.kind === "main" ? (
        <>
          <Link to="/account?section=profile" className={itemClass}>
            {t("account.menu.profile")}
          </Link>
          {user.isSeller ? (
            <>
              <Link to="/account?section=seller" className={itemClass}>
                {t("account.menu.seller_profile")}
              </Link>
              <Link to="/account?section=shop" className={itemClass}>
                {t("account.menu.shop_settings")}
              </Link>
            </>
          ) : null}
        </>
      ) : (
        <Link to="/orders" className={itemClass}>
          {t("account.menu.my_orders")}
        </Link>
      )}
      <div className="my-1 border-t border-border" />
      <Form method="post" action="/logout">
        <CsrfInput />
        <button type="submit" className={`${itemClass} flex w-full items-center gap-2 text-left text-red-700`}>
          <LogOutIcon className="size-4" />
          {t("account.menu.logout")}
        </button>
      </Form>
    </div>
  );
}
