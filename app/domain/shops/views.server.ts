import { isbot } from "isbot";
import { sql } from "drizzle-orm";
import { getDatabase, writeTransaction } from "~db/client";
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

/**
 * Page loads counted since the last flush, per shop and UTC day. A write per page view
 * would queue every shopper's page behind the database writer during a live drop; the
 * counts are added up here and written in one transaction every few seconds (and when the
 * node stops). A node killed outright loses its last few seconds of views: a counter, not
 * an order.
 */
const pending = new Map<string, { shopId: number; day: string; views: number }>();

/** Counts a page load of a shop (one row per shop and UTC day, written by `flushShopViews`). */
export function recordShopView(shopId: number, request: Request, now = new Date()): void {
  if (!isShopPageLoad(request)) return;
  const day = now.toISOString().slice(0, 10);
  const key = `${shopId}|${day}`;
  const entry = pending.get(key);
  if (entry) entry.views += 1;
  else pending.set(key, { shopId, day, views: 1 });
}

/**
 * Writes the counted page loads in one transaction. A failed write drops its batch rather
 * than retrying it forever (a shop deleted meanwhile would fail every time).
 */
export async function flushShopViews(): Promise<void> {
  if (pending.size === 0) return;
  const batch = Array.from(pending, ([, entry]) => entry);
  pending.clear();
  await writeTransaction(async () => {
    for (const { shopId, day, views } of batch) {
      await getDatabase()
        .insert(shopDailyViews)
        .values({ shopId, day, views })
        .onConflictDoUpdate({
          target: [shopDailyViews.shopId, shopDailyViews.day],
          set: { views: sql`${shopDailyViews.views} + ${views}` },
        });
    }
  });
}
