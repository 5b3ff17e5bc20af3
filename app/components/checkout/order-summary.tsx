import { lazy } from "react";
import { useTranslation } from "react-i18next";
import { StockBadge } from "~/components/stock/stock-label";
import { Badge } from "~/components/ui/badge";
import { ImageIcon } from "~/components/ui/icons";
import { formatMoney } from "~/lib/money";
import type { StockLabel } from "~/lib/stock-label";
import type { SummaryOrder } from "./order-summary-order";
import { SummaryLines } from "./summary-lines";

type SummaryProduct = {
  name: string;
  priceCents: number;
  imageUrl: string | null;
  isInStock: boolean;
  /** The variant picked ("M / Blue"), and what is left of it. */
  variant?: { name: string } | null;
  label?: StockLabel;
};
/** A product with options before one is picked: its prices run from `priceMinCents`. */
type SummaryChoice = { priceMinCents: number; priceMaxCents: number } | null;
/** What the checkout sells before an order exists: a catalogue product, or a live purchase (the typed amount). */
export type SummaryPurchase =
  | { kind: "live" }
  | { kind: "catalogue"; product: SummaryProduct | null; choice?: SummaryChoice }
  /** The bag's checkout: its lines at the prices agreed, and their total. */
  | { kind: "bag"; lines: { name: string; variantName: string | null; quantity: number; priceCents: number }[]; totalCents: number };

// The order's part (its lines, total and statuses) loads once there is an order: a new order's shipping step is without it.
const OrderPart = lazy(() => import("./order-summary-order").then((m) => ({ default: m.OrderPart })));

/** The checkout's order summary: what is being bought, then the order, its total and its two statuses. */
export function OrderSummary({
  purchase,
  order,
  currency,
  testMode,
}: {
  purchase: SummaryPurchase;
  order: SummaryOrder;
  currency: string;
  testMode: boolean;
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, currency, i18n.language);
  const product = purchase.kind === "catalogue" ? purchase.product : null;
  const choice = purchase.kind === "catalogue" ? purchase.choice : null;
  // A product with options and none picked yet: its lowest price, "from €X" when they differ.
  const range = product && choice && !product.variant && choice.priceMinCents !== choice.priceMaxCents;
  return (
    <aside
      className="rounded-xl border border-black/10 bg-white p-5 text-slate-900 shadow-sm"
      aria-labelledby="summary-title"
      data-testid="order-summary"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="summary-title" className="text-lg font-semibold">
          {t("checkout.summary.title")}
        </h2>
        {testMode ? <Badge tone="warning">{t("payments.test_mode")}</Badge> : null}
      </div>
      {product && !order ? (
        <div className="mt-4 flex gap-3">
          <div className="size-16 shrink-0 overflow-hidden rounded-lg bg-slate-100">
            {product.imageUrl ? (
              <img src={product.imageUrl} alt="" className="size-full object-cover" />
            ) : (
              <ImageIcon className="m-auto mt-4 size-8 text-slate-400" />
            )}
          </div>
          <div className="min-w-0">
            <p className="font-medium">{product.name}</p>
            {product.variant ? (
              <p className="text-sm text-slate-700" data-testid="summary-variant">
                {product.variant.name}
              </p>
            ) : null}
            <p className="text-sm text-slate-600" data-testid="summary-price">
              {range
                ? t("stock_shop.price_from", { price: money(product.priceCents) })
                : t("purchase.unit_price", { price: money(product.priceCents) })}
            </p>
            {!product.isInStock ? (
              <Badge tone="neutral">{t("catalogue.out_of_stock")}</Badge>
            ) : product.label ? (
              <StockBadge label={product.label} />
            ) : null}
          </div>
        </div>
      ) : null}
      {purchase.kind === "bag" && !order && purchase.lines.length > 0 ? (
        <dl className="mt-4 space-y-2 text-sm" data-testid="summary-bag">
          <SummaryLines lines={purchase.lines} money={money} />
          <div className="flex justify-between gap-3 border-t border-border pt-2 text-base">
            <dt className="font-semibold">{t("bag.subtotal")}</dt>
            <dd className="font-bold" data-testid="summary-subtotal">
              {money(purchase.totalCents)}
            </dd>
          </div>
        </dl>
      ) : null}
      {order ? (
        <OrderPart order={order} money={money} />
      ) : purchase.kind === "live" ? (
        <p className="mt-4 text-sm text-slate-600">{t("checkout.summary.no_product")}</p>
      ) : null}
    </aside>
  );
}
