import { expect, mainUrl, shopUrl, test } from "./fixtures";
import { checkoutSuccess, DEMO_SHOP, horizontalOverflow, PAGE_INVENTORY, sweepPage, signIn, type InventoryPage } from "./page-inventory";

/**
 * With JavaScript, the accessibility sweep measures every screen of the inventory at 360 px.
 * Without it, this sweep does (no-JS fallbacks have their own markup), plus the checkout's
 * success step, which moves on to the confirmation by itself after 2 s (too soon for axe,
 * long enough to measure a width), in both projects.
 */
const PHONE_PAGES: readonly InventoryPage[] = [
  ...PAGE_INVENTORY,
  { name: "shop checkout success", viewer: "visitor", url: shopUrl(DEMO_SHOP, "/"), reach: checkoutSuccess },
];

test.use({ viewport: { width: 360, height: 740 } });

// French texts are longer: the visitor's screens are checked in both languages (a signed-in
// account's language is saved to the user, which would turn the other tests' demo seller French).
const PHONE = { width: 360, height: 740 };
test.describe("every screen fits a 360 px phone without sideways scrolling", () => {
  for (const entry of PHONE_PAGES) {
    // The success step in both projects; the rest without JavaScript only (see above).
    const tag = entry.reach === checkoutSuccess ? "" : " @nojs-only";
    for (const language of entry.viewer === "visitor" ? (["en", "fr"] as const) : (["en"] as const)) {
      test(`${entry.name} (${entry.viewer}, ${language})${tag}`, async ({ browser }) => {
        test.setTimeout(entry.reach ? 120_000 : 60_000);
        const page = await sweepPage(browser, { viewer: entry.viewer, language, javaScript: test.info().project.name !== "no-js" }, PHONE);
        await page.goto(entry.url);
        if (entry.reach) await entry.reach(page);
        await page.locator("#main").first().waitFor({ state: "attached" });
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        const { overflow, culprits } = await horizontalOverflow(page);
        expect(overflow, `${overflow}px too wide, e.g. ${culprits.join(", ")}`).toBeLessThanOrEqual(0);
      });
    }
  }
});

test("the order dialog opens centred on a phone and fits it @js-only", async ({ page }) => {
  await signIn(page, "seller");
  await page.goto(mainUrl("/orders"));
  await page
    .getByRole("link", { name: /View order/ })
    .first()
    .click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(Math.abs(box.x - (width - box.x - box.width))).toBeLessThanOrEqual(2);
  expect((await horizontalOverflow(page)).overflow).toBeLessThanOrEqual(0);
});

test("order and product lists become cards on a phone, with every column's value visible", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, "seller");
  await page.goto(mainUrl("/orders"));
  // Every cell of a row is inside the screen, labelled with its column (the header is hidden).
  const cells = await page
    .getByTestId("order-row")
    .first()
    .evaluate((row) => {
      const width = document.documentElement.clientWidth;
      return [...row.querySelectorAll("td")].map((td) => {
        const box = td.getBoundingClientRect();
        return { inside: box.left >= 0 && box.right <= width, label: td.dataset.label ?? null };
      });
    });
  expect(cells.every((cell) => cell.inside)).toBe(true);
  expect(cells.filter((cell) => cell.label).map((cell) => cell.label)).toEqual(["Order", "Date", "Customer", "Total", "Status", "Payment"]);
  // Below the fold is fine (the list starts under the tabs); off to the side is not.
  const view = page
    .getByTestId("order-row")
    .first()
    .getByRole("link", { name: /View order/ });
  await view.scrollIntoViewIfNeeded();
  await expect(view).toBeInViewport({ ratio: 1 });
  if (process.env.PHONE_SCREENSHOTS) await page.screenshot({ path: `${process.env.PHONE_SCREENSHOTS}/orders.png` });
  await page.goto(mainUrl("/dashboard/products"));
  if (process.env.PHONE_SCREENSHOTS) await page.screenshot({ path: `${process.env.PHONE_SCREENSHOTS}/products.png` });
  const edit = page.getByTestId("seller-product-row").first().getByRole("link", { name: /^Edit/ });
  await edit.scrollIntoViewIfNeeded();
  await expect(edit).toBeInViewport({ ratio: 1 });
});
