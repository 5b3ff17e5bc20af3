import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { cx } from "~/lib/class-names";

/**
 * The seller's lists, as links (they work without JavaScript): paid orders, the dashboard
 * tile's number, checkouts that were never paid (Shopify's abandoned checkouts), and the
 * parcels to ship (their own screen, /orders/parcels).
 */
export function OrderViewTabs({ view, counts }: { view: string; counts: { orders: number; checkouts: number; parcels: number } }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("order_views.label")} className="mt-6 border-b border-black/10">
      <ul className="-mb-px flex flex-wrap gap-x-4">
        {(["orders", "checkouts"] as const).map((tab) => (
          <li key={tab}>
            <Link
              to={`/orders?view=${tab}`}
              aria-current={view === tab ? "page" : undefined}
              className={cx(
                "inline-block border-b-2 px-1 py-2 text-sm font-medium",
                view === tab ? "border-brand-600 text-brand-700" : "border-transparent opacity-80 hover:border-slate-300",
              )}
            >
              {t(`order_views.${tab}`, { count: counts[tab] })}
            </Link>
          </li>
        ))}
        <li>
          <Link
            to="/orders/parcels"
            className="inline-block border-b-2 border-transparent px-1 py-2 text-sm font-medium opacity-80 hover:border-slate-300"
          >
            {t("parcels.tab", { count: counts.parcels })}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
