import crypto from "node:crypto";
import { createLiveSeller, createPaidOrders, lastMailTo, orderStatusLink, setOrderEmail } from "./db";
import { expect, logIn, mainUrl, shopUrl, test, fillShopperDetails } from "./fixtures";

/** A live shop with two paid orders, the first placed with an email of its own (tests run in parallel). */
async function shopWithOrders() {
  const seller = await createLiveSeller();
  await createPaidOrders(seller.subdomain, 2);
  const email = `buyer-${crypto.randomUUID().slice(0, 8)}@example.test`;
  await setOrderEmail(seller.subdomain, 1, email);
  return { seller, email };
}

test.describe("shopper access to orders from any device", () => {
  // Two browsers and a login: more steps than most tests.
  test.describe.configure({ timeout: 60_000 });

  test("on a phone, a shopper gets a code by email and sees their orders of the shop", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const { seller, email } = await shopWithOrders();
    await page.goto(shopUrl(seller.subdomain, "/orders"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("My orders");
    await expect(page.getByRole("link", { name: "Login" })).toHaveCount(0);
    await page.getByRole("link", { name: "See orders from another device" }).click();

    await page.getByLabel("Email you ordered with").fill(email);
    await page.getByRole("button", { name: "Email me a code" }).click();
    await expect(page.getByText("Check your email")).toBeVisible();
    // The access page fits a 360 px phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const code = /^(\d{6})$/m.exec((await lastMailTo(email))!.text)![1]!;
    await page.getByLabel("6-digit code").fill("000000" === code ? "111111" : "000000");
    await page.getByRole("button", { name: "Show my orders" }).click();
    await expect(page.getByText("This code is not valid")).toBeVisible();
    await page.getByLabel("6-digit code").fill(code);
    await page.getByRole("button", { name: "Show my orders" }).click();

    await expect(page).toHaveURL(shopUrl(seller.subdomain, "/orders"));
    await expect(page.getByText(`This browser now shows the orders placed with ${email}.`)).toBeVisible();
    await expect(page.getByTestId("order-row")).toHaveCount(1);
    await expect(page.getByTestId("order-row")).toContainText("#0001");
  });

  test("the seller renews an order's status link; the new link opens the order in any browser", async ({ page, browser, jsEnabled }) => {
    const { seller, email } = await shopWithOrders();
    await logIn(page, seller);
    await page.goto(mainUrl("/orders"));
    await page.getByRole("link", { name: "View order #0001" }).click();
    const scope = jsEnabled ? page.getByRole("dialog", { name: "Order #0001" }) : page.locator("main");
    await scope.getByRole("button", { name: "Revoke and send a new link" }).click();
    await expect(page.getByText("The status links of order #0001 were revoked")).toBeVisible();

    const link = /http:\/\/\S+\/order-status\/[A-Za-z0-9_-]{43}/.exec((await lastMailTo(email))!.text)![0];
    const elsewhere = await browser.newContext({ javaScriptEnabled: jsEnabled });
    try {
      const other = await elsewhere.newPage();
      await other.goto(link);
      await expect(other.getByTestId("confirmation-number")).toHaveText("#0001");
      await expect(other.getByText(email)).toBeVisible();
    } finally {
      await elsewhere.close();
    }
  });

  test("an unpaid order's forwarded status link: that browser pays the order but cannot change its details", async ({
    page,
    browser,
    jsEnabled,
  }) => {
    const seller = await createLiveSeller();
    // The shopper's browser stops at the payment step of a live purchase.
    await page.goto(shopUrl(seller.subdomain, "/"));
    await fillShopperDetails(page, { name: "Nina Shopper", email: "nina@example.test" });
    await page.getByLabel(/^Reference/).fill("JACKET-42");
    await page.getByLabel(/^Total amount/).fill("89.90");
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expect(page).toHaveURL(/step=payment/);
    const orderId = Number(/order=(\d+)/.exec(page.url())![1]);
    const link = await orderStatusLink(seller.subdomain, orderId);

    const elsewhere = await browser.newContext({ javaScriptEnabled: jsEnabled });
    try {
      const other = await elsewhere.newPage();
      await other.goto(link);
      await other.getByRole("link", { name: "Complete payment" }).click();
      await expect(other.getByTestId("card-form")).toBeVisible();
      await expect(other.getByTestId("details-locked")).toContainText("can be changed only in the browser that placed it");
      await expect(other.getByRole("link", { name: /Back to shipping/ })).toHaveCount(0);
      // Asking for the shipping step by its address shows the payment step all the same.
      await other.goto(shopUrl(seller.subdomain, `/?order=${orderId}&step=shipping`));
      await expect(other.getByTestId("checkout-stepper").locator("[data-state=current]")).toContainText("Payment");
      await expect(other.getByLabel(/^Full name/)).toHaveCount(0);

      // The browser that placed the order still changes it.
      await page.getByRole("link", { name: /Back to shipping/ }).click();
      await page.getByLabel(/^City/).fill("Villeurbanne");
      await page.getByRole("button", { name: "Continue to payment" }).click();
      await expect(page).toHaveURL(/step=payment/);
      await expect(page.getByTestId("details-locked")).toHaveCount(0);

      // And the link's holder pays it.
      await other.reload();
      await other.getByLabel(/^Card number/).fill("4242 4242 4242 4242");
      await other.getByLabel(/^Expiry/).fill("12/30");
      await other.getByLabel(/^CVC/).fill("123");
      await other.getByTestId("card-form").getByRole("button").filter({ hasText: /€/ }).click();
      await expect(other.getByRole("heading", { name: "Payment successful!" })).toBeVisible();
    } finally {
      await elsewhere.close();
    }
  });
});
