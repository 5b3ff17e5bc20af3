import { placeOrder } from "~/domain/checkout/place-order.server";
import {
  getVisibleOrder,
  listOrders,
  orderResource,
  shopperScope,
  type OrderScope,
  type OrderWithItems,
} from "~/domain/orders/orders.server";
import { orderRefundSummaries, refundSummaryResource } from "~/domain/payments/refunds.server";
import { ForbiddenError, NotFoundError, UnauthorizedError } from "~/domain/errors.server";
import { orderHistories } from "~/domain/orders/order-status.server";
import { changeOrderStatus } from "~/domain/payments/order-status-change.server";
import { canManageOrder } from "~/domain/orders/visibility.server";
import { minimumOrderCents } from "~/domain/shops/customization.server";
import { apiEndpoints, pageLinks, parseInput, readJsonBody, type ApiArgs } from "~/http/api.server";
import { ensureShopperKey, orderViewer } from "~/http/shopper.server";
import { parsePathId } from "~/lib/path-id";
import { getLocale } from "~/middleware/i18n.server";
import { currentUser } from "~/middleware/session.server";
import { hostShop, siteContext, siteUrl } from "~/middleware/site.server";
import { orderCreateSchema, orderListQuerySchema, orderStatusChangeSchema } from "~/schemas/checkout";
import { searchParamsObject } from "~/schemas/catalogue";

/**
 * /api/v1/shop/orders/ (GET list, POST create on a shop host) and /api/v1/shop/orders/{id}/.
 * A shop host lists the shopper's orders in that shop; the main host lists a seller's shop
 * orders or a client's own orders.
 */
async function sellerOrderResource(order: OrderWithItems) {
  return { ...orderResource(order), ...refundSummaryResource((await orderRefundSummaries([order])).get(order.id), order.currency) };
}

/** The list (GET) and creation (POST) of orders. */
const collection = {
  async GET({ request, context }: ApiArgs) {
    const viewer = await orderViewer(request, context);
    const url = new URL(request.url);
    const query = parseInput(orderListQuerySchema, searchParamsObject(url.searchParams));
    const site = context.get(siteContext);
    let scope: OrderScope;
    if (site.kind === "shop") scope = shopperScope(site.shop.id, viewer);
    else if (viewer.ownedShopId !== null) scope = { kind: "seller", shopId: viewer.ownedShopId };
    else if (viewer.user) scope = { kind: "client", user: viewer.user };
    else throw new UnauthorizedError("errors.unauthenticated");
    const { items, count } = await listOrders(scope, query);
    // The seller also sees each order's refunds (amounts and reasons stay between seller and platform).
    const refunds = scope.kind === "seller" ? await orderRefundSummaries(items) : null;
    const results = items.map((order) =>
      refunds ? { ...orderResource(order), ...refundSummaryResource(refunds.get(order.id), order.currency) } : orderResource(order),
    );
    return { count, ...pageLinks(siteUrl(context), url, query.page, query.page_size, count), results };
  },
  async POST({ request, context }: ApiArgs) {
    const shop = hostShop(context);
    const body = await readJsonBody(request);
    // One pass, so every field error (items included, under "items.N.field") comes back at once.
    const input = parseInput(orderCreateSchema(minimumOrderCents(shop)), body);
    const shopper = ensureShopperKey(request);
    const viewer = { ...(await orderViewer(request, context)), shopperKeyHash: shopper.hash };
    // The client starts the payment itself (`pay/`), with the provider it names.
    const { order: created } = await placeOrder({
      shop,
      input,
      shopper: { shopperKeyHash: shopper.hash, userId: currentUser(context)?.id ?? null, language: getLocale(context), viewer },
      payment: "later",
    });
    return Response.json(orderResource(created), {
      status: 201,
      headers: shopper.setCookie ? { "Set-Cookie": shopper.setCookie } : undefined,
    });
  },
};

/** One order: read by its shopper or its seller (GET), its status changed by its seller (PATCH). */
const item = {
  async GET({ request, params, context }: ApiArgs) {
    const viewer = await orderViewer(request, context);
    const id = parsePathId(params.id);
    if (id === null) throw new NotFoundError("orders.not_found");
    const site = context.get(siteContext);
    const order = await getVisibleOrder(id, viewer, site.kind === "shop" ? site.shop.id : undefined);
    return canManageOrder(order, viewer) ? await sellerOrderResource(order) : orderResource(order);
  },
  async PATCH({ request, params, context }: ApiArgs) {
    const id = parsePathId(params.id);
    if (id === null) throw new NotFoundError("orders.not_found");
    const viewer = await orderViewer(request, context);
    if (!viewer.user) throw new UnauthorizedError("errors.unauthenticated");
    const order = await getVisibleOrder(id, viewer);
    // The shopper may see the order but only the shop's seller may change it.
    if (!canManageOrder(order, viewer) || !viewer.user) throw new ForbiddenError("orders.errors.seller_only");
    const { status } = parseInput(orderStatusChangeSchema, await readJsonBody(request));
    await changeOrderStatus(id, status, { userId: viewer.user.id, shopId: order.shopId });
    return { ...(await sellerOrderResource(await getVisibleOrder(id, viewer))), history: (await orderHistories([id])).get(id) ?? [] };
  },
};

const api = apiEndpoints((params) => (params.id === undefined ? "collection" : "item"), { collection, item });

export const loader = api.loader;
export const action = api.action;
