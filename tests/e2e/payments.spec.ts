import { createSellerWithoutPayments } from "./db";
import { expect, mainUrl, shopUrl, test } from "./fixtures";

test("a seller connects through the simulated onboarding and the dashboard card shows connected", async ({ page, jsEnabled }) => {
  const seller = await createSellerWithoutPayments();
  // The highlight lasts 1 s, which a busy machine can miss between two assertions: record it as it happens.
  await page.addInitScript(() => {
    new MutationObserver((mutations) => {
      if (mutations.some((m) => m.target instanceof Element && m.target.getAttribute("data-highlighted") === "true")) {
        document.documentElement.dataset.sawHighlight = "true";
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-highlighted"] });
  });
  await page.goto(mainUrl("/login"));
  await page.getByLabel("Email").fill(seller.email);
  await page.getByLabel("Password").fill(seller.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(mainUrl("/dashboard"));

  const card = page.getByTestId("payment-card");
  await expect(card.getByTestId("payment-status")).toHaveText("Not connected");
  await expect(card).toContainText("Test mode");
  await card.getByRole("button", { name: "Connect payments" }).click();

  await expect(page).toHaveURL(/\/payments\/simulated\/onboarding\?account=acct_sim_/);
  await expect(page.getByText("Test mode", { exact: true })).toBeVisible();
  await page.getByLabel("IBAN for payouts").fill("FR76 3000 6000 0112 3456 7890 189");
  await page.getByRole("button", { name: "Connect my account" }).click();

  await expect(page).toHaveURL(mainUrl("/dashboard#stripe-connect"));
  await expect(page.getByText("Payment account connected (test mode)")).toBeVisible();
  await expect(card.getByTestId("payment-status")).toHaveText("Connected");
  // The highlight is the client's: seen with JavaScript, never without.
  await expect.poll(() => page.locator("html").getAttribute("data-saw-highlight")).toBe(jsEnabled ? "true" : null);
  // Every step is done now: the shop is live.
  await page.goto(shopUrl(seller.subdomain, "/products"));
  await expect(page.getByTestId("shop-name")).toHaveText(`Shop ${seller.subdomain}`);
});
