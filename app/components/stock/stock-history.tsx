import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { LocalTime } from "~/components/ui/local-time";
import { Table } from "~/components/ui/table";
import type { ProductStockView, StockHistoryEntry } from "~/domain/stock/seller-stock.server";
import { intlLocale } from "~/lib/languages";

/** +3, −1: a change as the seller reads it, in their language. */
function useSigned() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(intlLocale(i18n.language), { signDisplay: "exceptZero" });
  return (n: number) => format.format(n);
}

/** Each variant's units now: on hand, held for shoppers, left to buy, and shoppers waiting. */
export function ProductStockTable({ stock }: { stock: ProductStockView | null }) {
  const { t } = useTranslation();
  if (!stock) return null;
  const figure = (n: number | null) => (n === null ? t("stock_admin.not_tracked") : n);
  return (
    <Table
      caption={t("stock_admin.history.now")}
      testId="stock-now"
      rows={stock.variants}
      rowKey={(v) => v.id}
      rowProps={() => ({ "data-testid": "stock-now-row" })}
      columns={[
        stock.hasOptions && { header: t("stock_admin.columns.variant"), rowHeader: true, className: "font-medium", cell: (v) => v.name },
        { header: t("stock_admin.columns.on_hand"), className: "tabular-nums", cell: (v) => figure(v.stock) },
        { header: t("stock_admin.columns.held"), className: "tabular-nums", cell: (v) => (v.stock === null ? "—" : v.held) },
        {
          header: t("stock_admin.columns.available"),
          className: "tabular-nums",
          cell: (v) =>
            v.available === 0 ? (
              <Badge tone="danger">{t("stock_admin.sold_out")}</Badge>
            ) : v.available !== null && v.available <= stock.threshold ? (
              <>
                {v.available} <Badge tone="warning">{t("stock_admin.low_stock")}</Badge>
              </>
            ) : (
              figure(v.available)
            ),
        },
        { header: t("stock_admin.columns.waiting"), className: "tabular-nums", cell: (v) => v.waiting },
      ]}
    />
  );
}

/** The history's rows: when, what, which variant, the change, the stock after it, and who. */
export function StockHistoryTable({ entries, showVariant }: { entries: StockHistoryEntry[]; showVariant: boolean }) {
  const { t } = useTranslation();
  const signed = useSigned();
  return (
    <Table
      caption={t("stock_admin.history.heading")}
      testId="stock-history"
      rows={entries}
      rowKey={(e) => e.id}
      rowProps={(e) => ({ "data-testid": "stock-history-row", "data-kind": e.kind })}
      columns={[
        { header: t("stock_admin.columns.when"), cell: (e) => <LocalTime value={e.at} format="dateTime" /> },
        { header: t("stock_admin.columns.what"), className: "font-medium", cell: (e) => <MovementText entry={e} /> },
        showVariant && { header: t("stock_admin.columns.variant"), cell: (e) => e.variant || "—" },
        {
          header: t("stock_admin.columns.change"),
          className: "tabular-nums",
          cell: (e) =>
            e.stockDelta === 0 && e.reservedDelta < 0 ? t("stock_admin.history.freed", { count: -e.reservedDelta }) : signed(e.stockDelta),
        },
        { header: t("stock_admin.columns.after"), className: "tabular-nums", cell: (e) => e.stockAfter ?? "—" },
        { header: t("stock_admin.columns.who"), cell: (e) => e.by ?? t("stock_admin.history.automatic") },
      ]}
    />
  );
}

/** "Sale of order #0012", linked to the order; "Manual change". */
function MovementText({ entry }: { entry: StockHistoryEntry }) {
  const { t } = useTranslation();
  if (entry.orderNumber === null || entry.orderId === null) return <>{t(`stock_admin.kinds.${entry.kind}`)}</>;
  return (
    <Link to={`/orders/${entry.orderId}`} className="text-brand-700 underline-offset-2 hover:underline">
      {t(`stock_admin.kinds_of_order.${entry.kind}`, { number: entry.orderNumber })}
    </Link>
  );
}
