import { finishLive, ordersOfLive, pinOnLive, productNamed, startLive } from "./db";
import { expect, shopUrl, test, fillShopperDetails } from "./fixtures";

/** Issue 16, item 2: a viewer of a live buys through the live's link, with and without JavaScript. */
const DEMO = "demo";

test.describe("a live's link", () => {
  test("a viewer buys the pinned product and pays: the order is the live's", async ({ page }) => {
    const scarf = await productNamed(DEMO, "Silk Scarf Aurora");
    const live = await startLive(DEMO, { title: "Scarves night", pinnedProductId: scarf.id });
    await page.goto(shopUrl(DEMO, `/live/${live.code}`));
    await expect(page.getByTestId("live-header")).toContainText("Scarves night");
    await expect(page.getByTestId("live-header")).toContainText("TikTok");
    await expect(page.getByTestId("pinned-price")).toHaveText("€39.00");
    await page.getByRole("link", { name: "Buy now: Silk Scarf Aurora" }).click();
    await expect(page).toHaveURL(new RegExp(`/live/${live.code}\\?product_id=${scarf.id}$`));
    await expect(page.getByTestId("pinned-product")).toContainText("You are buying this product");
    await fillShopperDetails(page, { name: "Vera Viewer", email: "vera@example.test" });
    await page.getByLabel(/^Social network handle/).fill("@vera.watches");
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page).toHaveURL(/\/\?order=\d+&step=payment$/);
    await page.getByLabel(/^Card number/).fill("4242 4242 4242 4242");
    await page.getByLabel(/^Expiry/).fill("12/30");
    await page.getByLabel(/^CVC/).fill("123");
    await page.getByTestId("card-form").getByRole("button").filter({ hasText: /€/ }).click();
    await expect(page.getByRole("heading", { name: "Payment successful!" })).toBeVisible();
    const [order] = await ordersOfLive(live.id);
    expect(order).toMatchObject({ paymentStatus: "succeeded", liveReference: live.code, email: "vera@example.test" });
  });

  test("in French, a live purchase without a pinned product asks for what was bought", async ({ page }) => {
    const live = await startLive(DEMO, { title: "Soirée bijoux" });
    await page.goto(shopUrl(DEMO, `/live/${live.code}?lng=fr`));
    await expect(page.getByTestId("live-header")).toContainText("Soirée bijoux");
    await expect(page.getByTestId("pinned-product")).toHaveCount(0);
    await expect(page.getByText("Dites au vendeur ce que vous avez acheté")).toBeVisible();
    // The live's reference is not asked: the link says which live it is.
    await expect(page.getByLabel(/^Référence du live/)).toHaveCount(0);
  });

  test("the product the seller pins shows up for the viewer without reloading @js-only", async ({ page }) => {
    const scarf = await productNamed(DEMO, "Silk Scarf Aurora");
    const jacket = await productNamed(DEMO, "Denim Jacket Classic");
    const live = await startLive(DEMO, { pinnedProductId: scarf.id });
    await page.goto(shopUrl(DEMO, `/live/${live.code}`));
    await page.getByLabel(/^Full name/).fill("Typing Still");
    await expect(page.getByTestId("pinned-product")).toContainText("Silk Scarf Aurora");
    await pinOnLive(live, jacket.id);
    await expect(page.getByTestId("pinned-product")).toContainText("Denim Jacket Classic", { timeout: 5_000 });
    // What the viewer was typing stays.
    await expect(page.getByLabel(/^Full name/)).toHaveValue("Typing Still");
  });

  test("an ended live says so and leads to the shop", async ({ page }) => {
    const live = await startLive(DEMO, { title: "Last week's live" });
    await finishLive(live);
    await page.goto(shopUrl(DEMO, `/live/${live.code}`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This live has ended");
    await expect(page.getByTestId("live-ended")).toContainText("Last week's live");
    await page.getByRole("link", { name: "Browse the shop" }).click();
    await expect(page).toHaveURL(shopUrl(DEMO, "/products"));
  });
});
