import fs from "node:fs";
import { addVerifiedDomain, createLiveSeller, signInWithSession } from "./db";
import { expect, mainUrl, PORT, test, fillShopperDetails } from "./fixtures";

// Issue 30: a shop on its own domain. Chromium resolves the seller's domain to this machine
// (`--host-resolver-rules`, this spec only), as DNS would once the seller points it at us; the
// server knows the domain only from `shop_domains` (verified, as the DNS check leaves it).
// Domains are unique: the run with JavaScript buys on `boutique-lea.test`, the one without on
// `shop.boutique-lea.test` (a seller's subdomain used as the shop's domain), in parallel.
const systemChromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p));
test.use({
  launchOptions: {
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? systemChromium,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--host-resolver-rules=MAP boutique-lea.test 127.0.0.1, MAP *.boutique-lea.test 127.0.0.1",
    ],
  },
});

test("a shopper buys on the shop's own domain, and the seller sees the order", async ({ page, jsEnabled }) => {
  const domain = jsEnabled ? "boutique-lea.test" : "shop.boutique-lea.test";
  const shopper = jsEnabled ? "Nina Domain" : "Noa Domain";
  const seller = await createLiveSeller({ firstName: "Lea" });
  await addVerifiedDomain(seller.subdomain, domain, { primary: true });
  const shop = `http://${domain}:${PORT}`;

  // The shop's subdomain now sends its shoppers to the domain (308, path and query kept).
  await page.goto(`http://${seller.subdomain}.localhost:${PORT}/`);
  await expect(page).toHaveURL(`${shop}/`);
  await fillShopperDetails(page, { name: shopper, email: "nina@example.test" });
  await page.getByLabel(/^Reference/).fill("LEA-DOMAIN");
  await page.getByLabel(/^Total amount/).fill("42.00");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page).toHaveURL(new RegExp(`^${shop.replaceAll(".", "\\.")}/\\?order=\\d+&step=payment$`));
  await page.getByLabel(/^Card number/).fill("4242 4242 4242 4242");
  await page.getByLabel(/^Expiry/).fill("12/30");
  await page.getByLabel(/^CVC/).fill("123");
  await page.getByTestId("card-form").getByRole("button").filter({ hasText: /€/ }).click();
  await expect(page.getByRole("heading", { name: "Payment successful!" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`^${shop.replaceAll(".", "\\.")}/order-confirmation/\\d+$`), { timeout: 10_000 });
  await expect(page.getByTestId("confirmation-total")).toHaveText("€42.00");

  // The seller, on the main site: the order, and the shop's address is the domain.
  await signInWithSession(page, seller);
  await page.goto(mainUrl("/orders"));
  await expect(page.getByTestId("order-row").filter({ hasText: shopper })).toHaveCount(1);
  await page.goto(mainUrl("/dashboard"));
  await expect(page.getByRole("link", { name: "Open my shop" })).toHaveAttribute("href", shop);
});

test("a domain added on the Domain tab: the field starts empty again, the focus stays on its button @js-only", async ({ page }) => {
  const seller = await createLiveSeller();
  await signInWithSession(page, seller);
  await page.goto(mainUrl("/account?section=domain"));
  const add = page.getByRole("form", { name: "Connect a domain" });
  await add.getByLabel(/^Your domain/).fill(`${seller.subdomain}.example.test`);
  await add.getByRole("button", { name: "Add the domain" }).click();
  await expect(page.getByRole("heading", { name: `${seller.subdomain}.example.test` })).toBeVisible();
  await expect(add.getByLabel(/^Your domain/)).toHaveValue("");
  // Drawn again, the form would leave the focus nowhere: a keyboard's next Tab from the page's top.
  await expect(add.getByRole("button", { name: "Add the domain" })).toBeFocused();
});
