import { eq, sql, type SQL } from "drizzle-orm";
import { getDatabase } from "~db/client";
import { shops } from "~db/schema";

/**
 * What a shop's pages show changed without the shop's own row changing (its products, its
 * categories, whether it can take card payments): its content version moves on, so that no
 * node serves a page rendered before the change (app/middleware/page-cache.server.ts keys
 * pages on it and on the shop's `updatedAt`). Called after the change is written, so a page
 * rendered in between is never kept under the new version.
 */
async function bumpContentVersion(where: SQL): Promise<void> {
  await getDatabase()
    .update(shops)
    .set({ contentVersion: sql`${shops.contentVersion} + 1` })
    .where(where);
}

export function markShopContentChanged(shopId: number): Promise<void> {
  return bumpContentVersion(eq(shops.id, shopId));
}

/** The same, for the shop of a seller (payment account changes arrive per seller). */
export function markSellerShopContentChanged(sellerUserId: number): Promise<void> {
  return bumpContentVersion(eq(shops.ownerId, sellerUserId));
}
