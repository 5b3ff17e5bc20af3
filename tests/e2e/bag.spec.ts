import type { Page } from "@playwright/test";
import { createLiveSeller } from "./db";
import { expect, shopUrl, test, fillShopperDetails } from "./fixtures";
import { createCountedProduct, createSizedProduct } from "./stock-db";
import { horizontalOverflow } from "./page-inventory";

/**
 * Issue 28, the bag: a scarf from the catalogue card and two sweaters in M from the
 * product's page, a quantity changed on the bag, then one checkout of the whole bag and one
 * payment; with JavaScript (fetchers, no reload) and without it (plain posts).
 */
async function fillShipping(page: Page) {
  const form = page.locator("#checkout-shipping");
  await fillShopperDetails(form, { name: "Bea Shopper", email: "bea@example.test" });
}

/** After an add: with JavaScript the page stays (`stay`) and the header counts; without it the bag's page shows. */
async function expectAdded(page: Page, jsEnabled: boolean, stay: RegExp, count: number) {
  await expect(page.getByTestId("bag-count")).toHaveText(String(count));
  await expect(page).toHaveURL(jsEnabled ? stay : /\/bag$/);
}

test.describe("the bag", () => {
  test("a bag of two products (one with sizes), a quantity changed, one checkout and one payment", async ({ page, jsEnabled }) => {
    const seller = await createLiveSeller();
    await createCountedProduct(seller.subdomain, "Bag Scarf", 10, 2000);
    const sweater = await createSizedProduct(seller.subdomain, "Bag Sweater", 2500, [
      { size: "S", stock: 4 },
      { size: "M", stock: 3, priceCents: 3000 },
    ]);

    await page.goto(shopUrl(seller.subdomain, "/products"));
    await expect(page.getByTestId("bag-link")).toHaveAccessibleName("Bag, empty");
    const card = page.getByTestId("product-card").filter({ hasText: "Bag Scarf" });
    await card.getByRole("button", { name: "Add to bag: Bag Scarf" }).click();
    await expectAdded(page, jsEnabled, /\/products$/, 1);

    // The product with sizes is added from its page, once a size is picked.
    await page.goto(shopUrl(seller.subdomain, `/?product_id=${sweater.id}&o0=M`));
    const add = page.getByTestId("add-to-bag");
    await add.getByLabel("Number to add").fill("2");
    await add.getByRole("button", { name: "Add to bag: Bag Sweater" }).click();
    await expectAdded(page, jsEnabled, /product_id=/, 3);

    await page.getByTestId("bag-link").click();
    await expect(page).toHaveURL(/\/bag$/);
    await expect(page.getByTestId("bag-line-name")).toHaveText(["Bag Scarf", "Bag Sweater (M)"]);
    await expect(page.getByTestId("bag-subtotal")).toHaveText("€80.00");
    const scarf = page.getByTestId("bag-line").filter({ hasText: "Bag Scarf" });
    await scarf.getByLabel("Quantity of Bag Scarf", { exact: true }).fill("2");
    await scarf.getByRole("button", { name: "Update the quantity of Bag Scarf" }).click();
    await expect(page.getByTestId("bag-subtotal")).toHaveText("€100.00");
    await expect(page.getByTestId("bag-count")).toHaveText("4");

    await page.getByTestId("bag-checkout").click();
    await expect(page).toHaveURL(/\?bag=1$/);
    await expect(page.getByTestId("summary-line")).toHaveText(["2 × Bag Scarf€40.00", "2 × Bag Sweater (M)€60.00"]);
    await expect(page.getByTestId("bag-checkout-total")).toContainText("€100.00");
    await fillShipping(page);
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page).toHaveURL(/step=payment/);
    await expect(page.getByTestId("summary-total")).toHaveText("€100.00");
    await expect(page.getByTestId("bag-count")).toHaveCount(0);

    await page.getByLabel(/^Card number/).fill("4242 4242 4242 4242");
    await page.getByLabel(/^Expiry/).fill("12/30");
    await page.getByLabel(/^CVC/).fill("123");
    await page.getByTestId("card-form").getByRole("button").filter({ hasText: /€/ }).click();
    await expect(page.getByTestId("checkout-success")).toBeVisible();
    await page.goto(shopUrl(seller.subdomain, "/bag"));
    await expect(page.getByTestId("bag-empty")).toBeVisible();
  });

  test("on a phone without JavaScript, a refused add is said on the product's page at its button, the size and quantity kept @nojs-only", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const seller = await createLiveSeller();
    const sweater = await createSizedProduct(seller.subdomain, "Short Sweater", 2500, [
      { size: "S", stock: 4 },
      { size: "M", stock: 2 },
    ]);
    await page.goto(shopUrl(seller.subdomain, `/?product_id=${sweater.id}`));
    const picker = page.getByTestId("variant-picker");
    await picker.getByRole("radio", { name: /^M/ }).check();
    await picker.getByRole("button", { name: "Choose" }).click();
    await expect(page).toHaveURL(/o0=M/);
    const add = page.getByTestId("add-to-bag");
    await add.getByLabel("Number to add").fill("3");
    await add.getByRole("button", { name: "Add to bag: Short Sweater" }).click();

    // Back on the product's page, not the bag's: why, at the button, with what was chosen.
    await expect(page).toHaveURL(new RegExp(`/\\?product_id=${sweater.id}&o0=M#add-to-bag-${sweater.id}$`));
    await expect(add.getByTestId("add-to-bag-error")).toHaveText("Short Sweater (M): only 2 left");
    await expect(add.getByLabel("Number to add")).toHaveValue("3");
    await expect(add.getByLabel("Number to add")).toHaveAccessibleDescription("Short Sweater (M): only 2 left");
    await expect(picker.getByRole("radio", { name: /^M/ })).toBeChecked();
    await expect(page.getByTestId("bag-link")).toHaveAccessibleName("Bag, empty");
    expect((await horizontalOverflow(page)).overflow).toBeLessThanOrEqual(0);

    await add.getByLabel("Number to add").fill("2");
    await add.getByRole("button", { name: "Add to bag: Short Sweater" }).click();
    await expect(page).toHaveURL(/\/bag$/);
    await expect(page.getByTestId("bag-count")).toHaveText("2");
    await expect(page.getByTestId("bag-line-name")).toHaveText(["Short Sweater (M)"]);
  });

  test("Add to bag keeps the focus on its button, ready for another @js-only", async ({ page }) => {
    const seller = await createLiveSeller();
    await createCountedProduct(seller.subdomain, "Focus Scarf", 10, 2000);
    await page.goto(shopUrl(seller.subdomain, "/products"));
    const add = page
      .getByTestId("product-card")
      .filter({ hasText: "Focus Scarf" })
      .getByRole("button", { name: "Add to bag: Focus Scarf" });
    await add.press("Enter");
    await expect(page.getByTestId("bag-count")).toHaveText("1");
    // Disabled while it posts, the button would drop the focus to the page's top.
    await expect(add).toBeFocused();
    await add.press("Enter");
    await expect(page.getByTestId("bag-count")).toHaveText("2");
  });
  test("a line removed from the bag leaves the focus on the bag's heading, not the page's top @js-only", async ({ page }) => {
    const seller = await createLiveSeller();
    await createCountedProduct(seller.subdomain, "Gone Scarf", 10, 2000);
    await createCountedProduct(seller.subdomain, "Kept Scarf", 10, 2500);
    await page.goto(shopUrl(seller.subdomain, "/products"));
    for (const [name, count] of [
      ["Gone Scarf", "1"],
      ["Kept Scarf", "2"],
    ] as const) {
      await page.getByRole("button", { name: `Add to bag: ${name}` }).click();
      await expect(page.getByTestId("bag-count")).toHaveText(count);
    }
    await page.goto(shopUrl(seller.subdomain, "/bag"));
    await page.getByRole("button", { name: "Remove Gone Scarf" }).press("Enter");
    await expect(page.getByTestId("bag-line-name")).toHaveText(["Kept Scarf"]);
    // The line went, and with it the button that had the focus.
    await expect(page.getByRole("heading", { level: 1, name: "Your bag" })).toBeFocused();
  });
});
