import { useTranslation } from "react-i18next";
import { OrderStatusBadge, PaymentStatusBadge } from "~/components/orders/status-badges";
import { SummaryLines } from "./summary-lines";

export type SummaryOrder = {
  number: string;
  status: string;
  paymentStatus: string;
  totalCents: number;
  /** Shipping charged, and the rate's name (null: shipping included in prices). */
  shippingCents?: number;
  shippingMethod?: string | null;
  items: { name: string; variantName?: string; quantity: number; priceCents: number }[];
} | null;

/** The order summary's part once there is an order: its number, lines, shipping, total and two statuses. */
export function OrderPart({ order, money }: { order: NonNullable<SummaryOrder>; money: (cents: number) => string }) {
  const { t } = useTranslation();
  return (
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
  );
}
