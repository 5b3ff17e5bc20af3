import type { RouterContextProvider } from "react-router";
import { orderViewer } from "~/http/shopper.server";
import { orderListQuerySchema, type OrderListQuery } from "~/schemas/checkout";
import { searchParamsObject } from "~/schemas/catalogue";
import { siteContext } from "~/middleware/site.server";
import { countOrders, listOrders, listViewOf, shopperScope, type OrderScope } from "~/domain/orders/orders.server";
import { orderRefundSummaries } from "~/domain/payments/refunds.server";
import { allowedTransitions, orderHistories } from "~/domain/orders/order-status.server";
import { orderView } from "~/domain/orders/order-view.server";
import { canShip } from "~/domain/orders/fulfillment.server";
import { countOpenParcels } from "~/domain/orders/parcels.server";
import { orderDisputes, type DisputeView } from "~/domain/payments/disputes.server";

export type OrdersAudience = "shopper" | "seller" | "client" | "visitor";

/** Filters from the URL; a bad value is ignored rather than failing the page. */
export function orderQueryFromUrl(url: URL): OrderListQuery {
  const raw = searchParamsObject(url.searchParams);
  const parsed = orderListQuerySchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const defaults = orderListQuerySchema.parse({});
  for (const key of ["page", "status", "payment_status", "view", "search"] as const) {
    const single = orderListQuerySchema.shape[key].safeParse(raw[key]);
    if (single.success && single.data !== undefined) Object.assign(defaults, { [key]: single.data });
  }
  return defaults;
}

/**
 * The /orders screen on either site: a shop's shopper sees their orders in that shop; on
 * the main site a seller sees their shop's orders and any other user their own purchases.
 */
export async function ordersPageData(request: Request, context: Readonly<RouterContextProvider>) {
  const url = new URL(request.url);
  const viewer = await orderViewer(request, context);
  const site = context.get(siteContext);
  let audience: OrdersAudience;
  let scope: OrderScope | null;
  if (site.kind === "shop") {
    audience = "shopper";
    scope = shopperScope(site.shop.id, viewer);
  } else if (viewer.ownedShopId !== null) {
    audience = "seller";
    scope = { kind: "seller", shopId: viewer.ownedShopId };
  } else if (viewer.user) {
    audience = "client";
    scope = { kind: "client", user: viewer.user };
  } else {
    audience = "visitor";
    scope = null;
  }
  const query = orderQueryFromUrl(url);
  const { items, count } = scope ? await listOrders(scope, query) : { items: [], count: 0 };
  // Sellers see each order's history and next steps in the detail dialog.
  const histories = audience === "seller" ? await orderHistories(items.map((o) => o.id)) : new Map();
  const disputes = audience === "seller" ? await orderDisputes(items.map((o) => o.id)) : new Map<number, DisputeView[]>();
  const refunds = audience === "seller" ? await orderRefundSummaries(items) : new Map();
  const view = scope ? listViewOf(scope, query) : "all";
  // The seller's tabs: paid orders (the dashboard tile's number) and unpaid checkouts.
  const viewCounts =
    scope?.kind === "seller"
      ? {
          orders: await countOrders(scope, { view: "orders" }),
          checkouts: await countOrders(scope, { view: "checkouts" }),
          parcels: await countOpenParcels(scope.shopId),
        }
      : null;
  return {
    audience,
    orders: items.map((order) => ({
      ...orderView(order),
      history: histories.get(order.id) ?? [],
      disputes: disputes.get(order.id) ?? [],
      refund: refunds.get(order.id) ?? null,
      transitions: audience === "seller" ? allowedTransitions(order.status) : [],
      shippable: audience === "seller" && canShip(order),
    })),
    count,
    page: query.page,
    pageSize: query.page_size,
    view,
    viewCounts,
    filters: { search: query.search ?? "", status: query.status ?? "", payment_status: query.payment_status ?? "", view: query.view ?? "" },
    /** The emails whose orders this shopper browser was given access to with a code. */
    provenEmails: audience === "shopper" ? (viewer.provenEmails?.emails ?? []) : [],
  };
}
