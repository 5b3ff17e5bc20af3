import { data } from "react-router";
import type { Route } from "./+types/order-status";
import { shopPageMeta } from "~/routes/page-meta.server";
import { getVisibleOrder } from "~/domain/orders/orders.server";
import { orderView } from "~/domain/orders/order-view.server";
import { orderIdForStatusLink } from "~/domain/orders/status-links.server";
import { orderLinkCookie, orderViewer } from "~/http/shopper.server";
import { isPaid } from "~/domain/orders/payment-state";
import { getI18nInstance } from "~/middleware/i18n.server";
import { hostShopPage, siteUrl } from "~/middleware/site.server";

// The same page as the confirmation; only who may open it differs.
export { default, meta } from "./order-confirmation";

/**
 * An order status link from a mail: opens that one order on any device. An unknown or
 * revoked link is the confirmation page's "not found".
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const shop = hostShopPage(context);
  const meta = shopPageMeta(getI18nInstance(context).t, shop, new URL(request.url), siteUrl(context));
  const orderId = await orderIdForStatusLink(params.token, shop.id);
  if (orderId === null) return data({ meta, order: null }, { status: 404, headers: NO_STORE });
  const visible = await getVisibleOrder(orderId, { ...(await orderViewer(request, context)), statusLinkOrderId: orderId }, shop.id);
  const headers = new Headers(NO_STORE);
  // Unpaid (a payment reminder): this browser may now finish that order's payment.
  if (!isPaid(visible.paymentStatus) && visible.status !== "cancelled")
    headers.append("Set-Cookie", orderLinkCookie(request, params.token));
  return data({ meta, order: orderView(visible) }, { headers });
}

// The URL is a credential: keep it out of shared caches and search engines.
const NO_STORE = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}
