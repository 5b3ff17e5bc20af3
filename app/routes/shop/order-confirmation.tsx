import { useTranslation } from "react-i18next";
import { data, Link, useNavigation } from "react-router";
import type { Route } from "./+types/order-confirmation";
import { TrackingInfo } from "~/components/orders/tracking-info";
import { buttonClasses } from "~/components/ui/button";
import { CheckCircleIcon, ClockIcon, PackageIcon, XCircleIcon } from "~/components/ui/icons";
import { LocalTime } from "~/components/ui/local-time";
import { Skeleton } from "~/components/ui/skeleton";
import { NotFoundError } from "~/domain/errors.server";
import { shopPageMeta } from "~/routes/page-meta.server";
import { getVisibleOrder } from "~/domain/orders/orders.server";
import { isPaid } from "~/domain/orders/payment-state";
import { orderView } from "~/domain/orders/order-view.server";
import { orderViewer } from "~/http/shopper.server";
import { countryName } from "~/lib/countries";
import { formatMoney } from "~/lib/money";
import { orderItemName } from "~/lib/order-item-name";
import { parsePathId } from "~/lib/path-id";
import { metaDescriptors } from "~/lib/page-meta";
import { getI18nInstance } from "~/middleware/i18n.server";
import { hostShopPage, siteUrl } from "~/middleware/site.server";

/** Only the shopper who placed the order and the shop's seller see it; others get not-found. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const shop = hostShopPage(context);
  const meta = shopPageMeta(getI18nInstance(context).t, shop, new URL(request.url), siteUrl(context));
  const id = parsePathId(params.orderId);
  try {
    if (id === null) throw new NotFoundError("orders.not_found");
    return { meta, order: orderView(await getVisibleOrder(id, await orderViewer(request, context), shop.id)) };
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    return data({ meta, order: null }, { status: 404 });
  }
}

export const meta: Route.MetaFunction = ({ data }) => metaDescriptors(data?.meta);

// The confirmation's shipping block (spec section 2), as checkout field names → order view keys.
const SHIPPING_FIELDS = [
  ["full_name", "fullName"],
  ["address", "address"],
  ["city", "city"],
  ["state", "state"],
  ["zip_code", "zipCode"],
  ["country", "country"],
  ["phone", "phone"],
  ["email", "email"],
] as const;

export default function OrderConfirmation({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { order } = loaderData;
  if (navigation.state === "loading" && navigation.location.pathname.startsWith("/order-confirmation/")) {
    return (
      <div className="container-page max-w-2xl space-y-4 py-12" aria-busy="true" aria-label={t("common.loading")}>
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (!order) {
    return (
      <section className="container-page max-w-xl py-16 text-center" data-testid="order-not-found">
        <PackageIcon className="mx-auto size-12 opacity-50" />
        <h1 className="mt-4 text-2xl font-bold">{t("confirmation.not_found.title")}</h1>
        <p className="mt-2 opacity-80">{t("confirmation.not_found.body")}</p>
        <Link to="/" className={buttonClasses("primary", "md", "mt-6")}>
          {t("confirmation.not_found.home")}
        </Link>
      </section>
    );
  }
  const money = (cents: number) => formatMoney(cents, order.currency, i18n.language);
  const status = t(`orders.status.${order.status}`);
  // Only a paid order (a refund after delivery leaves it so) is confirmed, or shipped or delivered once it left: the
  // page a shipped mail opens says where it stands. An unpaid one offers to finish the payment.
  const state =
    order.status === "cancelled"
      ? "cancelled"
      : !isPaid(order.paymentStatus)
        ? "unpaid"
        : order.status === "shipped" || order.status === "delivered"
          ? order.status
          : "confirmed";
  return (
    <section className="container-page max-w-2xl py-12" data-testid="order-confirmation">
      <div className="text-center">
        {state === "confirmed" || state === "shipped" || state === "delivered" ? (
          <CheckCircleIcon className="mx-auto size-12 text-green-600" />
        ) : state === "cancelled" ? (
          <XCircleIcon className="mx-auto size-12 text-red-600" />
        ) : (
          <ClockIcon className="mx-auto size-12 text-amber-600" />
        )}
        <h1 className="mt-4 text-3xl font-bold">{t(state === "confirmed" ? "confirmation.title" : `confirmation.${state}.title`)}</h1>
        <p className="mt-2 opacity-80">{t(state === "confirmed" ? "confirmation.thanks" : `confirmation.${state}.body`)}</p>
        {state === "unpaid" ? (
          <Link to={`/?order=${order.id}&step=payment`} className={buttonClasses("primary", "md", "mt-4")}>
            {t("confirmation.unpaid.pay")}
          </Link>
        ) : null}
      </div>
      <div className="mt-8 rounded-xl border border-black/10 bg-white p-6 text-slate-900 shadow-sm">
        <dl className="grid gap-4 sm:grid-cols-2">
          <div>
            <dt className="text-xs uppercase opacity-70">{t("confirmation.number")}</dt>
            <dd className="text-lg font-semibold" data-testid="confirmation-number">
              #{order.number}
            </dd>
          </div>
          <div>
            <dt className="text-xs uppercase opacity-70">{t("confirmation.date")}</dt>
            <dd>
              <LocalTime value={order.createdAt} format="longDateTime" />
            </dd>
          </div>
          <div>
            <dt className="text-xs uppercase opacity-70">{t("confirmation.status")}</dt>
            <dd data-testid="confirmation-status">{status.charAt(0).toUpperCase() + status.slice(1)}</dd>
          </div>
          <div>
            <dt className="text-xs uppercase opacity-70">{t("confirmation.total")}</dt>
            <dd className="text-lg font-semibold" data-testid="confirmation-total">
              {money(order.totalCents)}
            </dd>
          </div>
        </dl>
        {order.fulfillment ? <TrackingInfo fulfillment={order.fulfillment} className="mt-6 rounded-lg bg-slate-50 p-4" /> : null}
        <h2 className="mt-8 text-lg font-semibold">{t("confirmation.shipping")}</h2>
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
          {SHIPPING_FIELDS.filter(([, key]) => order.customer[key]).map(([field, key]) => (
            <div key={field}>
              <dt className="text-xs opacity-70">{t(`checkout.fields.${field}`)}</dt>
              {/* A country is a code, named in the reader's language (Node's and the browser's ICU may name it a little differently). */}
              <dd className="break-words" suppressHydrationWarning={key === "country"}>
                {key === "country" ? countryName(order.customer.country, i18n.language) : order.customer[key]}
              </dd>
            </div>
          ))}
          {order.shippingMethod !== null ? (
            <div>
              <dt className="text-xs opacity-70">{t("shipping.checkout.shipping")}</dt>
              <dd data-testid="confirmation-shipping">
                {order.shippingMethod || t("shipping.pickup")} ·{" "}
                {order.shippingCents ? money(order.shippingCents) : t("shipping.checkout.free")}
              </dd>
            </div>
          ) : null}
        </dl>
        {order.items.length ? (
          <>
            <h2 className="mt-8 text-lg font-semibold">{t("confirmation.items")}</h2>
            <ul className="mt-3 divide-y divide-border text-sm">
              {order.items.map((item) => (
                <li key={item.id} className="flex justify-between gap-3 py-2">
                  <span>
                    {item.quantity} × {orderItemName(item)}
                  </span>
                  <span>{money(item.priceCents)}</span>
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </div>
      <div className="mt-8 text-center">
        <Link to="/products" className={buttonClasses("primary")}>
          {t("confirmation.continue")}
        </Link>
      </div>
    </section>
  );
}
