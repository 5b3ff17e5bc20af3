import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import type { ProductStockView } from "~/domain/stock/seller-stock.server";

/**
 * A product's stock in the seller's list: what is left (and held), a "Sold out" or "Low
 * stock" badge, and each variant's units for a product with options ("S 2 · M 0 · L 5").
 */
export function ProductStockSummary({ stock }: { stock: ProductStockView | null }) {
  const { t } = useTranslation();
  if (!stock?.tracked) {
    return (
      <span className="text-slate-600" data-testid="product-stock">
        {t("stock_admin.not_tracked")}
      </span>
    );
  }
  return (
    <div className="space-y-1" data-testid="product-stock">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium tabular-nums">{t("stock_admin.list.left", { count: stock.available ?? 0 })}</span>
        {stock.held > 0 ? <span className="text-xs text-slate-600">{t("stock_admin.list.held", { count: stock.held })}</span> : null}
        {stock.soldOut ? (
          <Badge tone="danger">{t("stock_admin.sold_out")}</Badge>
        ) : stock.low ? (
          <Badge tone="warning">{t("stock_admin.low_stock")}</Badge>
        ) : null}
      </p>
      {stock.hasOptions ? (
        <p className="text-xs text-slate-600" data-testid="product-stock-variants">
          {stock.variants
            .map((v) => `${v.name} ${v.available === null ? t("stock_admin.list.variant_not_tracked") : v.available}`)
            .join(" · ")}
        </p>
      ) : null}
    </div>
  );
}

/** How many shoppers wait for the product to come back ("—" for none). */
export function WaitingCount({ stock }: { stock: ProductStockView | null }) {
  const { t } = useTranslation();
  const waiting = stock?.waiting ?? 0;
  if (waiting === 0) return <span className="text-slate-500">—</span>;
  return (
    <span className="font-medium tabular-nums" data-testid="product-waiting">
      {t("stock_admin.list.waiting", { count: waiting })}
    </span>
  );
}

/** On a product's screen (/dashboard/products/{id}): the way to its stock history. */
export function StockHistoryLink() {
  const { t } = useTranslation();
  return (
    <Link
      to="stock"
      relative="path"
      className="mt-1 inline-block text-sm font-medium text-brand-700 underline"
      data-testid="stock-history-link"
    >
      {t("stock_admin.history.link")}
    </Link>
  );
}
