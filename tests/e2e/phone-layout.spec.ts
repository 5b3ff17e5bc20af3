import type { Page } from "@playwright/test";
import { expect, mainUrl, shopUrl, test } from "./fixtures";

/**
 * Every page, as each kind of reader opens it. Paths use the seeded demo data: the demo
 * shop, its first product and order. Checkout steps after the first are reached through
 * `reach` (they need an order of this browser). Kept in one list so other page sweeps
 * (accessibility) can share it.
 */
export type Reader = "visitor" | "seller" | "admin" | "shopper";
export type PhonePage = { name: string; site: "main" | "shop"; path: string; readers: Reader[]; reach?: (page: Page) => Promise<void> };

const DEMO_SHOP = "demo";
const DEMO_ORDER_ID = 1;
const DEMO_PRODUCT_ID = 1;
const everyone: Reader[] = ["visitor", "seller", "admin"];

export const PHONE_PAGES: PhonePage[] = [
  // Main site, public
  { name: "landing", site: "main", path: "/", readers: everyone },
  { name: "product tour", site: "main", path: "/product", readers: everyone },
  { name: "pricing", site: "main", path: "/pricing", readers: everyone },
  { name: "about", site: "main", path: "/about", readers: everyone },
  { name: "contact", site: "main", path: "/contact", readers: everyone },
  { name: "terms", site: "main", path: "/terms", readers: everyone },
  { name: "privacy", site: "main", path: "/privacy", readers: everyone },
  { name: "legal notice", site: "main", path: "/legal-notice", readers: everyone },
  { name: "not found", site: "main", path: "/no-such-page", readers: everyone },
  { name: "login", site: "main", path: "/login", readers: ["visitor"] },
  { name: "register", site: "main", path: "/register", readers: ["visitor"] },
  // Signed in
  { name: "account profile", site: "main", path: "/account", readers: ["seller", "admin"] },
  { name: "account password", site: "main", path: "/account?section=password", readers: ["seller"] },
  { name: "account seller tab", site: "main", path: "/account?section=seller", readers: ["seller"] },
  { name: "account shop tab", site: "main", path: "/account?section=shop", readers: ["seller"] },
  { name: "dashboard", site: "main", path: "/dashboard", readers: ["seller", "admin"] },
  { name: "onboarding", site: "main", path: "/onboarding", readers: ["seller"] },
  { name: "products", site: "main", path: "/dashboard/products", readers: ["seller"] },
  { name: "product edit", site: "main", path: `/dashboard/products/${DEMO_PRODUCT_ID}`, readers: ["seller"] },
  { name: "new product", site: "main", path: "/dashboard/products/new", readers: ["seller"] },
  { name: "seller orders", site: "main", path: "/orders", readers: ["seller"] },
  { name: "seller order detail", site: "main", path: `/orders/${DEMO_ORDER_ID}`, readers: ["seller"] },
  { name: "seller order cancel confirmation", site: "main", path: `/orders/${DEMO_ORDER_ID}?confirm=cancel`, readers: ["seller"] },
  { name: "customization", site: "main", path: "/shop/customization", readers: ["seller"] },
  { name: "admin sellers", site: "main", path: "/admin/sellers", readers: ["admin"] },
  // Shop
  { name: "shop catalogue", site: "shop", path: "/products", readers: ["visitor", "seller"] },
  { name: "shop catalogue search", site: "shop", path: "/products?search=zzzz", readers: ["visitor"] },
  { name: "checkout shipping", site: "shop", path: "/", readers: ["visitor", "seller"] },
  { name: "shop not found", site: "shop", path: "/no-such-page", readers: ["visitor"] },
  { name: "checkout payment", site: "shop", path: "/", readers: ["shopper"], reach: toPayment },
  { name: "checkout success", site: "shop", path: "/", readers: ["shopper"], reach: pay },
  { name: "order confirmation", site: "shop", path: "/", readers: ["shopper"], reach: toConfirmation },
  { name: "shop orders", site: "shop", path: "/orders", readers: ["visitor", "shopper"] },
];

const url = (entry: PhonePage) => (entry.site === "main" ? mainUrl(entry.path) : shopUrl(DEMO_SHOP, entry.path));

/** Fills the demo shop's shipping step and continues: an unpaid order of this browser. */
async function toPayment(page: Page) {
  const values: Record<string, string> = {
    full_name: "Pat Phone",
    email: "pat@example.test",
    phone: "+33 6 12 34 56 78",
    address: "3 place Bellecour",
    city: "Lyon",
    zip_code: "69002",
    country: "France",
    reference: "PHONE-1",
    total_amount: "18.50",
  };
  for (const [name, value] of Object.entries(values)) await page.locator(`#main [name="${name}"]`).fill(value);
  await page.locator('#main form[method="post"] button[type="submit"]').first().click();
  await page.waitForURL(/step=payment/);
}

async function pay(page: Page) {
  await toPayment(page);
  await page.getByLabel(/^Card number/).fill("4242 4242 4242 4242");
  await page.getByLabel(/^Expiry/).fill("12/30");
  await page.getByLabel(/^CVC/).fill("123");
  await page.getByTestId("card-form").getByRole("button").filter({ hasText: /€/ }).click();
  await expect(page.getByTestId("checkout-success")).toBeVisible();
}

async function toConfirmation(page: Page) {
  await pay(page);
  await page.waitForURL(/\/order-confirmation\/\d+$/, { timeout: 10_000 });
}

/** Logs in through /login (scrypt on a busy machine can take a while). */
async function logIn(page: Page, user: { email: string; password: string }) {
  await page.goto(mainUrl("/login"));
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Login" }).click();
  // Sellers land on the dashboard, staff on the seller review.
  await page.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 20_000 });
}

const ACCOUNTS = {
  seller: { email: "demo@example.com", password: "Demo1234!" },
  admin: { email: "admin@example.com", password: "Admin1234!" },
} as const;

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
const sweeps = [
  ...(["visitor", "seller", "admin", "shopper"] as const).map((reader) => ({ reader, language: "en" })),
  { reader: "visitor" as const, language: "fr" },
];

for (const { reader, language } of sweeps) {
  test(`every page fits a 360 px phone without sideways scrolling, as ${reader} in ${language}`, async ({ page, context }) => {
    test.setTimeout(240_000);
    if (reader === "seller" || reader === "admin") await logIn(page, ACCOUNTS[reader]);
    if (language !== "en") {
      const url = new URL(mainUrl());
      await context.addCookies(
        [url.hostname, `${DEMO_SHOP}.${url.hostname}`].map((domain) => ({ name: "i18nextLng", value: language, domain, path: "/" })),
      );
    }
    const failures: string[] = [];
    for (const entry of PHONE_PAGES.filter((p) => p.readers.includes(reader))) {
      // Without JavaScript the success step's timed refresh can abort the next navigation once.
      await page.goto(url(entry)).catch(() => page.goto(url(entry)));
      if (entry.reach) await entry.reach(page);
      await page.locator("#main").first().waitFor({ state: "attached" });
      const lang = await page.locator("html").getAttribute("lang");
      if (lang !== language) failures.push(`${entry.name} (${entry.path}): in ${lang}, not ${language}`);
      const { overflow, culprits } = await horizontalOverflow(page);
      if (overflow > 0) failures.push(`${entry.name} (${entry.path}): ${overflow}px too wide, e.g. ${culprits.join(", ")}`);
    }
    expect(failures).toEqual([]);
  });
}

test("the order dialog opens centred on a phone and fits it @js-only", async ({ page }) => {
  await logIn(page, ACCOUNTS.seller);
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
  await logIn(page, ACCOUNTS.seller);
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
