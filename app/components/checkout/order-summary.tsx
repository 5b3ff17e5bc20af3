import { useTranslation } from "react-i18next";
import { StockBadge } from "~/components/stock/stock-label";
import { Badge } from "~/components/ui/badge";
import { ImageIcon } from "~/components/ui/icons";
import { OrderStatusBadge, PaymentStatusBadge } from "~/components/orders/status-badges";
import { formatMoney } from "~/lib/money";
import { orderItemName } from "~/lib/order-item-name";
import type { StockLabel } from "~/lib/stock-label";

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
type SummaryOrder = {
  number: string;
  status: string;
  paymentStatus: string;
  totalCents: number;
  /** Shipping charged, and the rate's name (null: shipping included in prices). */
  shippingCents?: number;
  shippingMethod?: string | null;
  items: { name: string; variantName?: string; quantity: number; priceCents: number }[];
} | null;

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
        <dl className="mt-4 space-y-2 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-slate-600">{t("checkout.summary.order")}</dt>
            <dd className="font-medium">#{order.number}</dd>
          </div>
          <SummaryLines lines={order.items} money={money} />
          {order.shippingMethod != null ? (
            <>
              <div className="flex justify-between gap-3 border-t border-border pt-2">
                <dt className="text-slate-600">{t("shipping.checkout.subtotal")}</dt>
                <dd data-testid="summary-subtotal">{money(order.totalCents - (order.shippingCents ?? 0))}</dd>
              </div>
              <div className="flex justify-between gap-3">
                <dt className="text-slate-600">
                  {t("shipping.checkout.shipping")} ({order.shippingMethod || t("shipping.pickup")})
                </dt>
                <dd data-testid="summary-shipping">{order.shippingCents ? money(order.shippingCents) : t("shipping.checkout.free")}</dd>
              </div>
            </>
          ) : null}
          <div className="flex justify-between gap-3 border-t border-border pt-2 text-base">
            <dt className="font-semibold">{t("checkout.summary.total")}</dt>
            <dd className="font-bold" data-testid="summary-total">
              {money(order.totalCents)}
            </dd>
          </div>
          {/* Two statuses, each named: the order's progress and its payment's. */}
          <div className="flex flex-wrap items-center justify-between gap-2 pt-1">
            <dt className="text-slate-600">{t("purchase.summary.order_status")}</dt>
            <dd data-testid="summary-order-status">
              <OrderStatusBadge status={order.status} />
            </dd>
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <dt className="text-slate-600">{t("purchase.summary.payment_status")}</dt>
            <dd data-testid="summary-status">
              <PaymentStatusBadge status={order.paymentStatus} />
            </dd>
          </div>
        </dl>
      ) : purchase.kind === "live" ? (
        <p className="mt-4 text-sm text-slate-600">{t("checkout.summary.no_product")}</p>
      ) : null}
    </aside>
  );
}

/** "2 × Sweater (M)   €50.00": the lines of a bag or of an order, one row each. */
function SummaryLines({
  lines,
  money,
}: {
  lines: readonly { name: string; variantName?: string | null; quantity: number; priceCents: number }[];
  money: (cents: number) => string;
}) {
  return lines.map((line, index) => (
    <div key={index} className="flex justify-between gap-3" data-testid="summary-line">
      <dt className="text-slate-600">
        {line.quantity} × {orderItemName(line)}
      </dt>
      <dd>{money(line.priceCents * line.quantity)}</dd>
    </div>
  ));
}
