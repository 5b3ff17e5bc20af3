import { useTranslation } from "react-i18next";
import { MobileSheet, SheetLinks } from "~/components/ui/mobile-sheet";
import { useRootData } from "~/components/site/root-data";
import { AccountMenuItems } from "./account-control";
import { exploreLinks, sellerLinks, staffLinks } from "./nav-links";

/** The main site's menu on screens narrower than its header's navigation. */
export function MobileMenu() {
  const { t } = useTranslation();
  const { user } = useRootData();
  const businessLinks = user?.isSeller
    ? sellerLinks
    : user?.isStaff
      ? staffLinks
      : [{ to: "/register", labelKey: "nav.start_selling" }, ...sellerLinks.slice(0, 1)];

  return (
    <MobileSheet hiddenFrom="lg">
      <SheetLinks heading={t("nav.explore")} links={exploreLinks} />
      <SheetLinks heading={t("nav.my_business")} links={businessLinks} className="mt-6" />
      <div className="mt-6 border-t border-border pt-4">
        <AccountMenuItems />
      </div>
    </MobileSheet>
  );
}
