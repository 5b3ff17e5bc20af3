import type { Page } from "@playwright/test";
import { expect, mainUrl, shopUrl, test } from "./fixtures";
import { checkoutSuccess, DEMO_SHOP, PAGE_INVENTORY, signIn, type InventoryPage, type Viewer } from "./page-inventory";

const PHONE_VIEWERS: readonly Viewer[] = ["visitor", "seller", "admin"];

/**
 * Every screen of the shared inventory, plus the checkout's success step, which moves on to
 * the confirmation by itself after 2 s (too soon for the accessibility sweep, long enough to
 * measure a width).
 */
const PHONE_PAGES: readonly InventoryPage[] = [
  ...PAGE_INVENTORY,
  { name: "shop checkout success", viewer: "visitor", url: shopUrl(DEMO_SHOP, "/"), reach: checkoutSuccess },
];

/** How far the document scrolls sideways (0 when it fits), and the widest culprits. */
async function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.documentElement;
    const overflow = root.scrollWidth - root.clientWidth;
    const culprits =
      overflow <= 0
        ? []
        : [...document.querySelectorAll("body *")]
            .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 0.5)
            .slice(0, 3)
            .map(
              (el) =>
                `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${String(el.getAttribute("class") ?? "")
                  .split(" ")
                  .slice(0, 3)
                  .join(".")}`,
            );
    return { overflow, culprits };
  });
}

test.use({ viewport: { width: 360, height: 740 } });

// French texts are longer: the visitor's pages are checked in both languages. (Not the
// demo seller's: a language chosen while signed in is saved to the user, which would turn
// the other tests' demo seller French.)
const sweeps = [...PHONE_VIEWERS.map((viewer) => ({ viewer, language: "en" })), { viewer: "visitor" as const, language: "fr" }];

for (const { viewer, language } of sweeps) {
  test(`every page fits a 360 px phone without sideways scrolling, as ${viewer} in ${language}`, async ({ page, context }) => {
    test.setTimeout(300_000);
    if (viewer !== "visitor") await signIn(page, viewer);
    if (language !== "en") {
      const url = new URL(mainUrl());
      await context.addCookies(
        [url.hostname, `${DEMO_SHOP}.${url.hostname}`].map((domain) => ({ name: "i18nextLng", value: language, domain, path: "/" })),
      );
    }
    const failures: string[] = [];
    for (const entry of PHONE_PAGES.filter((p) => p.viewer === viewer)) {
      // Without JavaScript the success step's timed refresh can abort the next navigation once.
      await page.goto(entry.url).catch(() => page.goto(entry.url));
      if (entry.reach) await entry.reach(page);
      await page.locator("#main").first().waitFor({ state: "attached" });
      const lang = await page.locator("html").getAttribute("lang");
      if (lang !== language) failures.push(`${entry.name}: in ${lang}, not ${language}`);
      const { overflow, culprits } = await horizontalOverflow(page);
      if (overflow > 0) failures.push(`${entry.name}: ${overflow}px too wide, e.g. ${culprits.join(", ")}`);
    }
    expect(failures).toEqual([]);
  });
}

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
