import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { intlLocale } from "~/lib/languages";
import { formatMoney } from "~/lib/money";

type Stats = { totalSalesCents: number; totalOrders: number; totalProducts: number; storeViews: number };

/** Four tiles; sales and orders lead to /orders. */
export function StatTiles({ stats, currency }: { stats: Stats; currency: string }) {
  const { t, i18n } = useTranslation();
  const number = new Intl.NumberFormat(intlLocale(i18n.language));
  const tiles = [
    { key: "sales", value: formatMoney(stats.totalSalesCents, currency, i18n.language), to: "/orders" },
    { key: "orders", value: number.format(stats.totalOrders), to: "/orders" },
    { key: "products", value: number.format(stats.totalProducts), to: "/dashboard/products" },
    { key: "views", value: number.format(stats.storeViews), to: null },
  ];
  return (
    <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {tiles.map((tile) => {
        const body = (
          <>
            <p className="text-sm text-slate-600">{t(`dashboard.stats.${tile.key}`)}</p>
            <p className="mt-2 text-2xl font-bold tracking-tight tabular-nums" data-testid={`stat-${tile.key}`}>
              {tile.value}
            </p>
          </>
        );
        return (
          <li key={tile.key}>
            {tile.to ? (
              <Link
                to={tile.to}
                className="block rounded-xl border border-border bg-white p-5 shadow-sm hover:border-brand-200 hover:shadow"
              >
                {body}
              </Link>
            ) : (
              <div className="rounded-xl border border-border bg-white p-5 shadow-sm">{body}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
