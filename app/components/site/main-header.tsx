import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { cx } from "~/lib/class-names";
import { useRootData } from "~/components/site/root-data";
import { AccountControl } from "./account-control";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { sellerLinks, staffLinks } from "./nav-links";

const navClass = ({ isActive }: { isActive: boolean }) =>
  cx("rounded-lg px-3 py-2 text-sm font-medium hover:bg-muted", isActive ? "text-brand-700" : "text-slate-700");

export function MainHeader() {
  const { t } = useTranslation();
  const { user } = useRootData();
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t("nav.skip_to_content")}
      </a>
      <div className="container-page flex h-16 items-center gap-4">
        <Logo />
        <nav aria-label={t("nav.main")} className="hidden items-center gap-1 lg:flex">
          <NavLink to="/product" className={navClass}>
            {t("nav.product")}
          </NavLink>
          <NavLink to="/pricing" className={navClass}>
            {t("nav.pricing")}
          </NavLink>
          {user?.isSeller
            ? sellerLinks.map((link) => (
                <NavLink key={link.to} to={link.to} className={navClass}>
                  {t(link.labelKey)}
                </NavLink>
              ))
            : null}
          {user?.isStaff
            ? staffLinks.map((link) => (
                <NavLink key={link.to} to={link.to} className={navClass}>
                  {t(link.labelKey)}
                </NavLink>
              ))
            : null}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <div className="hidden lg:block">
            <AccountControl />
          </div>
          <LanguageSwitcher />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
