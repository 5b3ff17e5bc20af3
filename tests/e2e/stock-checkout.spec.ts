import type { Page } from "@playwright/test";
import { runAxe } from "./axe";
import { createLiveSeller, lastMailTo, startLive } from "./db";
import { expect, logIn, mainUrl, shopUrl, test, fillShopperDetails } from "./fixtures";
import { horizontalOverflow } from "./page-inventory";
import { anotherShopperTakes, createCountedProduct, createSizedProduct, orderCountOf, waitlistOf } from "./stock-db";

/**
 * Issue 27, the shopper's side of a drop: pick a size (a sold-out one cannot be), see "Only 2
 * left", the payment step's hold, told "Sold out" at the shipping step, join the waitlist;
 * with and without JavaScript, on a phone, in French, and a live page that follows the stock.
 */
const PHONE = { width: 360, height: 740 };

/** The shipping form's fields (the waitlist form of another size has an email field too). */
async function fillShipping(page: Page) {
  const form = page.locator("#checkout-shipping");
  await fillShopperDetails(form, { name: "Nina Shopper", email: "nina@example.test" });
}

/** A seller's sweater in S (sold out), M (2 left, €30.00) and L (plenty, the product's €25.00). */
async function sweaterShop() {
  const seller = await createLiveSeller();
  const sweater = await createSizedProduct(seller.subdomain, "Drop Sweater", 2500, [
    { size: "S", stock: 0 },
    { size: "M", stock: 2, priceCents: 3000 },
    { size: "L", stock: 40 },
  ]);
  return { subdomain: seller.subdomain, sweater };
}

/** From the catalogue to the payment step of one M sweater. */
async function buyOneM(page: Page, jsEnabled: boolean) {
  const { subdomain, sweater } = await sweaterShop();
  await page.goto(shopUrl(subdomain, "/products"));
  const card = page.getByTestId("product-card").filter({ hasText: "Drop Sweater" });
  await expect(card.getByTestId("product-price")).toHaveText("from €25.00");
  await card.getByRole("link", { name: "Buy now: Drop Sweater" }).click();
  const picker = page.getByTestId("variant-picker");
  await expect(picker.getByRole("radio", { name: /^S/ })).toBeDisabled();
  await expect(picker.getByTestId("variant-value").filter({ hasText: /^S/ })).toContainText("Sold out");
  await expect(picker.getByTestId("variant-value").filter({ hasText: /^M/ })).toContainText("Only 2 left");
  await expect(page.getByTestId("choose-options")).toBeVisible();
  await picker.getByRole("radio", { name: /^M/ }).check();
  // Without JavaScript the picker's own button sends the pick.
  if (!jsEnabled) await picker.getByRole("button", { name: "Choose" }).click();
  await expect(page).toHaveURL(/o0=M/);
  await expect(page.getByTestId("summary-variant")).toHaveText("M");
  await expect(page.getByTestId("summary-price")).toContainText("€30.00");
  await expect(page.getByTestId("order-summary").getByTestId("stock-label")).toHaveText("Only 2 left");
  await fillShipping(page);
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(/step=payment/);
  await expect(page.getByTestId("summary-line")).toContainText("1 × Drop Sweater (M)");
  return { subdomain, sweater };
}

test.describe("stock at the checkout", () => {
  test("picks a size (a sold-out one cannot be), sees Only 2 left, and the payment step says until when it is held", async ({
    page,
    jsEnabled,
  }) => {
    await buyOneM(page, jsEnabled);
    await expect(page.getByTestId("hold-notice")).toContainText(/We keep it for you until \d{1,2}:\d{2}/);
  });

  test("the payment step counts the hold down @js-only", async ({ page, jsEnabled }) => {
    await buyOneM(page, jsEnabled);
    await expect(page.getByTestId("hold-countdown")).toHaveText(/^(10:00|9:\d\d) left$/);
  });

  test("without JavaScript the hold's end is given in UTC @nojs-only", async ({ page, jsEnabled }) => {
    await buyOneM(page, jsEnabled);
    await expect(page.getByTestId("hold-notice")).toContainText("UTC");
    await expect(page.getByTestId("hold-countdown")).toHaveCount(0);
  });

  test("the last unit taken meanwhile: the shipping step says Sold out, keeps what was typed and places nothing", async ({ page }) => {
    const seller = await createLiveSeller();
    const lamp = await createCountedProduct(seller.subdomain, "Last Lamp", 1, 2000);
    await page.goto(shopUrl(seller.subdomain, `/?product_id=${lamp.id}`));
    await expect(page.getByTestId("order-summary").getByTestId("stock-label")).toHaveText("Only 1 left");
    await fillShipping(page);
    await anotherShopperTakes(seller.subdomain, { productId: lamp.id, quantity: 1, unitCents: 2000 });
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page.locator("#checkout-shipping").getByRole("alert")).toHaveText("Sold out");
    await expect(page.locator("#checkout-shipping").getByLabel(/^Full name/)).toHaveValue("Nina Shopper");
    await expect(page).not.toHaveURL(/step=payment/);
    // Only the other shopper's order exists; this one offers the waitlist instead.
    expect(await orderCountOf(seller.subdomain)).toBe(1);
    await expect(page.getByTestId("waitlist-form")).toBeVisible();
  });

  test("on a phone, a sold-out product's card leads to the waitlist, which takes an email", async ({ page }) => {
    await page.setViewportSize(PHONE);
    const seller = await createLiveSeller();
    const vase = await createCountedProduct(seller.subdomain, "Gone Vase", 0);
    await page.goto(shopUrl(seller.subdomain, "/products"));
    const card = page.getByTestId("product-card").filter({ hasText: "Gone Vase" });
    await expect(card.getByTestId("stock-label")).toHaveText("Sold out");
    await card.getByRole("link", { name: "Tell me when Gone Vase is back" }).click();
    await expect(page.getByTestId("purchase-sold-out")).toContainText("Sold out");
    await expect(page.locator("#checkout-shipping")).toHaveCount(0);
    const form = page.getByTestId("waitlist-form");
    await expect(form).toContainText("We will email you once when it is back; your address is used for nothing else.");
    await form.getByLabel(/^Email/).fill("Wendy@example.test");
    await form.getByRole("button", { name: "Tell me when it is back" }).click();
    await expect(page.getByTestId("waitlist-joined")).toHaveText("Done: we will email wendy@example.test once when it is back.");
    expect(await waitlistOf(vase.id)).toEqual([expect.objectContaining({ email: "wendy@example.test", language: "en" })]);
    expect((await horizontalOverflow(page)).overflow).toBeLessThanOrEqual(0);
  });

  test("joining the waitlist takes the focus to what it answers, not the page's top @js-only", async ({ page }) => {
    const seller = await createLiveSeller();
    const vase = await createCountedProduct(seller.subdomain, "Focus Vase", 0);
    await page.goto(shopUrl(seller.subdomain, `/?product_id=${vase.id}`));
    const form = page.getByTestId("waitlist-form");
    await form.getByLabel(/^Email/).fill("focus@example.test");
    await form.getByRole("button", { name: "Tell me when it is back" }).press("Enter");
    // The answer replaces the form, and with it the button that had the focus.
    await expect(page.getByTestId("waitlist-joined")).toBeFocused();
  });

  test("in French: Épuisé, Plus que 2, and the waitlist of a sold-out size", async ({ page }) => {
    const { subdomain, sweater } = await sweaterShop();
    await page.goto(shopUrl(subdomain, `/?product_id=${sweater.id}&lng=fr`));
    const picker = page.getByTestId("variant-picker");
    await expect(picker.getByTestId("variant-value").filter({ hasText: /^S/ })).toContainText("Épuisé");
    await expect(picker.getByTestId("variant-value").filter({ hasText: /^M/ })).toContainText("Plus que 2");
    await page.getByText("Une option est épuisée ? Me prévenir à son retour").click();
    const form = page.getByTestId("waitlist-form");
    await form.getByLabel(/^E-mail/).fill("lea@example.test");
    await form.getByRole("button", { name: "Me prévenir à son retour" }).click();
    await expect(page.getByTestId("waitlist-joined")).toHaveText(
      "C'est noté : nous écrirons une seule fois à lea@example.test, à son retour.",
    );
    expect(await waitlistOf(sweater.id)).toEqual([{ email: "lea@example.test", variantId: sweater.variants.S, language: "fr" }]);
  });

  test("the waitlist's mail: the seller adds a unit, the first one waiting is mailed a link that holds it, and buys with it", async ({
    page,
    browser,
  }) => {
    const seller = await createLiveSeller();
    const vase = await createCountedProduct(seller.subdomain, "Back Vase", 0);
    await page.goto(shopUrl(seller.subdomain, `/?product_id=${vase.id}`));
    const form = page.getByTestId("waitlist-form");
    await form.getByLabel(/^Email/).fill("first@example.test");
    await form.getByRole("button", { name: "Tell me when it is back" }).click();
    await expect(page.getByTestId("waitlist-joined")).toBeVisible();

    // The seller finds one more in the back room (the product screen's +1).
    const sellerContext = await browser.newContext();
    const sellerPage = await sellerContext.newPage();
    await logIn(sellerPage, seller);
    await sellerPage.goto(mainUrl(`/dashboard/products/${vase.id}`));
    await sellerPage.getByRole("button", { name: "Add one unit: this product" }).click();
    await expect.poll(async () => (await lastMailTo("first@example.test"))?.subject).toBe(`Back Vase is back at Shop ${seller.subdomain}`);
    await sellerContext.close();

    const mail = await lastMailTo("first@example.test");
    const link = /https?:\/\/\S+offer=\S+/.exec(mail!.text)?.[0];
    expect(link).toBeTruthy();
    // Someone else who opens the shop now finds it sold out: the unit is held for the link.
    await page.goto(shopUrl(seller.subdomain, "/products"));
    await expect(page.getByTestId("product-card").filter({ hasText: "Back Vase" }).getByTestId("stock-label")).toHaveText("Sold out");
    await page.goto(link!);
    await expect(page.getByText(/It is back, and held for you until/)).toBeVisible();
    await fillShipping(page);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page).toHaveURL(/step=payment/);
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel(/^Expiry/).fill("12/30");
    await page.getByLabel(/^CVC/).fill("123");
    await page.getByTestId("card-form").getByRole("button").filter({ hasText: /€/ }).click();
    await expect(page.getByTestId("checkout-success")).toBeVisible();
  });
});

test.describe("stock on a live's page", () => {
  test("the pinned product's Only 3 left becomes Sold out as others buy, without a reload @js-only", async ({ page }) => {
    const seller = await createLiveSeller();
    const cap = await createCountedProduct(seller.subdomain, "Drop Cap", 3, 2000);
    const live = await startLive(seller.subdomain, { pinnedProductId: cap.id });
    await page.goto(shopUrl(seller.subdomain, `/live/${live.code}`));
    const pinned = page.getByTestId("pinned-product");
    await expect(pinned.getByTestId("stock-label")).toHaveText("Only 3 left");
    await page
      .locator("#checkout-shipping")
      .getByLabel(/^Full name/)
      .fill("Still Typing");
    await anotherShopperTakes(seller.subdomain, { productId: cap.id, quantity: 1, unitCents: 2000 });
    await expect(pinned.getByTestId("stock-label")).toHaveText("Only 2 left", { timeout: 5_000 });
    await anotherShopperTakes(seller.subdomain, { productId: cap.id, quantity: 2, unitCents: 2000 });
    await expect(pinned.getByTestId("stock-label")).toHaveText("Sold out", { timeout: 5_000 });
    await expect(pinned.getByRole("link", { name: "Tell me when Drop Cap is back" })).toBeVisible();
    // No reload: what the viewer typed is still there.
    await expect(page.locator("#checkout-shipping").getByLabel(/^Full name/)).toHaveValue("Still Typing");
  });

  test("without JavaScript the live page shows the label it was rendered with @nojs-only", async ({ page }) => {
    const seller = await createLiveSeller();
    const cap = await createCountedProduct(seller.subdomain, "Drop Cap", 2, 2000);
    const live = await startLive(seller.subdomain, { pinnedProductId: cap.id });
    await page.goto(shopUrl(seller.subdomain, `/live/${live.code}`));
    await expect(page.getByTestId("pinned-product").getByTestId("stock-label")).toHaveText("Only 2 left");
  });
});

test.describe("stock screens are accessible @js-only", () => {
  test("the option picker and the payment step's hold, on a phone: no serious axe violation", async ({ page, jsEnabled }) => {
    await page.setViewportSize(PHONE);
    const { subdomain, sweater } = await sweaterShop();
    const serious = async () =>
      (await runAxe(page)).violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    await page.goto(shopUrl(subdomain, `/?product_id=${sweater.id}`));
    await page.getByTestId("waitlist-other-options").locator("summary").click();
    expect(await serious()).toEqual([]);
    expect((await horizontalOverflow(page)).overflow).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await buyOneM(page, jsEnabled);
    await page.setViewportSize(PHONE);
    expect(await serious()).toEqual([]);
    expect((await horizontalOverflow(page)).overflow).toBeLessThanOrEqual(0);
  });
});
