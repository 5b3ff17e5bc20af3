import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { buttonClasses } from "~/components/ui/button";

/** The login button for visitors (the account menu for users comes with accounts). */
export function AccountControl() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Link to={`/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`} className={buttonClasses("primary", "sm")}>
      {t("auth.login")}
    </Link>
  );
}

export function AccountMenuItems() {
  return <AccountControl />;
}
