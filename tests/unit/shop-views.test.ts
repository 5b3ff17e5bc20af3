import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { flushShopViews, isShopPageLoad, recordShopView } from "~/domain/shops/views.server";
import { getDatabase } from "~db/client";
import { shopDailyViews } from "~db/schema";
import { createShop } from "./factories";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const request = (headers: Record<string, string>, method = "GET") =>
  new Request("http://demo.localhost/products", { method, headers: { "User-Agent": BROWSER, ...headers } });

describe("store views", () => {
  it("count page loads, not the data requests of in-page navigation or prefetching", () => {
    expect(isShopPageLoad(request({ "Sec-Fetch-Dest": "document", "Sec-Fetch-Mode": "navigate" }))).toBe(true);
    expect(isShopPageLoad(request({}))).toBe(true);
    expect(isShopPageLoad(request({ "Sec-Fetch-Dest": "empty", "Sec-Fetch-Mode": "cors" }))).toBe(false);
    expect(isShopPageLoad(request({ "Sec-Fetch-Dest": "document", "Sec-Purpose": "prefetch" }))).toBe(false);
    expect(isShopPageLoad(request({ "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }))).toBe(false);
    expect(isShopPageLoad(request({}, "POST"))).toBe(false);
  });

  it("add up per shop and UTC day", async () => {
    const shop = await createShop();
    const day = new Date("2026-11-20T23:30:00Z");
    const views = async () => {
      const [row] = await getDatabase()
        .select()
        .from(shopDailyViews)
        .where(and(eq(shopDailyViews.shopId, shop.id), eq(shopDailyViews.day, "2026-11-20")))
        .limit(1);
      return row?.views;
    };
    recordShopView(shop.id, request({ "Sec-Fetch-Dest": "document" }), day);
    recordShopView(shop.id, request({ "Sec-Fetch-Dest": "document" }), day);
    for (let i = 0; i < 4; i++) recordShopView(shop.id, request({ "Sec-Fetch-Dest": "empty" }), day);
    recordShopView(shop.id, request({ "Sec-Fetch-Dest": "document" }), new Date("2026-11-21T00:30:00Z"));
    // Counted in memory: nothing is written per page view.
    expect(await views()).toBeUndefined();
    await flushShopViews();
    expect(await views()).toBe(2);
    // The next flush adds to the day's row.
    recordShopView(shop.id, request({ "Sec-Fetch-Dest": "document" }), day);
    await flushShopViews();
    expect(await views()).toBe(3);
    await flushShopViews();
    expect(await views()).toBe(3);
  });
});
