import type { Page } from "@playwright/test";
import { runAxe } from "./axe";
import { createLiveSeller, setShipping, signInWithSession } from "./db";
import { expect, mainUrl, shopUrl, test, fillShopperDetails } from "./fixtures";
import { horizontalOverflow } from "./page-inventory";

const PHONE = { width: 360, height: 740 };
/** Serious or critical axe violations of the page, and its sideways overflow on a phone. */
async function phoneCheck(page: Page) {
  const violations = (await runAxe(page)).violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id);
  return { violations, overflow: (await horizontalOverflow(page)).overflow <= 0 };
}

/** Issue 28: a shopper picks a country, then a rate of that country; the total has the shipping in it. */
const rate = (name: string, priceCents: number, freeFromCents: number | null = null) => ({
  id: null,
  name,
  priceCents,
  freeFromCents,
  delivery: "",
});

async function shopWithRates() {
  const seller = await createLiveSeller();
  await setShipping(seller.subdomain, {
    zones: [
      { id: null, name: "France", countries: ["FR"], rates: [rate("Colissimo", 490, 10_000), rate("Express", 1200)] },
      { id: null, name: "Benelux", countries: ["BE", "LU"], rates: [{ ...rate("Europe", 990), delivery: "3-5 days" }] },
    ],
  });
  return seller;
}

async function fillAddress(page: Page, country: string) {
  await fillShopperDetails(page, {
    name: "Nina Shopper",
    email: "nina@example.test",
    address: "3 rue Neuve",
    city: "Bruxelles",
    zip: "1000",
    country,
  });
  await page.getByLabel(/^Reference/).fill("JACKET-42");
  await page.getByLabel(/^Total amount/).fill("25");
}

async function payAndSeeTotal(page: Page) {
  await expect(page).toHaveURL(/step=payment/);
  const summary = page.getByTestId("order-summary");
  await expect(summary.getByTestId("summary-subtotal")).toHaveText("€25.00");
  await expect(summary.getByTestId("summary-shipping")).toHaveText("€9.90");
  await expect(summary.getByTestId("summary-total")).toHaveText("€34.90");
  await page.getByLabel(/^Card number/).fill("4242 4242 4242 4242");
  await page.getByLabel(/^Expiry/).fill("12/30");
  await page.getByLabel(/^CVC/).fill("123");
  await page.getByTestId("card-form").getByRole("button").filter({ hasText: "€34.90" }).click();
  await expect(page.getByTestId("checkout-success")).toBeVisible();
}

test.describe("shipping rates at checkout", () => {
  test("the rates follow the country at once; subtotal, shipping and total, then pay @js-only", async ({ page }) => {
    const seller = await shopWithRates();
    await page.setViewportSize(PHONE);
    await page.goto(shopUrl(seller.subdomain, "/"));
    await expect(page.getByTestId("shipping-rates")).toBeVisible();
    expect(await phoneCheck(page)).toEqual({ violations: [], overflow: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    const rates = page.getByTestId("shipping-rates");
    // The shop's own country first, its rates cheapest first.
    await expect(page.getByLabel(/^Country/)).toHaveValue("FR");
    await expect(rates.getByRole("radio")).toHaveCount(2);
    await expect(rates.getByRole("radio").first()).toHaveAccessibleName(/Colissimo/);
    await fillAddress(page, "JP");
    await expect(page.getByTestId("shipping-not-served")).toContainText("This shop does not ship to Japan");
    await page.getByLabel(/^Country/).selectOption("BE");
    await expect(rates.getByRole("radio")).toHaveCount(1);
    await rates.getByRole("radio", { name: /Europe/ }).check();
    await expect(page.getByTestId("shipping-amount")).toHaveText("€9.90");
    await expect(page.getByTestId("shipping-total")).toHaveText("€34.90");
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await payAndSeeTotal(page);
  });

  test("without JavaScript another country's rates come with the answer, then pay @nojs-only", async ({ page }) => {
    const seller = await shopWithRates();
    await page.goto(shopUrl(seller.subdomain, "/"));
    await fillAddress(page, "BE");
    // The page was drawn for France: its cheapest rate is checked, and refused for Belgium.
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page.getByText("This shipping method does not deliver to the country chosen: choose another one")).toBeVisible();
    const rates = page.getByTestId("shipping-rates");
    await expect(rates.getByRole("radio")).toHaveCount(1);
    await expect(rates.getByRole("radio", { name: /Europe/ })).toBeChecked();
    await expect(page.getByTestId("shipping-total")).toHaveText("€34.90");
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await payAndSeeTotal(page);
  });
});

test("the seller's Shipping tab with its zones and rates, on a phone: no serious axe violation @js-only", async ({ page }) => {
  const seller = await shopWithRates();
  await signInWithSession(page, seller);
  await page.setViewportSize(PHONE);
  await page.goto(mainUrl("/account?section=shipping"));
  await expect(page.getByTestId("shipping-zone")).toHaveCount(2);
  await expect(page.getByTestId("shipping-rate")).toHaveCount(3);
  expect(await phoneCheck(page)).toEqual({ violations: [], overflow: true });
});

test("on the Shipping tab, a zone and a rate added: their forms start empty again, the focus stays on their button @js-only", async ({
  page,
}) => {
  const seller = await createLiveSeller();
  await signInWithSession(page, seller);
  await page.setViewportSize(PHONE);
  await page.goto(mainUrl("/account?section=shipping"));
  const addZone = page.getByRole("form", { name: "Add a zone" });
  await addZone.getByLabel(/^Zone name/).fill("France");
  await addZone.getByLabel(/^Countries/).fill("FR, Monaco");
  await addZone.getByLabel(/^Rate name/).fill("Colissimo");
  await addZone.getByLabel(/^Price/).fill("4.90");
  await addZone.getByRole("button", { name: "Add a zone" }).click();
  await expect(page.getByTestId("shipping-zone")).toHaveCount(1);
  // Still filled, the form would read as not saved, and a second press adds the zone again.
  await expect(addZone.getByLabel(/^Zone name/)).toHaveValue("");
  await expect(addZone.getByLabel(/^Countries/)).toHaveValue("");
  await expect(addZone.getByLabel(/^Rate name/)).toHaveValue("");
  await expect(addZone.getByLabel(/^Price/)).toHaveValue("");
  await expect(addZone.getByRole("button", { name: "Add a zone" })).toBeFocused();

  const zone = page.getByTestId("shipping-zone");
  await zone.locator("summary", { hasText: "Add a rate" }).click();
  const addRate = page.getByRole("form", { name: "Add a rate: France" });
  await addRate.getByLabel(/^Rate name/).fill("Express");
  await addRate.getByLabel(/^Price/).fill("12");
  await addRate.getByRole("button", { name: "Add a rate" }).click();
  await expect(zone.getByTestId("shipping-rate")).toHaveCount(2);
  await expect(addRate.getByLabel(/^Rate name/)).toHaveValue("");
  await expect(addRate.getByLabel(/^Price/)).toHaveValue("");
  await expect(addRate.getByRole("button", { name: "Add a rate" })).toBeFocused();
});

test("on a phone, every tab of the account's settings shows, the Shipping tab among them", async ({ page }) => {
  const seller = await createLiveSeller();
  await signInWithSession(page, seller);
  await page.setViewportSize(PHONE);
  await page.goto(mainUrl("/account?section=shipping"));
  const tabs = page.getByRole("navigation", { name: "Account sections" }).getByRole("link");
  await expect(tabs).toHaveText(["Profile", "Seller profile", "Shop settings", "Shipping", "Domain"]);
  // Scrolled out of a one-line strip, with nothing to say so, the last tabs could not be found on a phone.
  for (const tab of await tabs.all()) await expect(tab).toBeInViewport({ ratio: 0.9 });
  await expect(tabs.filter({ hasText: "Shipping" })).toHaveAttribute("aria-current", "page");
});
