import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { shopBaseUrl } from "~/config.server";
import { getDatabase } from "~db/client";
import { lives, orders, products, shops } from "~db/schema";
import { shopPrimaryDomain } from "./shop-hosts.server";

/**
 * The shop pages a node that has just started opens itself before it says it is ready (issue
 * 31): those a drop is about to ask for. The shops with a running live first (the live's link
 * and its pinned product's checkout), then the shops that sold most recently, at most
 * `maxShops` in all; for each its catalogue and the checkout of a product on sale.
 */
export type WarmUpShop = { baseUrl: string; paths: string[] };

/** The orders looked at for "sold most recently" (newest first, by id: the primary key's index). */
const RECENT_ORDERS = 200;

export async function shopsToWarmUp(maxShops: number): Promise<WarmUpShop[]> {
  const db = getDatabase();
  const running = await db
    .select({ shopId: lives.shopId, code: lives.code, pinnedProductId: lives.pinnedProductId })
    .from(lives)
    .innerJoin(shops, eq(shops.id, lives.shopId))
    .where(and(isNull(lives.endedAt), eq(shops.isLive, true)))
    .orderBy(desc(lives.updatedAt))
    .limit(maxShops);
  const recent = await db.select({ shopId: orders.shopId }).from(orders).orderBy(desc(orders.id)).limit(RECENT_ORDERS);
  const shopIds = [...new Set([...running.map((live) => live.shopId), ...recent.map((order) => order.shopId)])].slice(0, maxShops);
  if (shopIds.length < maxShops) {
    // A node of a platform without orders yet (a fresh install, the demo) warms its oldest shops.
    const others = await db.select({ id: shops.id }).from(shops).where(eq(shops.isLive, true)).orderBy(asc(shops.id)).limit(maxShops);
    for (const { id } of others) if (shopIds.length < maxShops && !shopIds.includes(id)) shopIds.push(id);
  }
  if (shopIds.length === 0) return [];

  const addresses = await db
    .select({ id: shops.id, subdomain: shops.subdomain, primaryDomain: shopPrimaryDomain })
    .from(shops)
    .where(and(inArray(shops.id, shopIds), eq(shops.isLive, true)));
  const result: WarmUpShop[] = [];
  for (const shopId of shopIds) {
    const address = addresses.find((row) => row.id === shopId);
    if (!address) continue;
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.shopId, shopId), isNull(products.archivedAt), eq(products.isInStock, true)))
      .orderBy(asc(products.id))
      .limit(1);
    const paths = ["/products"];
    if (product) paths.push(`/?product_id=${product.id}`);
    for (const live of running.filter((row) => row.shopId === shopId)) {
      paths.push(`/live/${live.code}`);
      if (live.pinnedProductId) paths.push(`/live/${live.code}?product_id=${live.pinnedProductId}`);
    }
    result.push({ baseUrl: shopBaseUrl(address), paths });
  }
  return result;
}
