import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** On a shop's order list: the way to this shopper's orders placed from other devices. */
export function ShopperAccessCard({ emails }: { emails: string[] }) {
  const { t } = useTranslation();
  return (
    <div
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-black/10 bg-white p-4 text-sm text-slate-900"
      data-testid="shopper-access-card"
    >
      <p className="min-w-0 break-words">
        {emails.length ? t("shopper_access.card.showing", { emails: emails.join(", ") }) : t("shopper_access.card.prompt")}
      </p>
      {/* Not a fixed-height button: the label wraps on a narrow phone. */}
      <Link
        to="/orders/access"
        className="inline-flex min-h-9 items-center justify-center rounded-lg border border-border bg-white px-3 py-1.5 text-center font-medium hover:bg-muted"
      >
        {emails.length ? t("shopper_access.card.manage") : t("shopper_access.card.action")}
      </Link>
    </div>
  );
}
