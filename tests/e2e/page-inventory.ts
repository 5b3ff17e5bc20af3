import crypto from "node:crypto";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { demoSweater } from "../../db/demo-catalogue";
import { connectSweepDomains, finishLive, packParcels, productNamed, startLive } from "./db";
import { claimOnLive, productCode } from "./claims-db";
import { mainUrl, shopUrl } from "./fixtures";

/**
 * Every screen of the product, for sweeps that visit them all (accessibility, phone layout).
 * A screen is a URL opened as someone, plus the steps that lead to it when a URL alone does
 * not (the wizard's later steps, the checkout's payment step). Reaching a screen only clicks
 * submit buttons and fills fields by name, so it works in every language.
 */

/** Who opens the page: a visitor, or a session of the demo accounts (seeded). */
export type Viewer = "visitor" | "seller" | "admin";

export type InventoryPage = {
  /** Unique, readable: it names the test and the failure. */
  name: string;
  viewer: Viewer;
  /** The absolute URL to open first. */
  url: string;
  /** From the opened URL to the screen, when it takes more than a page load. */
  reach?: (page: Page) => Promise<void>;
};

/** The seeded demo shop: a live shop with a catalogue, orders and a checkout banner. */
export const DEMO_SHOP = "demo";
/** The demo seller's first order (seeded), on both sites. */
const DEMO_ORDER_ID = 1;

export const DEMO_USERS = {
  seller: { email: "demo@example.com", password: "Demo1234!" },
  admin: { email: "admin@example.com", password: "Admin1234!" },
} as const;

const fill = async (page: Page, values: Record<string, string>) => {
  for (const [name, value] of Object.entries(values)) {
    const field = page.locator(`#main [name="${name}"]`);
    if ((await field.evaluate((el) => el.tagName)) === "SELECT") await field.selectOption(value);
    else await field.fill(value);
  }
};

/** Submits the main form with its primary button (not the wizard's Previous). */
const submit = (page: Page) => page.locator('#main form[method="post"] button[type="submit"]:not([name="back"])').first().click();

async function registerStep2(page: Page) {
  await fill(page, { business_name: "Sweep Boutique", subdomain: `sweep-${crypto.randomUUID().slice(0, 8)}`, business_type: "company" });
  await submit(page);
  await page.locator('#main [name="siret"]').waitFor();
}

async function registerStep3(page: Page) {
  await registerStep2(page);
  await fill(page, { siret: "12345678901234", contact_email: "sweep@example.test", contact_phone: "0612345678" });
  await submit(page);
  await page.locator('#main [name="password_confirm"]').waitFor();
}

/** A shopper fills the shipping step of the demo shop (an unpaid order) and lands on payment. */
async function checkoutPayment(page: Page) {
  await fill(page, {
    full_name: "Sam Sweep",
    email: "sam@example.test",
    phone: "0611223344",
    address: "3 place Bellecour",
    city: "Lyon",
    zip_code: "69002",
    country: "France",
    reference: "SWEEP-1",
    total_amount: "25.00",
  });
  await submit(page);
  await page.waitForURL(/step=payment/);
}

/** Pays the payment step with the built-in provider's test card: the success step. */
export async function checkoutSuccess(page: Page) {
  await checkoutPayment(page);
  await fill(page, { card_number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" });
  await page.locator('#main [data-testid="card-form"] button[type="submit"]').click();
  await page.getByTestId("checkout-success").waitFor();
}

/** The success step leads on to the order's confirmation page (by itself, after 2 s: not a screen to sweep). */
export async function orderConfirmation(page: Page) {
  await checkoutSuccess(page);
  await page.waitForURL(/\/order-confirmation\/\d+$/, { timeout: 10_000 });
}

/** The demo shop's paid orders packed in parcels (issue 28), then its parcels screen or one parcel's packing list. */
const parcels =
  (packingList = false) =>
  async (page: Page) => {
    await packParcels(DEMO_SHOP);
    await page.goto(mainUrl("/orders/parcels"));
    if (packingList) {
      await page.locator('#main [data-testid="parcel"] a[href^="/orders/parcels/"]').first().click();
      await page.waitForURL(/\/orders\/parcels\/\d+$/);
    }
  };

/** The demo seller starts a Twitch live (its chat's card shows) through the form and lands on its board. */
async function liveBoard(page: Page) {
  await fill(page, { title: "Sweep live", platform: "twitch", chat_channel: "sweep_channel" });
  await submit(page);
  await page.waitForURL(/\/dashboard\/lives\/\d+$/);
}

/** The live board once a claim typed for a viewer was refused (no product has the code): the text kept, the reason beside it. */
async function liveBoardRefusedClaim(page: Page) {
  await liveBoard(page);
  await fill(page, { comment: "@sweep_viewer NOPE9" });
  await page.locator('#main [data-testid="live-claim-form"] button[type="submit"]').click();
  await page.locator('#main [name="comment"][aria-invalid="true"]').waitFor();
}

/** A viewer opens the link of a live of the demo shop (started for the sweep, its first product pinned; or ended). */
const liveLink =
  (ended = false) =>
  async (page: Page) => {
    const live = await startLive(DEMO_SHOP, { title: "Sweep live", pinnedProductId: DEMO_PINNED_PRODUCT_ID });
    if (ended) await finishLive(live);
    await page.goto(shopUrl(DEMO_SHOP, `/live/${live.code}`));
  };
const DEMO_PINNED_PRODUCT_ID = 1;

/** A viewer opens their claim link (issue 29): a live of the demo shop where they claimed its first product (not counted). */
async function claimLink(page: Page) {
  const live = await startLive(DEMO_SHOP, { title: "Sweep live" });
  await productCode(DEMO_SHOP, DEMO_PINNED_PRODUCT_ID, "SWEEP1");
  await page.goto(shopUrl(DEMO_SHOP, await claimOnLive(DEMO_SHOP, live, { handle: "sweep_viewer", productId: DEMO_PINNED_PRODUCT_ID })));
}

/** The demo shop's sweater in sizes and colours (seeded, issue 27), opened at `path` of its id. */
const demoSweaterAt =
  (site: "main" | "shop", path: (productId: number) => string, then?: (page: Page) => Promise<void>) => async (page: Page) => {
    const { id } = await productNamed(DEMO_SHOP, demoSweater.product.name);
    await page.goto(site === "main" ? mainUrl(path(id)) : shopUrl(DEMO_SHOP, path(id)));
    await then?.(page);
  };

/**
 * A shopper's bag with two lines (the first product, and the sweater in M / Red), added from
 * their pages: with JavaScript the page stays and counts, without it the bag's page shows.
 */
async function bagWithLines(page: Page) {
  const { id } = await productNamed(DEMO_SHOP, demoSweater.product.name);
  for (const path of [`/?product_id=${DEMO_PINNED_PRODUCT_ID}`, `/?product_id=${id}&o0=M&o1=Red`]) {
    await page.goto(shopUrl(DEMO_SHOP, path));
    await page.locator('[data-testid="add-to-bag"] button[type="submit"]').click();
    await page.locator('[data-testid="add-to-bag-view"], [data-testid="bag-lines"]').first().waitFor();
  }
  await page.goto(shopUrl(DEMO_SHOP, "/bag"));
}

/** The bag's checkout (its shipping step, the lines in the summary). */
async function bagCheckout(page: Page) {
  await bagWithLines(page);
  await page.goto(shopUrl(DEMO_SHOP, "/?bag=1"));
}

/** The checkout's "tell me when a sold-out option is back" form, opened (it is folded under the options). */
const openWaitlist = (page: Page) => page.getByTestId("waitlist-other-options").locator("summary").click();

const main = (name: string, path: string, viewer: Viewer = "visitor", reach?: InventoryPage["reach"]): InventoryPage => ({
  name: `main ${name}`,
  viewer,
  url: mainUrl(path),
  reach,
});
const shop = (name: string, path: string, viewer: Viewer = "visitor", reach?: InventoryPage["reach"]): InventoryPage => ({
  name: `shop ${name}`,
  viewer,
  url: shopUrl(DEMO_SHOP, path),
  reach,
});

export const PAGE_INVENTORY: readonly InventoryPage[] = [
  // Main site, public.
  main("landing", "/"),
  main("product", "/product"),
  main("pricing", "/pricing"),
  main("pricing with an amount", "/pricing?amount=50"),
  main("about", "/about"),
  main("contact", "/contact"),
  main("terms", "/terms"),
  main("privacy", "/privacy"),
  main("legal notice", "/legal-notice"),
  main("login", "/login"),
  main("register step 1", "/register"),
  main("register step 2", "/register", "visitor", registerStep2),
  main("register step 3", "/register", "visitor", registerStep3),
  main("verify email (bad link)", "/verify-email/not-a-token"),
  main("account (signed out)", "/account"),
  main("shop customization (signed out)", "/shop/customization"),
  main("orders (signed out)", "/orders"),
  main("404", "/no-such-page"),
  // Main site, the demo seller.
  main("landing (seller)", "/", "seller"),
  main("dashboard", "/dashboard", "seller"),
  main("account profile", "/account?section=profile", "seller"),
  main("account password", "/account?section=password", "seller"),
  main("account seller", "/account?section=seller", "seller"),
  main("account shop", "/account?section=shop", "seller"),
  main("account shipping", "/account?section=shipping", "seller"),
  main("account domain", "/account?section=domain", "seller", async (page) => {
    await connectSweepDomains(DEMO_SHOP);
    await page.goto(mainUrl("/account?section=domain"));
  }),
  main("products", "/dashboard/products", "seller"),
  main("product edit", "/dashboard/products/1", "seller"),
  main("products low on stock", "/dashboard/products?stock=low", "seller"),
  main("product stock history", "/dashboard/products/1/stock", "seller"),
  main(
    "product edit (sizes and colours)",
    "/dashboard/products",
    "seller",
    demoSweaterAt("main", (id) => `/dashboard/products/${id}`),
  ),
  main("new product", "/dashboard/products/new", "seller"),
  main("lives", "/dashboard/lives", "seller"),
  main("live board", "/dashboard/lives", "seller", liveBoard),
  main("live board (a refused claim)", "/dashboard/lives", "seller", liveBoardRefusedClaim),
  main("orders", "/orders", "seller"),
  main("order detail", `/orders/${DEMO_ORDER_ID}`, "seller"),
  main("order cancel confirmation", `/orders/${DEMO_ORDER_ID}?confirm=cancel`, "seller"),
  main("parcels to ship", "/orders/parcels", "seller", parcels()),
  main("parcel packing list", "/orders/parcels", "seller", parcels(true)),
  main("shop customization", "/shop/customization", "seller"),
  main("onboarding", "/onboarding", "seller"),
  main("404 (seller)", "/no-such-page", "seller"),
  // Main site, staff.
  main("admin sellers", "/admin/sellers", "admin"),
  main("admin sellers (verified)", "/admin/sellers?status=verified", "admin"),
  main("account profile (admin)", "/account", "admin"),
  main("dashboard (admin)", "/dashboard", "admin"),
  // The demo shop.
  shop("catalogue", "/products"),
  shop("catalogue category", "/products?category=fashion"),
  shop("catalogue search without results", "/products?search=zzzz-nothing"),
  shop("checkout shipping", "/"),
  shop("checkout payment", "/", "visitor", checkoutPayment),
  shop(
    "checkout with sizes and colours (waitlist open)",
    "/",
    "visitor",
    demoSweaterAt("shop", (id) => `/?product_id=${id}`, openWaitlist),
  ),
  shop("order confirmation", "/", "visitor", orderConfirmation),
  shop("bag (empty)", "/bag"),
  shop("bag with two lines", "/bag", "visitor", bagWithLines),
  shop("bag checkout shipping", "/bag", "visitor", bagCheckout),
  shop("live link", "/products", "visitor", liveLink()),
  shop("live link (ended)", "/products", "visitor", liveLink(true)),
  shop("claim link", "/products", "visitor", claimLink),
  shop("orders (signed out)", "/orders"),
  shop("404", "/no-such-page"),
  shop("catalogue (seller)", "/products", "seller"),
  shop("orders (seller)", "/orders", "seller"),
  shop("order confirmation (seller)", `/order-confirmation/${DEMO_ORDER_ID}`, "seller"),
];

/** Signs a demo account in on both sites (the session cookie is per host). */
export async function signIn(page: Page, viewer: Exclude<Viewer, "visitor">): Promise<void> {
  const user = DEMO_USERS[viewer];
  for (const url of [mainUrl("/login"), shopUrl(DEMO_SHOP, "/login")]) {
    await page.goto(url);
    await page.locator('#main [name="email"]').fill(user.email);
    await page.locator('#main [name="password"]').fill(user.password);
    await submit(page);
    await page.waitForURL((next) => !next.pathname.startsWith("/login"));
  }
}

type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;
const signedIn = new Map<Exclude<Viewer, "visitor">, Promise<StorageState>>();

/** The viewer's cookies on both sites, signed in once per worker and reused by every sweep test. */
export function signedInStorageState(browser: Browser, viewer: Exclude<Viewer, "visitor">): Promise<StorageState> {
  let state = signedIn.get(viewer);
  if (!state) {
    state = (async () => {
      const context = await browser.newContext();
      try {
        await signIn(await context.newPage(), viewer);
        return await context.storageState();
      } finally {
        await context.close();
      }
    })();
    signedIn.set(viewer, state);
  }
  return state;
}

/** How far the document scrolls sideways (0 when it fits), and the widest culprits. */
export async function horizontalOverflow(page: Page) {
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

export type SweepLanguage = "en" | "fr";
type SweepKey = { viewer: Viewer; language: SweepLanguage; javaScript: boolean };
const sweepPages = new Map<string, Page>();

/**
 * The page a sweep test opens its screen in: one per viewer, language and JavaScript setting,
 * kept by the worker (a module's state lives as long as its worker process) for every later
 * sweep test of the same kind. A browser context per screen cost four to five times the
 * page load itself (an empty cache: the stylesheet and the scripts fetched and compiled
 * again). Each test still starts from the viewer's own cookies and the language's only:
 * whatever an earlier screen left (a shopper's key, a bag, a toast) is cleared first.
 */
export async function sweepPage(browser: Browser, key: SweepKey, viewport: { width: number; height: number }): Promise<Page> {
  const name = `${key.viewer} ${key.language} ${key.javaScript ? "js" : "no-js"}`;
  let page = sweepPages.get(name);
  if (!page || page.isClosed()) {
    const context = await browser.newContext({ viewport, javaScriptEnabled: key.javaScript });
    page = await context.newPage();
    sweepPages.set(name, page);
  }
  const context = page.context();
  const storageState = key.viewer === "visitor" ? undefined : await signedInStorageState(browser, key.viewer);
  await context.clearCookies();
  await context.addCookies([
    ...(storageState?.cookies ?? []),
    ...[mainUrl("/"), shopUrl(DEMO_SHOP, "/")].map((url) => ({ name: "i18nextLng", value: key.language, url })),
  ]);
  await page.setViewportSize(viewport);
  return page;
}
