import { isbot } from "isbot";
import { sql } from "drizzle-orm";
import { getDatabase } from "~db/client";
import { shopDailyViews } from "~db/schema";

/** Counts a page view of a shop (one row per shop and UTC day); bots are not counted. */
export function recordShopView(shopId: number, request: Request, now = new Date()): void {
  if (request.method !== "GET" || isbot(request.headers.get("User-Agent") ?? "")) return;
  const day = now.toISOString().slice(0, 10);
  getDatabase()
    .insert(shopDailyViews)
    .values({ shopId, day, views: 1 })
    .onConflictDoUpdate({ target: [shopDailyViews.shopId, shopDailyViews.day], set: { views: sql`${shopDailyViews.views} + 1` } })
    .run();
}
