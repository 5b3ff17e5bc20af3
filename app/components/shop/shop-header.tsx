import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { Link, NavLink } from "react-router";
import { LanguageSwitcher } from "~/components/site/language-switcher";
import { MobileSheet, SheetLinks } from "~/components/ui/mobile-sheet";
import type { ShopBranding } from "~/domain/shops/shops.server";
import { cx } from "~/lib/class-names";
import { useRootData } from "~/components/site/root-data";
import { ShopLogo } from "./shop-logo";
import { BagIcon } from "~/components/ui/icons";

// Shoppers have no account: the account menu's code loads only for a user signed in here.
const AccountControl = lazy(() => import("~/components/site/account-control").then((m) => ({ default: m.AccountControl })));

const links = [
  { to: "/products", labelKey: "shop.nav.products" },
  { to: "/orders", labelKey: "shop.nav.orders" },
];

const navClass = ({ isActive }: { isActive: boolean }) =>
  cx("rounded-lg px-3 py-2 text-sm font-medium hover:bg-black/5", isActive && "underline underline-offset-4");

/** The header's look, shared with the customization preview. */
// No backdrop filter: it would make the header the containing block of the fixed mobile sheet.
export const shopHeaderClasses = "border-b border-black/10 bg-white text-slate-900";

/** The shop's logo and name as the header shows them (also drawn by the customization preview). */
export function ShopBrand({ logoUrl, name, nameTestId = "shop-name" }: { logoUrl: string | null; name: string; nameTestId?: string }) {
  return (
    <>
      <ShopLogo logoUrl={logoUrl} name={name} className="size-10 shrink-0" />
      <span className="truncate text-lg font-bold" data-testid={nameTestId}>
        {name}
      </span>
    </>
  );
}

/**
 * The bag, with its count: a plain link to `/bag`, which always works. The count comes from
 * a small cookie (root loader), never from the page cache's shared HTML.
 */
function BagLink({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <Link
      to="/bag"
      className="inline-flex h-9 items-center gap-1.5 rounded-lg px-2 text-sm font-medium hover:bg-black/5"
      aria-label={count > 0 ? t("bag.header_label", { count }) : t("bag.header_label_empty")}
      data-testid="bag-link"
    >
      <BagIcon className="size-5" />
      <span className="hidden sm:inline">{t("bag.header_link")}</span>
      {count > 0 ? (
        <span
          className="min-w-5 rounded-full px-1.5 text-center text-xs leading-5 font-semibold"
          style={{ backgroundColor: "var(--shop-primary)", color: "var(--shop-on-primary)" }}
          data-testid="bag-count"
        >
          {count}
        </span>
      ) : null}
    </Link>
  );
}

export function ShopHeader({ shop }: { shop: ShopBranding }) {
  const { t } = useTranslation();
  const { user, bagCount } = useRootData();

  return (
    <header className={shopHeaderClasses}>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t("nav.skip_to_content")}
      </a>
      <div className="container-page flex h-16 items-center gap-3">
        <Link to="/products" className="flex min-w-0 items-center gap-3">
          <ShopBrand logoUrl={shop.logoUrl} name={shop.name} />
        </Link>
        <nav aria-label={t("shop.nav.label")} className="ml-auto hidden items-center gap-1 sm:flex">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} className={navClass}>
              {t(link.labelKey)}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2 sm:ml-0">
          {/* Shoppers have no account (they reach their orders with a code: /orders/access) and
              sellers log in on the main site; a user already signed in here keeps their menu. */}
          {user ? (
            <div className="hidden sm:block">
              <AccountControl />
            </div>
          ) : null}
          <BagLink count={bagCount} />
          <LanguageSwitcher />
          <MobileSheet hiddenFrom="sm">
            <SheetLinks links={links} />
            {user ? (
              <div className="mt-4 border-t border-border pt-4">
                <AccountControl />
              </div>
            ) : null}
          </MobileSheet>
        </div>
      </div>
    </header>
  );
}
