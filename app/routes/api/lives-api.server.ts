import { listOrders, orderResource } from "~/domain/orders/orders.server";
import { orderRefundSummaries, refundSummaryResource } from "~/domain/payments/refunds.server";
import type { LiveListQuery } from "~/schemas/lives";
import type { OrderListQuery } from "~/schemas/checkout";
import { shopPublicUrl } from "~/domain/shops/shop-hosts.server";
import type { Live, Shop } from "~db/schema";
import { countLives, getShopLive, listLives, liveResource, liveStats, liveWithStats } from "~/domain/lives/lives.server";

/** The shop an API call is about: its id scopes every query and makes the live's link (`shopPublicUrl`). */
type ApiShop = Pick<Shop, "id">;

/** A page of the seller's lives, newest first, as the API lists them. */
export async function livesPage(shop: ApiShop, query: LiveListQuery) {
  const [items, count] = await Promise.all([listLives(shop.id, query.page_size, (query.page - 1) * query.page_size), countLives(shop.id)]);
  const shopUrl = await shopPublicUrl(shop.id);
  return { count, results: items.map(({ live, stats }) => liveResource(live, stats, shopUrl)) };
}

/** One of the seller's lives as the API shows it (404 for another shop's). */
export async function shopLiveResource(shop: ApiShop, liveId: number) {
  const { live, stats } = await liveWithStats(shop.id, liveId);
  return liveResource(live, stats, await shopPublicUrl(shop.id));
}

/** A live the domain just changed (ended, pinned), with its figures, as the API answers it. */
export async function changedLiveResource(shop: ApiShop, live: Live) {
  const stats = (await liveStats([live])).get(live.id)!;
  return liveResource(live, stats, await shopPublicUrl(shop.id));
}

/**
 * A page of the live's orders, as the seller's orders list gives them (with their refunds).
 * Paid or not unless `view` or `payment_status` says otherwise: an integrator following a
 * live wants its open checkouts too.
 */
export async function liveOrdersPage(shop: ApiShop, liveId: number, query: OrderListQuery) {
  await getShopLive(shop.id, liveId);
  const { items, count } = await listOrders({ kind: "live", shopId: shop.id, liveId }, query);
  const refunds = await orderRefundSummaries(items);
  return {
    count,
    results: items.map((order) => ({ ...orderResource(order), ...refundSummaryResource(refunds.get(order.id), order.currency) })),
  };
}
