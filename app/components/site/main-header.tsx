import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { cx } from "~/lib/class-names";
import { useRootData } from "~/components/site/root-data";
import { AccountControl } from "./account-control";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { currentLink, exploreLinks, sellerLinks, staffLinks } from "./nav-links";

const navClass = (current: boolean) =>
  cx("rounded-lg px-3 py-2 text-sm font-medium hover:bg-muted", current ? "text-brand-700" : "text-slate-700");

/** The header shows the first explore links (product, pricing); the mobile menu has them all. */
const headerLinks = exploreLinks.slice(0, 2);

export function MainHeader() {
  const { t } = useTranslation();
  const { user } = useRootData();
  const { pathname } = useLocation();
  const links = [...headerLinks, ...(user?.isSeller ? sellerLinks : []), ...(user?.isStaff ? staffLinks : [])];
  // One current link: on /dashboard/lives, "Lives" and not "Dashboard" too (React Router's
  // NavLink marks every link whose path starts the page's).
  const current = currentLink(links, pathname);
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
          {links.map((link) => (
            <Link key={link.to} to={link.to} aria-current={link === current ? "page" : undefined} className={navClass(link === current)}>
              {t(link.labelKey)}
            </Link>
          ))}
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
