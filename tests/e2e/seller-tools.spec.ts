import { createLiveSeller, createPaidOrders, signInWithSession } from "./db";
import { expect, logIn, mainUrl, shopUrl, test } from "./fixtures";

test("the seller filters and paginates orders, opens an order and ships it", async ({ page, jsEnabled }) => {
  const seller = await createLiveSeller();
  await createPaidOrders(seller.subdomain, 13);
  await signInWithSession(page, seller);
  await page.goto(mainUrl("/orders"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Orders");
  await expect(page.getByTestId("order-row")).toHaveCount(10);
  await expect(page.getByTestId("order-row").first()).toContainText("#0013");
  // Amounts follow the reader's language (English here), as in the shop.
  await expect(page.getByTestId("order-row").first()).toContainText("€23.00");

  await page.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId("order-row")).toHaveCount(3);

  await page.getByLabel("Search").fill("Buyer 7");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByTestId("order-row")).toHaveCount(1);
  await expect(page).toHaveURL(/search=Buyer\+7/);

  await page.getByRole("link", { name: "View order #0007" }).click();
  // With JavaScript the order opens in a dialog over the list; without, on its own page.
  const dialog = page.getByRole("dialog", { name: "Order #0007" });
  await expect(dialog).toHaveCount(jsEnabled ? 1 : 0);
  await expect(page).toHaveURL(jsEnabled ? /\/orders\?.*search=Buyer\+7/ : /\/orders\/\d+$/);
  const scope = jsEnabled ? dialog : page.locator("main");
  await expect(scope.getByTestId("order-detail")).toContainText("buyer7@example.test");
  await scope.getByRole("button", { name: "Mark as processing" }).click();
  await expect(page.getByText("Order #0007 is now Processing")).toBeVisible();
  // The dialog stays open on the updated order (JavaScript); the page shows it again (without).
  await expect(dialog).toHaveCount(jsEnabled ? 1 : 0);
  await expect(scope.getByTestId("order-detail")).toContainText("Processing");
  // Shipping asks for the carrier and its tracking number (issue 28).
  await scope.getByLabel(/^Carrier/).selectOption({ label: "Colissimo" });
  await scope.getByLabel(/^Tracking number/).fill("6A 1234 5678 901");
  await scope.getByRole("button", { name: "Mark as shipped" }).click();
  await expect(page.getByText("Order #0007 is shipped; the shopper has the tracking link.")).toBeVisible();
  await expect(scope.getByTestId("order-tracking")).toContainText("6A12345678901");

  await page.goto(mainUrl("/orders?status=shipped"));
  await expect(page.getByTestId("order-row")).toHaveCount(1);
  await expect(page.getByTestId("order-row")).toContainText("Shipped");
});

test("the seller adds a product that then appears in the shop's catalogue", async ({ page }) => {
  const seller = await createLiveSeller();
  await signInWithSession(page, seller);
  await page.goto(mainUrl("/dashboard/products"));
  await page.getByLabel("Category name").last().fill("Live specials");
  await page.getByRole("button", { name: "Add category" }).click();
  await expect(page.getByText("Category saved")).toBeVisible();

  await page.getByRole("link", { name: "New product" }).click();
  await page.getByLabel(/^Name/).fill("Velvet Scrunchie");
  await page.getByLabel(/^Description/).fill("Soft velvet, three colours.");
  await page.getByLabel(/^Price/).fill("0");
  await page.getByLabel(/^Category/).selectOption({ label: "Live specials" });
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByText("Enter a price above 0, e.g. 19.90")).toBeVisible();
  await page.getByLabel(/^Price/).fill("7.50");
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page).toHaveURL(mainUrl("/dashboard/products"));
  await expect(page.getByTestId("seller-product-row")).toContainText("Velvet Scrunchie");

  await page.goto(shopUrl(seller.subdomain, "/products?category=live-specials"));
  await expect(page.getByTestId("product-card")).toHaveCount(1);
  await expect(page.getByTestId("product-card")).toContainText("Velvet Scrunchie");
  await expect(page.getByTestId("product-card")).toContainText("€7.50");
});

test("keyboard focus stays in the order dialog while the seller acts on the order @js-only", async ({ page }) => {
  const seller = await createLiveSeller();
  await createPaidOrders(seller.subdomain, 1);
  await signInWithSession(page, seller);
  await page.goto(mainUrl("/orders"));
  await page.getByRole("link", { name: "View order #0001" }).click();
  const dialog = page.getByRole("dialog", { name: "Order #0001" });
  await dialog.getByRole("button", { name: "Mark as processing" }).press("Enter");
  await expect(page.getByText("Order #0001 is now Processing")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Mark as shipped" })).toBeVisible();
  const focusInDialog = () => page.evaluate(() => Boolean(document.activeElement?.closest("dialog")));
  await expect.poll(focusInDialog).toBe(true);

  await dialog.getByRole("link", { name: "Cancel order" }).press("Enter");
  await expect(dialog.getByRole("button", { name: "Yes, cancel the order" })).toBeFocused();
  await dialog.getByRole("button", { name: "Keep it" }).press("Enter");
  await expect(dialog.getByRole("link", { name: "Cancel order" })).toBeFocused();
});

test.describe("in a time zone other than the server's @js-only", () => {
  test.use({ timezoneId: "America/Los_Angeles" });

  test("the dashboard and the orders hydrate without errors; dates follow the reader, chart days stay the data's", async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await logIn(page, { email: "demo@example.com", password: "Demo1234!" });
    // The chart's days are UTC days: the last one is today in UTC, whatever the reader's zone.
    const todayUtc = new Intl.DateTimeFormat("en-US", { day: "numeric", month: "short", timeZone: "UTC" }).format(new Date());
    await expect(page.locator("figure svg > text").last()).toHaveText(todayUtc);
    // Instants are shown in the reader's time zone once hydrated (the server's UTC text is replaced).
    const firstActivity = page.getByTestId("activity-list").locator("time").first();
    await expect(firstActivity).not.toContainText("UTC");
    const instant = (await firstActivity.getAttribute("datetime"))!;
    const local = new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone: "America/Los_Angeles",
    });
    await expect(firstActivity).toHaveText(local.format(new Date(instant)));

    await page.goto(mainUrl("/orders"));
    await page
      .getByRole("link", { name: /View order/ })
      .first()
      .click();
    await expect(page.getByTestId("order-detail")).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test("the header marks one link current, the page's own, as the seller moves between screens", async ({ page }) => {
  const seller = await createLiveSeller();
  await signInWithSession(page, seller);
  await page.goto(mainUrl("/dashboard"));
  const header = page.getByRole("navigation", { name: "Main navigation" });
  const current = header.locator('[aria-current="page"]');
  await expect(current).toHaveText("Dashboard");
  // Header links: client-side navigations with JavaScript, whole pages without.
  for (const name of ["Lives", "Products", "Orders", "Dashboard"]) {
    await header.getByRole("link", { name, exact: true }).click();
    await expect(current).toHaveCount(1);
    await expect(current).toHaveText(name);
  }
});
