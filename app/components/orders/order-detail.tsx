import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { TrackingInfo } from "./tracking-info";
import type { OrderView } from "~/domain/orders/order-view.server";
import { LocalTime } from "~/components/ui/local-time";
import { formatMoney } from "~/lib/money";
import { orderItemName } from "~/lib/order-item-name";
import { OrderStatusBadge, PaymentStatusBadge } from "./status-badges";

/** Every field of an order and its items (the detail dialog and the detail page). */
export function OrderDetail({ order, sellerView, children }: { order: OrderView; sellerView: boolean; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => formatMoney(cents, order.currency, i18n.language);
  const customer: [string, string][] = [
    [t("checkout.fields.full_name"), order.customer.fullName],
    [t("checkout.fields.company_name"), order.customer.companyName],
    [t("checkout.fields.email"), order.customer.email],
    [t("checkout.fields.phone"), order.customer.phone],
    [t("checkout.fields.address"), order.customer.address],
    [t("checkout.fields.city"), order.customer.city],
    [t("checkout.fields.state"), order.customer.state],
    [t("checkout.fields.zip_code"), order.customer.zipCode],
    [t("checkout.fields.country"), order.customer.country],
    [t("checkout.fields.social_network_handle"), order.customer.socialNetworkHandle],
  ];
  const live: [string, string][] = [
    [t("checkout.fields.reference"), order.reference],
    [t("checkout.fields.live_reference"), order.liveReference],
    [t("checkout.fields.content"), order.content],
  ];
  return (
    <div className="space-y-5 text-sm" data-testid="order-detail">
      <div className="flex flex-wrap items-center gap-2">
        <OrderStatusBadge status={order.status} />
        <PaymentStatusBadge status={order.paymentStatus} />
        <LocalTime value={order.createdAt} format="dateTime" className="text-slate-500" />
      </div>
      {!sellerView ? <p className="text-slate-600">{t("orders.detail.shop", { shop: order.shopName })}</p> : null}
      {order.fulfillment ? <TrackingInfo fulfillment={order.fulfillment} heading="h3" /> : null}
      <section>
        <h3 className="font-semibold">{t("orders.detail.customer")}</h3>
        <dl className="mt-2 grid gap-x-4 gap-y-2 sm:grid-cols-2">
          {customer
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs text-slate-500">{label}</dt>
                <dd className="break-words">{value}</dd>
              </div>
            ))}
        </dl>
      </section>
      <section>
        <h3 className="font-semibold">{t("orders.detail.live")}</h3>
        <dl className="mt-2 grid gap-x-4 gap-y-2 sm:grid-cols-3">
          {live.map(([label, value]) => (
            <div key={label}>
              <dt className="text-xs text-slate-500">{label}</dt>
              <dd className="break-words">{value || "—"}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section>
        <h3 className="font-semibold">{t("orders.detail.items")}</h3>
        {order.items.length ? (
          <ul className="mt-2 divide-y divide-border">
            {order.items.map((item) => (
              <li key={item.id} className="flex justify-between gap-3 py-2">
                <span>
                  {item.quantity} × {orderItemName(item)}
                </span>
                <span className="tabular-nums">{money(item.priceCents)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-slate-500">{t("orders.detail.no_items")}</p>
        )}
        {order.shippingMethod !== null ? (
          <p className="mt-2 flex justify-between gap-3 border-t border-border pt-2" data-testid="order-shipping">
            <span>
              {t("shipping.checkout.shipping")} ({order.shippingMethod || t("shipping.pickup")})
            </span>
            <span className="tabular-nums">{order.shippingCents ? money(order.shippingCents) : t("shipping.checkout.free")}</span>
          </p>
        ) : null}
        <p className="mt-2 flex justify-between border-t border-border pt-2 font-semibold">
          <span>{t("orders.columns.total")}</span>
          <span className="tabular-nums">{money(order.totalCents)}</span>
        </p>
      </section>
      {children}
    </div>
  );
}
