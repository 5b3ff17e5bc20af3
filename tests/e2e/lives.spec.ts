import type { Page } from "@playwright/test";
import { runAxe } from "./axe";
import { createLiveSeller, signInWithSession, startLive } from "./db";
import { expect, mainUrl, test } from "./fixtures";
import { createCatalogueProduct, createCodedProductInSizes, createPaidLiveOrder, insertHeldClaim, latestLiveId } from "./live-db";
import { horizontalOverflow } from "./page-inventory";

// Issue 16: the seller goes live from a phone, shows the QR code, pins a product and
// watches a paid order arrive on the board.

test.use({ viewport: { width: 360, height: 740 } });

/** A seller with one product starts a live through the form and pins the product: the board, ready for orders. */
async function startLiveAndPin(page: Page) {
  const seller = await createLiveSeller();
  await createCatalogueProduct(seller.subdomain, "Silver ring", 3900);
  await signInWithSession(page, seller);

  await page.goto(mainUrl("/dashboard/lives"));
  await expect(page.getByTestId("lives-empty")).toBeVisible();
  await page.getByLabel("Title").fill("Rings night");
  await page.getByLabel("Platform").selectOption("instagram");
  await page.getByRole("button", { name: "Start the live" }).click();
  await expect(page).toHaveURL(/\/dashboard\/lives\/\d+$/);
  const liveId = await latestLiveId(seller.subdomain);

  await expect(page.getByRole("heading", { level: 1, name: "Rings night" })).toBeVisible();
  await expect(page.getByLabel("Link of the live")).toHaveValue(
    new RegExp(`^http://${seller.subdomain}\\.localhost:\\d+/live/[a-z2-9]{6}$`),
  );
  await expect(page.getByRole("img", { name: /QR code of the link/ }).locator("svg")).toBeVisible();

  await page.getByLabel("Product to pin").selectOption({ label: "Silver ring (€39.00)" });
  await page.getByRole("button", { name: "Pin", exact: true }).click();
  await expect(page.getByTestId("live-pinned")).toContainText("Silver ring");
  await expect(page.getByTestId("live-orders-empty")).toBeVisible();
  return { seller, liveId };
}

const RING_ORDER = { handle: "@ring_lover", reference: "RING-7", content: "Size 54 please", totalCents: 3900 };

/** The paid order on the board, with its totals; and the board still fits the phone. */
async function expectRingOrder(page: Page, options: { timeout: number }) {
  const order = page.getByTestId("live-order").filter({ hasText: "@ring_lover" });
  await expect(order).toBeVisible(options);
  await expect(order).toContainText("RING-7");
  await expect(order).toContainText("Size 54 please");
  await expect(order).toContainText("Succeeded");
  await expect(page.getByTestId("live-paid-orders")).toHaveText("1");
  await expect(page.getByTestId("live-revenue")).toHaveText("€39.00");
  expect((await horizontalOverflow(page)).overflow).toBeLessThanOrEqual(0);
}

test("a paid order of the live appears on the board within 2 seconds, without a reload @js-only", async ({ page }) => {
  test.slow(); // several pages on a shared machine
  const { seller, liveId } = await startLiveAndPin(page);
  await expect(page.getByTestId("live-updates-status")).toHaveText("Live updates on");
  await createPaidLiveOrder(seller.subdomain, liveId, RING_ORDER);
  await expectRingOrder(page, { timeout: 2_000 });
  // Screen readers hear of it once, politely.
  await expect(page.getByTestId("live-announcement")).toHaveText("New paid order: @ring_lover, €39.00");
});

test("without JavaScript a paid order of the live appears when the board refreshes @nojs-only", async ({ page }) => {
  test.slow();
  const { seller, liveId } = await startLiveAndPin(page);
  await createPaidLiveOrder(seller.subdomain, liveId, RING_ORDER);
  await page.reload();
  await expectRingOrder(page, { timeout: 7_000 });
});

test("without JavaScript the board says it refreshes itself, and ends with its summary @nojs-only", async ({ page }) => {
  const seller = await createLiveSeller();
  await signInWithSession(page, seller);
  await page.goto(mainUrl("/dashboard/lives"));
  await page.getByLabel("Title").fill("Quick live");
  await page.getByRole("button", { name: "Start the live" }).click();
  await expect(page).toHaveURL(/\/dashboard\/lives\/\d+$/);
  // Chromium run by Playwright without JavaScript still parses <noscript> as text, so the
  // refresh and its note are read from the markup (a browser without scripting renders them).
  const markup = await page.content();
  expect(markup).toContain('<meta http-equiv="refresh" content="10">');
  expect(markup).toContain("This board reloads itself every 10 seconds.");

  await page.getByText("End the live…").click();
  await page.getByRole("button", { name: "Yes, end the live now" }).click();
  await expect(page.getByTestId("live-ended")).toBeVisible();
  await expect(page.getByTestId("live-summary")).toBeVisible();
  await expect(page.getByRole("link", { name: "Download the orders (CSV)" })).toHaveAttribute("href", /\/orders\.csv$/);
});

test("the board and the list are axe-clean and fit a phone, in English and French @js-only", async ({ page }) => {
  test.slow();
  const seller = await createLiveSeller();
  await createCatalogueProduct(seller.subdomain, "Blue scarf");
  await signInWithSession(page, seller);
  await page.goto(mainUrl("/dashboard/lives"));
  await page.getByLabel("Title").fill("Scarves");
  await page.getByRole("button", { name: "Start the live" }).click();
  await expect(page).toHaveURL(/\/dashboard\/lives\/\d+$/);
  const board = page.url();
  await createPaidLiveOrder(seller.subdomain, await latestLiveId(seller.subdomain), {
    handle: "@scarf_fan",
    reference: "SC-1",
    content: "Blue one",
    totalCents: 2500,
  });
  await expect(page.getByTestId("live-order")).toHaveCount(1);
  // A claim from the chat (issue 29): its list and counts are read by axe too.
  await createCodedProductInSizes(seller.subdomain, "Blue dress", "B3");
  await insertHeldClaim(seller.subdomain, await latestLiveId(seller.subdomain), "scarf_fan", "B3");
  await expect(page.getByTestId("live-claim")).toHaveCount(1);
  await expect(page.getByTestId("live-claim-announcement")).toHaveText("New claim: @scarf_fan B3 (S)");

  for (const url of [board, `${board}?qr=1`, mainUrl("/dashboard/lives")]) {
    await page.goto(url);
    const { violations } = await runAxe(page);
    const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
    expect(serious, url).toEqual([]);
    expect((await horizontalOverflow(page)).overflow, url).toBeLessThanOrEqual(0);
  }

  await page.goto(`${board}?lng=fr`);
  await expect(page.getByRole("heading", { name: "Commandes" })).toBeVisible();
  await expect(page.getByLabel("Lien du live")).toBeVisible();
  await expect(page.getByText("Commandes payées").first()).toBeVisible();
  await expect(page.getByTestId("live-claim-status")).toHaveText("Réservé");
  expect((await horizontalOverflow(page)).overflow).toBeLessThanOrEqual(0);
});

// Issue 29: a comment read on screen, claimed for its viewer from the board, then released;
// with JavaScript (fetchers, no reload) and without (plain posts back to the board).
test('the seller claims "@lea A7 M" for a viewer, sees it held, then releases it', async ({ page }) => {
  const seller = await createLiveSeller();
  await createCodedProductInSizes(seller.subdomain, "Linen dress", "A7");
  const live = await startLive(seller.subdomain, { title: "Dresses night" });
  await signInWithSession(page, seller);
  await page.goto(mainUrl(`/dashboard/lives/${live.id}`));
  await expect(page.getByTestId("live-claims-empty")).toBeVisible();

  await page.getByLabel("Claim for a viewer").fill("@lea A7 M");
  await page.getByRole("button", { name: "Claim", exact: true }).click();
  const claim = page.getByTestId("live-claim").filter({ hasText: "@lea" });
  await expect(claim).toContainText("A7 (M)");
  await expect(claim.getByTestId("live-claim-status")).toHaveText("Held");
  await expect(page.getByText("Held for @lea: A7 (M), 10 min to pay.")).toBeVisible();
  await expect(page.getByLabel("Claim for a viewer")).toHaveValue("");
  await expect(page.getByTestId("live-claim-count").getByTestId("live-claim-held")).toHaveText("1");
  expect((await horizontalOverflow(page)).overflow).toBeLessThanOrEqual(0);

  await claim.getByRole("button", { name: "Release the claim of @lea: A7 (M)" }).click();
  await expect(claim.getByTestId("live-claim-status")).toHaveText("Released");
  await expect(page.getByTestId("live-claim-count").getByTestId("live-claim-held")).toHaveText("0");
  await expect(claim.getByRole("button", { name: /Release/ })).toHaveCount(0);
});
