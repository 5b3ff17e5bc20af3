import { runAxe } from "./axe";
import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { createLiveSeller, signInWithSession } from "./db";
import { expect, mainUrl, test } from "./fixtures";
import { horizontalOverflow } from "./page-inventory";
import { optionKey } from "../../app/lib/variant-options";
import { getDatabase } from "../../db/client";
import { insertProducts } from "../../db/products";
import { shops } from "../../db/schema";

/** The card of one variant in the editor's grid (a group named by the variant). */
const card = (page: Page, name: string) => page.getByRole("group", { name, exact: true });

/** A product of the seller's shop in sizes, with their stock. */
async function sweaterOf(subdomain: string, stock: Record<string, number>) {
  const [shop] = await getDatabase().select({ id: shops.id }).from(shops).where(eq(shops.subdomain, subdomain));
  const [product] = await insertProducts(getDatabase(), [
    {
      shopId: shop!.id,
      name: "Phone sweater",
      priceCents: 4000,
      options: [{ name: "Size", values: Object.keys(stock) }],
      variants: Object.entries(stock).map(([size, units]) => ({
        options: { Size: size },
        optionKey: optionKey({ Size: size }),
        stock: units,
      })),
    },
  ]);
  return product!;
}

test("the seller creates a product in sizes S, M and L, sets their stock and changes it with - / + and Set to", async ({
  page,
  jsEnabled,
}) => {
  test.setTimeout(120_000);
  const seller = await createLiveSeller();
  await signInWithSession(page, seller);
  await page.goto(mainUrl("/dashboard/products/new"));
  await page.getByLabel(/^Name/).fill("Drop sweater");
  await page.getByLabel(/^Price \(/).fill("40");
  // Without JavaScript an empty option is there to fill; with it, the seller adds one.
  if (jsEnabled) await page.getByRole("button", { name: "Add an option" }).click();
  await page.getByLabel("Option 1", { exact: true }).fill("Size");
  await page.getByLabel("Values of option 1").fill("S, M, L");
  if (!jsEnabled) {
    // Without JavaScript the grid comes from the server, before anything is saved.
    await page.getByRole("button", { name: "Update the variants" }).click();
    await expect(page.getByText("Check the variants below")).toBeVisible();
  }
  await expect(page.getByTestId("variant-card")).toHaveCount(3);
  await expect(page.getByRole("group", { name: "3 variants" })).toBeVisible();
  await card(page, "S").getByLabel("Stock", { exact: true }).fill("3");
  await card(page, "M").getByLabel("Stock", { exact: true }).fill("5");
  await card(page, "L").getByLabel("Stock", { exact: true }).fill("0");
  await card(page, "L").getByLabel(/^SKU/).fill("DS-L");
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page).toHaveURL(mainUrl("/dashboard/products"));
  await expect(page.getByText("Product created")).toBeVisible();

  await page.getByRole("link", { name: "Edit Drop sweater" }).click();
  await expect(page.getByLabel("Option 1", { exact: true })).toHaveValue("Size");
  await expect(card(page, "M").getByLabel("Stock", { exact: true })).toHaveValue("5");
  await expect(card(page, "L").getByLabel(/^SKU/)).toHaveValue("DS-L");
  if (jsEnabled) await page.getByLabel(/^Name/).fill("Drop sweater (unsaved)");

  await card(page, "M").getByRole("button", { name: "Add one unit: M" }).click();
  await expect(page.getByText("Stock saved: 6 units, 6 available")).toBeVisible();
  await expect(card(page, "M").getByLabel("Stock", { exact: true })).toHaveValue("6");
  await card(page, "S").getByRole("button", { name: "Remove one unit: S" }).click();
  await expect(card(page, "S").getByLabel("Stock", { exact: true })).toHaveValue("2");
  await card(page, "L").getByLabel("New stock of L").fill("9");
  await card(page, "L").getByRole("button", { name: "Set the stock of L" }).click();
  await expect(card(page, "L").getByLabel("Stock", { exact: true })).toHaveValue("9");
  await expect(card(page, "L")).toContainText("9 available");
  // With JavaScript the changes go through a fetcher: the page is not reloaded, what was typed stays.
  if (jsEnabled) await expect(page.getByLabel(/^Name/)).toHaveValue("Drop sweater (unsaved)");

  // Saving the form after the quick changes keeps them (the grid sends only what was typed).
  await page.getByLabel(/^Name/).fill("Drop sweater");
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByText("Product saved")).toBeVisible();
  await page.getByRole("link", { name: "Edit Drop sweater" }).click();
  await expect(card(page, "S").getByLabel("Stock", { exact: true })).toHaveValue("2");
  await expect(card(page, "M").getByLabel("Stock", { exact: true })).toHaveValue("6");
  await expect(card(page, "L").getByLabel("Stock", { exact: true })).toHaveValue("9");
});

test("a product without options has one Stock field; emptied, the stock is not counted", async ({ page }) => {
  test.setTimeout(90_000);
  const seller = await createLiveSeller();
  await signInWithSession(page, seller);
  await page.goto(mainUrl("/dashboard/products/new"));
  await page.getByLabel(/^Name/).fill("Counted mug");
  await page.getByLabel(/^Price \(/).fill("12");
  await page.getByTestId("product-stock").getByLabel("Stock", { exact: true }).fill("4");
  await page.getByRole("button", { name: "Save product" }).click();
  await page.getByRole("link", { name: "Edit Counted mug" }).click();
  const stock = page.getByTestId("product-stock");
  await expect(stock.getByLabel("Stock", { exact: true })).toHaveValue("4");
  await stock.getByRole("button", { name: "Add one unit: this product" }).click();
  await expect(stock.getByLabel("Stock", { exact: true })).toHaveValue("5");
  await stock.getByLabel("Stock", { exact: true }).fill("");
  await page.getByRole("button", { name: "Save product" }).click();
  await page.getByRole("link", { name: "Edit Counted mug" }).click();
  await expect(page.getByTestId("product-stock").getByLabel("Stock", { exact: true })).toHaveValue("");
  await expect(page.getByTestId("stock-quick")).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the grid of variants is stacked cards that fit, axe finds nothing, and + works @js-only", async ({ page }) => {
    test.setTimeout(90_000);
    const seller = await createLiveSeller();
    const product = await sweaterOf(seller.subdomain, { S: 1, M: 2, L: 3 });
    await signInWithSession(page, seller);
    await page.goto(mainUrl(`/dashboard/products/${product.id}`));
    await expect(page.getByTestId("variant-card")).toHaveCount(3);
    const { overflow, culprits } = await horizontalOverflow(page);
    expect(overflow, `${overflow}px too wide, e.g. ${culprits.join(", ")}`).toBeLessThanOrEqual(0);
    // Stacked: each card below the one before, each as wide as the screen allows.
    const boxes = await page
      .getByTestId("variant-card")
      .evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().toJSON() as DOMRect));
    for (let i = 1; i < boxes.length; i++) expect(boxes[i]!.top).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom);
    const { violations } = await runAxe(page);
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
    await card(page, "L").getByRole("button", { name: "Add one unit: L" }).click();
    await expect(card(page, "L").getByLabel("Stock", { exact: true })).toHaveValue("4");
  });
});
