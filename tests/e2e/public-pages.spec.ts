import { expect, mainUrl, shopUrl, test } from "./fixtures";

test.describe("main site", () => {
  test("landing page with hero, features and the three steps; join goes to /register", async ({ page }) => {
    await page.goto(mainUrl("/"));
    await expect(page).toHaveTitle("Create Your Online Store");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your online store in minutes");
    await expect(page.getByRole("heading", { name: "Card payments" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Start selling in three steps" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getFullYear()} LiveCart`);
    await page.getByRole("link", { name: "Create my shop" }).first().click();
    await expect(page).toHaveURL(mainUrl("/register"));
  });

  test("an unknown shop address lands on the main site with the warning card", async ({ page }) => {
    await page.goto(shopUrl("no-such-shop", "/products"));
    await expect(page).toHaveURL(mainUrl("/?attempted_subdomain=no-such-shop"));
    const card = page.getByTestId("shop-not-found");
    await expect(card).toContainText("The shop “no-such-shop” was not found");
    await expect(card).toContainText("Are you the merchant?");
  });

  test("a seller page on a shop host is a not-found page in the visitor's language", async ({ page }) => {
    await page.context().addCookies([{ name: "i18nextLng", value: "fr", url: shopUrl("demo") }]);
    const response = await page.goto(shopUrl("demo", "/dashboard"));
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(shopUrl("demo", "/dashboard"));
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page introuvable");
  });

  test("the language switcher changes and keeps the language", async ({ page, jsEnabled }) => {
    await page.goto(mainUrl("/about"));
    await page.getByLabel("Language").click();
    await page.getByRole("link", { name: "Français" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nous aidons les vendeurs en live à vendre plus, simplement");
    await expect(page).toHaveTitle(/À propos/);
    // The client keeps the choice in localStorage too; without JavaScript only the cookie does.
    expect(await page.evaluate(() => localStorage.getItem("i18nextLng"))).toBe(jsEnabled ? "fr" : null);
    await page.goto(mainUrl("/pricing"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ne payez que quand vous vendez");
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "i18nextLng")?.value).toBe("fr");
  });

  test("restores the language kept in localStorage when the cookie is gone @js-only", async ({ page }) => {
    await page.goto(mainUrl("/about"));
    await page.evaluate(() => localStorage.setItem("i18nextLng", "fr"));
    await page.context().clearCookies();
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nous aidons les vendeurs en live à vendre plus, simplement");
  });

  test("the fee calculator computes what the seller receives", async ({ page, jsEnabled }) => {
    await page.goto(mainUrl("/pricing"));
    const results = page.getByTestId("fee-results");
    // One platform-fee deduction (incl. VAT, with its breakdown) and one figure received.
    await expect(page.getByTestId("net-received")).toHaveText("€95.85");
    await expect(results.getByRole("definition")).toHaveText(["€100.00", "− €1.75", "− €2.40", "€95.85"]);
    await expect(results).toContainText("€2.00 fee (2%) + €0.40 VAT (20%)");
    await expect(page.getByTestId("amount-adjusted")).toBeEmpty();
    await page.getByLabel("Sale amount (€)").fill("250");
    if (!jsEnabled) await page.getByRole("button", { name: "Calculate" }).click();
    await expect(page.getByTestId("net-received")).toHaveText("€240.00");
    await page.getByRole("link", { name: "€25.00" }).click();
    await expect(page.getByTestId("net-received")).toHaveText("€23.77");
    await expect(results).toContainText("€0.63");
  });

  test("the fee calculator says when it calculates another amount than the one typed", async ({ page, jsEnabled }) => {
    await page.goto(mainUrl("/pricing?lng=fr"));
    const amount = page.getByLabel("Montant de la vente (€)");
    await amount.fill("5");
    if (!jsEnabled) await page.getByRole("button", { name: "Calculer" }).click();
    await expect(page.getByTestId("amount-adjusted")).toHaveText("Un montant sous le minimum est calculé à 10,00 €.");
    await expect(page.getByTestId("net-received")).toHaveText("9,36 €");
    await page.getByLabel("Montant de la vente (€)").fill("0");
    if (!jsEnabled) await page.getByRole("button", { name: "Calculer" }).click();
    await expect(page.getByTestId("amount-adjusted")).toHaveText("Un montant de 0 affiche les frais sur 100,00 €.");
    await expect(page.getByTestId("net-received")).toHaveText("95,85 €");
  });

  test("static pages: contact FAQ, terms and privacy in scroll areas, legal notice", async ({ page }) => {
    await page.goto(mainUrl("/contact"));
    await expect(page.getByRole("link", { name: "support@example.com" })).toHaveAttribute("href", "mailto:support@example.com");
    await page.getByText("Is there a subscription?").click();
    await expect(page.getByText("There is no setup fee and no monthly fee.")).toBeVisible();
    for (const path of ["/terms", "/privacy"]) {
      await page.goto(mainUrl(path));
      const area = page.getByTestId("legal-scroll-area");
      await expect(area.locator("li")).toHaveCount(7);
      expect(await area.evaluate((el) => el.getBoundingClientRect().height)).toBe(600);
    }
    await page.goto(mainUrl("/legal-notice"));
    for (const title of [
      "Website",
      "Publisher",
      "Hosting",
      "Intellectual property",
      "Personal data",
      "Cookies",
      "Liability",
      "Applicable law",
    ]) {
      await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible();
    }
  });

  test("the mobile menu lists the Explore and My Business groups", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(mainUrl("/"));
    await page.getByLabel("Open menu").click();
    const menu = page.getByRole("navigation", { name: "Menu" });
    await expect(menu).toContainText("Explore");
    await expect(menu).toContainText("My Business");
    // The sheet fills the screen below the header (a filter on the header would shrink it to the header).
    expect((await menu.boundingBox())!.height).toBeGreaterThan(700);
    await menu.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(mainUrl("/pricing"));
  });

  test("the shop's mobile menu is a full-height side sheet", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(shopUrl("demo", "/products"));
    await page.getByLabel("Open menu").click();
    const menu = page.getByRole("navigation", { name: "Menu" });
    expect((await menu.boundingBox())!.height).toBeGreaterThan(700);
    await menu.getByRole("link", { name: "Orders" }).click();
    await expect(page).toHaveURL(shopUrl("demo", "/orders"));
  });
});

test.describe("shop catalogue", () => {
  test("lists, filters, searches and loads more products", async ({ page }) => {
    await page.goto(shopUrl("demo", "/products"));
    await expect(page).toHaveTitle("Demo Live Shop - Live Shopping");
    await expect(page.getByTestId("shop-name")).toHaveText("Demo Live Shop");
    await expect(page.getByTestId("catalogue-count")).toHaveText("Showing 10 of 25 products");
    await expect(page.getByTestId("product-card")).toHaveCount(10);
    await expect(page.getByTestId("product-card").first()).toContainText("€39.00");

    await page.getByRole("link", { name: "Load more" }).click();
    await expect(page.getByTestId("catalogue-count")).toHaveText("Showing 20 of 25 products");
    await page.getByRole("link", { name: "Load more" }).click();
    await expect(page.getByTestId("catalogue-count")).toHaveText("Showing 25 of 25 products");
    await expect(page.getByRole("link", { name: "Load more" })).toHaveCount(0);

    await page.getByRole("link", { name: "Beauty" }).click();
    await expect(page.getByTestId("catalogue-count")).toHaveText("Showing 6 of 6 products");
    await expect(page.getByRole("link", { name: "Beauty" })).toHaveAttribute("aria-current", "page");

    await page.getByRole("link", { name: "All categories" }).click();
    await expect(page.getByTestId("catalogue-count")).toHaveText("Showing 10 of 25 products");
    await page.getByLabel("Search products").fill("mug");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("catalogue-count")).toHaveText("Showing 1 of 1 product");
    await expect(page.getByTestId("product-card")).toContainText("Ceramic Mug");

    await page.getByLabel("Search products").fill("nothing-like-this");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No products found")).toBeVisible();
    await expect(page.getByText("Try adjusting your search or filter criteria")).toBeVisible();
  });

  test("shows out-of-stock badges and image placeholders", async ({ page }) => {
    await page.goto(shopUrl("demo", "/products?category=fashion"));
    const belt = page.getByTestId("product-card").filter({ hasText: "Leather Belt" });
    await expect(belt).toContainText("Out of stock");
    const shirt = page.getByTestId("product-card").filter({ hasText: "Linen Shirt" });
    await expect(shirt.getByRole("img", { name: "No image" })).toBeVisible();
    await expect(shirt).toContainText("In stock");
  });

  test("searches as the shopper types @js-only", async ({ page }) => {
    await page.goto(shopUrl("demo", "/products"));
    await page.getByLabel("Search products").pressSequentially("candle");
    await expect(page.getByTestId("catalogue-count")).toHaveText("Showing 1 of 1 product");
    await expect(page).toHaveURL(/search=candle/);
  });

  test("keeps what the shopper typed while an earlier search loads @js-only", async ({ page }) => {
    await page.goto(shopUrl("demo", "/products"));
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    // The answer to "cand" is held until the shopper has typed on, then arrives before the
    // next search is sent (300 ms after the last key).
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/search=cand(&|$)/, async (route) => {
      await released;
      await route.continue();
    });
    const box = page.getByLabel("Search products");
    const earlier = page.waitForRequest(/search=cand(&|$)/);
    await box.pressSequentially("cand");
    await earlier;
    await box.pressSequentially("le");
    release();
    await expect(page).toHaveURL(/search=candle/);
    await expect(box).toHaveValue("candle");
    await expect(page.getByTestId("catalogue-count")).toHaveText("Showing 1 of 1 product");
  });

  test("speaks French with the shop's prices in French format", async ({ page }) => {
    await page.goto(shopUrl("demo", "/products?lng=fr"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Produits");
    await expect(page.getByTestId("catalogue-count")).toHaveText("Affichage de 10 sur 25 produits");
    await expect(page.getByTestId("product-price").first()).toHaveText(/39,00\s€/);
  });
});
