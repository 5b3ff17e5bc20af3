import type { Page } from "@playwright/test";
import { demoSweater } from "../../db/demo-catalogue";
import { createLiveSeller, productNamed, startLive } from "./db";
import { expect, fillShopperDetails, shopUrl, test } from "./fixtures";
import { DEMO_SHOP } from "./page-inventory";
import { createCountedProduct } from "./stock-db";

/**
 * A shopper's pages do not move when they start to run. Markup the server renders for a
 * browser without JavaScript and React then takes away (or the reverse) moves what is below
 * it: a viewer tapping "Add to bag" as the page hydrates hit the size picker instead, and
 * nothing was added. The browser's own layout-shift entries (those no input caused) must be
 * none, on a desktop and on a phone.
 */

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 360, height: 740 },
] as const;

/**
 * A layout shift's score is the share of the viewport that moved times how far (the browser's
 * layout-shift entries). The defects this test found scored 0.004 to 0.15.
 */
const NOTICEABLE_SHIFT = 0.001;

/** The noticeable layout shifts of the page so far that no input caused, with what moved. */
async function unpromptedShifts(page: Page): Promise<string[]> {
  return page.evaluate(
    (NOTICEABLE_SHIFT) =>
      new Promise<string[]>((resolve) => {
        const shifts: string[] = [];
        // What moved before the document was read whole is a paint of a half-read page, which
        // a loaded machine makes at any point of the markup; the header is kept whole from the
        // first paint by the page itself (link rel=expect). This test is about the page starting
        // to run, which is after.
        const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
        const documentRead = navigation?.domInteractive ?? 0;
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources: { node?: Node | null }[];
          })[]) {
            // Below a thousandth of the viewport moved (an icon nudged a pixel sideways as the
            // header's text settles): nothing a tap would miss.
            if (entry.hadRecentInput || entry.value < NOTICEABLE_SHIFT || entry.startTime < documentRead) continue;
            const moved = entry.sources.map((s) => (s.node instanceof Element ? s.node.outerHTML.slice(0, 80) : String(s.node)));
            shifts.push(`${entry.value.toFixed(4)}: ${moved.join(", ")}`);
          }
        });
        observer.observe({ type: "layout-shift", buffered: true });
        // Buffered entries come in the observer's first callback, after this task.
        setTimeout(() => {
          observer.disconnect();
          resolve(shifts);
        }, 50);
      }),
    NOTICEABLE_SHIFT,
  );
}

test.describe("a shopper's pages hold still as they start to run @js-only", () => {
  for (const viewport of VIEWPORTS) {
    test(`catalogue, checkout and the checkout of a product in sizes (${viewport.name})`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const sweater = await productNamed(DEMO_SHOP, demoSweater.product.name);
      for (const path of ["/products", "/?product_id=1", `/?product_id=${sweater.id}`, `/?product_id=${sweater.id}&o0=M&o1=Red`]) {
        await page.goto(shopUrl(DEMO_SHOP, path));
        // What loads once the page runs (lazy parts of the checkout, the route manifest) has come.
        await page.waitForLoadState("networkidle");
        expect(await unpromptedShifts(page), path).toEqual([]);
      }
      // Where the header is short of room, the shop's name gives way, not its mark: a mark that
      // shrank moved the name with it as the header's controls came.
      const mark = page.getByTestId("shop-name").locator("xpath=preceding-sibling::*[1]");
      expect((await mark.boundingBox())?.width).toBe(40);
    });

    test(`the bag and a live's page (${viewport.name})`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const live = await startLive(DEMO_SHOP, { title: "Steady live", pinnedProductId: 1 });
      await page.goto(shopUrl(DEMO_SHOP, "/?product_id=1"));
      await page.locator('[data-testid="add-to-bag"] button[type="submit"]').click();
      await expect(page.getByTestId("add-to-bag-view")).toBeVisible();
      for (const path of ["/bag", `/live/${live.code}`]) {
        await page.goto(shopUrl(DEMO_SHOP, path));
        await page.waitForLoadState("networkidle");
        expect(await unpromptedShifts(page), path).toEqual([]);
      }
    });

    test(`the payment step of a held unit, reloaded (${viewport.name})`, async ({ page }) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const seller = await createLiveSeller();
      const mug = await createCountedProduct(seller.subdomain, "Held Mug", 5);
      await page.goto(shopUrl(seller.subdomain, `/?product_id=${mug.id}`));
      await fillShopperDetails(page.locator("#checkout-shipping"), { name: "Nina Shopper", email: "nina@example.test" });
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await expect(page).toHaveURL(/step=payment/);
      // The hold's countdown appears once the page runs: beside the end time, not pushing the card form down.
      await page.reload();
      await expect(page.getByTestId("hold-countdown")).toBeVisible();
      await page.waitForLoadState("networkidle");
      expect(await unpromptedShifts(page)).toEqual([]);
    });
  }
});
