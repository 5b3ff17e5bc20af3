import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { CloseIcon, MenuIcon } from "~/components/ui/icons";
import { useDetailsDismiss } from "~/components/ui/use-details-dismiss";
import { useRootData } from "~/components/site/root-data";
import { AccountMenuItems } from "./account-control";
import { exploreLinks, sellerLinks, staffLinks } from "./nav-links";

/** The mobile slide-out menu: a <details> so it opens without JavaScript. */
export function MobileMenu() {
  const { t } = useTranslation();
  const { user } = useRootData();
  const location = useLocation();
  const details = useRef<HTMLDetailsElement>(null);
  useDetailsDismiss(details, location.key);
  const businessLinks = user?.isSeller
    ? sellerLinks
    : user?.isStaff
      ? staffLinks
      : [{ to: "/register", labelKey: "nav.start_selling" }, ...sellerLinks.slice(0, 1)];

  return (
    <details ref={details} className="group lg:hidden">
      <summary
        className="flex size-10 cursor-pointer items-center justify-center rounded-lg hover:bg-muted"
        aria-label={t("nav.open_menu")}
      >
        <MenuIcon className="size-6 group-open:hidden" />
        <CloseIcon className="hidden size-6 group-open:block" />
      </summary>
      <div className="fixed inset-x-0 top-16 bottom-0 z-40 bg-slate-900/40" aria-hidden="true" />
      <nav
        aria-label={t("nav.mobile")}
        className="fixed top-16 right-0 bottom-0 z-50 w-72 max-w-[85vw] overflow-y-auto border-l border-border bg-white p-4 shadow-xl"
      >
        <p className="px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t("nav.explore")}</p>
        <ul className="mt-2 space-y-1">
          {exploreLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="block rounded-lg px-3 py-2 text-sm font-medium hover:bg-muted">
                {t(link.labelKey)}
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-6 px-3 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{t("nav.my_business")}</p>
        <ul className="mt-2 space-y-1">
          {businessLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="block rounded-lg px-3 py-2 text-sm font-medium hover:bg-muted">
                {t(link.labelKey)}
              </Link>
            </li>
          ))}
        </ul>
        <div className="mt-6 border-t border-border pt-4">
          <AccountMenuItems />
        </div>
      </nav>
    </details>
  );
}
