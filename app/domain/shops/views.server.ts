import { isbot } from "isbot";
import { sql } from "drizzle-orm";
import { getDatabase, withoutDiskSync } from "~db/client";
import { shopDailyViews } from "~db/schema";

/**
 * Whether a request is someone opening a shop page. Client-side navigations, search as you
 * type, revalidations and prefetches fetch the loader's data (Sec-Fetch-Dest: empty) and
 * would inflate the number; clients without Fetch Metadata count unless they are bots.
 */
export function isShopPageLoad(request: Request): boolean {
  if (request.method !== "GET" || isbot(request.headers.get("User-Agent") ?? "")) return false;
  const destination = request.headers.get("Sec-Fetch-Dest");
  if (destination && destination !== "document") return false;
  return !/prefetch|prerender/.test(`${request.headers.get("Sec-Purpose") ?? ""} ${request.headers.get("Purpose") ?? ""}`);
}

/** Counts a page load of a shop (one row per shop and UTC day). */
export async function recordShopView(shopId: number, request: Request, now = new Date()): Promise<void> {
  if (!isShopPageLoad(request)) return;
  const day = now.toISOString().slice(0, 10);
  // A counter, written on every page load: losing the last few in a power cut is fine.
  await withoutDiskSync(async () => {
    await getDatabase()
      .insert(shopDailyViews)
      .values({ shopId, day, views: 1 })
      .onConflictDoUpdate({ target: [shopDailyViews.shopId, shopDailyViews.day], set: { views: sql`${shopDailyViews.views} + 1` } });
  });
}
