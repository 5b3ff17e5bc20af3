import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { createLiveSeller } from "./db";
import { expect, logIn, mainUrl, PORT, shopUrl, test } from "./fixtures";

async function register(page: Page) {
  const id = crypto.randomUUID().slice(0, 8);
  const subdomain = `e2e-${id}`;
  const email = `seller-${id}@example.test`;
  await page.goto(mainUrl("/register"));
  await expect(page.getByTestId("step-counter")).toHaveText("Step 1 of 3");
  await expect(page.getByRole("button", { name: "Previous" })).toBeDisabled();
  await page.getByLabel("Business name").fill("E2E Boutique");
  await page.getByLabel(/Shop address/).fill("-bad");
  await page.getByLabel("Business type").selectOption("company");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("Subdomain cannot start or end with a hyphen")).toBeVisible();
  await page.getByLabel(/Shop address/).fill(subdomain);
  await page.getByLabel(/Business description/).fill("Handmade jewels");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("step-counter")).toHaveText("Step 2 of 3");
  await expect(page.getByText("Step 1 completed")).toBeVisible();

  // The country comes first (France by default): it decides the identification number asked.
  await expect(page.getByLabel("Business country")).toHaveValue("FR");
  await page.getByLabel(/^SIRET/).fill("123");
  await page.getByLabel("Contact email").fill(email);
  await page.getByLabel("Contact phone").fill("0612345678");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("SIRET must be exactly 14 digits")).toBeVisible();
  await page.getByLabel(/^SIRET/).fill("12345678901234");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("step-counter")).toHaveText("Step 3 of 3");

  // Previous keeps what was entered, submitted or not, on every step.
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("First name").fill("Eve");
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByTestId("step-counter")).toHaveText("Step 2 of 3");
  await expect(page.getByLabel(/^SIRET/)).toHaveValue("12345678901234");
  await page.getByLabel("Contact phone").fill("0699999999");
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByTestId("step-counter")).toHaveText("Step 1 of 3");
  await expect(page.getByLabel("Business name")).toHaveValue("E2E Boutique");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByTestId("step-counter")).toHaveText("Step 2 of 3");
  await expect(page.getByLabel("Contact phone")).toHaveValue("0699999999");
  // Enter submits the step (Next), it does not go back.
  await page.getByLabel("Contact phone").press("Enter");
  await expect(page.getByTestId("step-counter")).toHaveText("Step 3 of 3");
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await expect(page.getByLabel("First name")).toHaveValue("Eve");

  await page.getByLabel("Last name").fill("Seller");
  await page.getByRole("textbox", { name: "Password", exact: true }).fill("Seller123!");
  await page.getByLabel("Confirm password").fill("Seller123!");
  await page.getByRole("button", { name: "Create my shop" }).click();
  await expect(page).toHaveURL(mainUrl("/dashboard"));
  await expect(page.getByText("Registration completed! Welcome aboard.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Welcome, Eve!" })).toBeVisible();
  return { email, subdomain };
}

test.describe("seller registration", () => {
  test("the wizard previews the shop address and counts the description as they are typed @js-only", async ({ page }) => {
    const subdomain = `e2e-${crypto.randomUUID().slice(0, 8)}`;
    await page.goto(mainUrl("/register"));
    await page.getByLabel(/Shop address/).fill(subdomain);
    await expect(page.getByTestId("subdomain-preview")).toContainText(`${subdomain}.localhost:${PORT}`);
    await page.getByLabel(/Business description/).fill("Handmade jewels");
    await expect(page.getByTestId("description-counter")).toHaveText("15/500 characters");
  });

  test("the whole wizard creates a seller whose shop waits for onboarding", async ({ page }) => {
    const { subdomain } = await register(page);
    await expect(page.getByTestId("verification-badge")).toHaveText("Under review");
    await page.goto(mainUrl("/account?section=seller"));
    await expect(page.getByTestId("shop-url-pending")).toHaveText("Available after onboarding completion");
    // The wizard asked the business details: the next step is the payment account, not them again.
    await expect(page.getByTestId("onboarding-next")).toContainText("Connect payments");
    await page.goto(mainUrl("/account?section=shop"));
    await expect(page.getByTestId("customization-locked")).toContainText("Onboarding incomplete");
    // Going back to /register once logged in leads to the dashboard.
    await page.goto(mainUrl("/register"));
    await expect(page).toHaveURL(mainUrl("/dashboard"));
    // A shopper who already has the shop's address is told it opens soon, not that it does not exist.
    const response = await page.goto(shopUrl(subdomain, "/products"));
    expect(response?.status()).toBe(503);
    await expect(page).toHaveURL(shopUrl(subdomain, "/products"));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/ opens soon$/);
    await expect(page.getByText("This shop is getting ready and will open its doors shortly. Come back soon!")).toBeVisible();
  });

  test("a seller outside France registers: a company or tax number, optional for an individual", async ({ page }) => {
    const id = crypto.randomUUID().slice(0, 8);
    await page.goto(mainUrl("/register?lng=fr"));
    await page.getByLabel("Nom de l'entreprise").fill("Berliner Laden");
    await page.getByLabel(/Adresse de la boutique/).fill(`berlin-${id}`);
    await page.getByLabel("Type d'entreprise").selectOption("individual");
    await page.getByRole("button", { name: "Suivant" }).click();
    await expect(page.getByTestId("step-counter")).toHaveText("Étape 2 sur 3");
    await page.getByLabel("Pays de l'entreprise").selectOption("DE");
    await expect(page.getByLabel(/^SIRET/)).toHaveValue("");
    await page.getByLabel("E-mail de contact").fill(`berlin-${id}@example.test`);
    await page.getByLabel("Téléphone de contact").fill("+49 30 1234567");
    await page.getByRole("button", { name: "Suivant" }).click();
    await expect(page.getByTestId("step-counter")).toHaveText("Étape 3 sur 3");
  });

  test("the wizard resumes at the next step after a reload", async ({ page }) => {
    await page.goto(mainUrl("/register"));
    await page.getByLabel("Business name").fill("Resume Shop");
    await page.getByLabel(/Shop address/).fill(`resume-${crypto.randomUUID().slice(0, 6)}`);
    await page.getByLabel("Business type").selectOption("individual");
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByTestId("step-counter")).toHaveText("Step 2 of 3");
    await page.goto(mainUrl("/register"));
    await expect(page.getByTestId("step-counter")).toHaveText("Step 2 of 3");
    // Previous right after leaving an invalid field: one click is enough.
    await page.getByLabel("Contact email").fill("bad-email");
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(page.getByTestId("step-counter")).toHaveText("Step 1 of 3");
  });
});

test.describe("admin approval and onboarding", () => {
  test("an admin approves a seller in /admin/sellers", async ({ browser, jsEnabled }) => {
    test.slow(); // the whole wizard, then the admin's pages: on a shared machine it outlasts 30 s
    const sellerPage = await browser.newPage({ javaScriptEnabled: jsEnabled });
    const { email } = await register(sellerPage);
    await sellerPage.close();

    const adminPage = await browser.newPage({ javaScriptEnabled: jsEnabled });
    // Staff land on the seller review, and the header links to it from anywhere.
    await adminPage.goto(mainUrl("/login"));
    await adminPage.getByLabel("Email").fill("admin@example.com");
    await adminPage.getByLabel("Password").fill("Admin1234!");
    await adminPage.getByRole("button", { name: "Login" }).click();
    await expect(adminPage).toHaveURL(mainUrl("/admin/sellers"));
    await adminPage.goto(mainUrl("/pricing"));
    await adminPage.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Seller review" }).click();
    await expect(adminPage).toHaveURL(mainUrl("/admin/sellers"));
    const card = adminPage.locator(`[data-testid="admin-seller"][data-email="${email}"]`);
    await expect(card).toContainText("Under review");
    await card.getByRole("button", { name: "Approve" }).click();
    await expect(adminPage.getByText("Seller approved")).toBeVisible();
    await adminPage.goto(mainUrl("/admin/sellers?status=verified"));
    await expect(adminPage.locator(`[data-testid="admin-seller"][data-email="${email}"]`)).toContainText("Verified");
    await adminPage.close();
  });

  test("a seller sees the confetti once when onboarding is complete, in any browser @js-only", async ({ page, browser }) => {
    const seller = await createLiveSeller();
    await logIn(page, seller);
    await expect(page.getByTestId("shop-live-card")).toContainText(`${seller.subdomain}.localhost:${PORT}`);
    await expect(page.locator("canvas")).toHaveCount(1, { timeout: 3000 });
    await expect(page.getByTestId("onboarding-card")).toHaveCount(0, { timeout: 6000 });
    // Remembered by the server: neither a reload nor a new browser (no shared storage) replays it.
    await page.reload();
    await expect(page.getByTestId("onboarding-card")).toHaveCount(0);
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await logIn(otherPage, seller);
    await otherPage.waitForSelector("html[data-hydrated]", { state: "attached" });
    // The page opens already celebrated (card hidden from the first render), the state in
    // which the confetti is never scheduled.
    await expect(otherPage.getByTestId("onboarding-card")).toHaveCount(0);
    await expect(otherPage.locator("canvas")).toHaveCount(0);
    await expect(page.locator("canvas")).toHaveCount(0);
    await other.close();
  });

  test("copying the shop URL shows Copied! for 2 s @js-only", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const seller = await createLiveSeller();
    await logIn(page, seller);
    await page.getByRole("button", { name: "Copy URL" }).click();
    await expect(page.getByRole("button", { name: "Copied!" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`http://${seller.subdomain}.localhost:${PORT}`);
    await expect(page.getByRole("button", { name: "Copy URL" })).toBeVisible({ timeout: 3000 });
  });
});

test.describe("shop customization", () => {
  test("the customization preview shows the shop name as it is typed @js-only", async ({ page }) => {
    const seller = await createLiveSeller();
    await logIn(page, seller);
    await page.goto(mainUrl("/account?section=shop"));
    await page.getByLabel("Shop name").fill("Sunny Corner");
    await expect(page.getByTestId("preview-shop-name")).toHaveText("Sunny Corner");
  });

  test("the customization changes the live shop", async ({ page }) => {
    const seller = await createLiveSeller();
    await logIn(page, seller);
    await page.goto(mainUrl("/account?section=shop"));
    await page.getByLabel("Shop name").fill("Sunny Corner");
    await page.getByRole("textbox", { name: "Primary colour", exact: true }).fill("#0a7d4f");
    // The minimum may stay empty (the default of €10 applies): not marked required.
    await expect(page.getByLabel("Minimum order amount (€)")).not.toHaveAttribute("required");
    await expect(
      page.locator('label[for="' + (await page.getByLabel("Minimum order amount (€)").getAttribute("id")) + '"]'),
    ).not.toContainText("*");
    await page.getByLabel("Minimum order amount (€)").fill("3");
    await page
      .getByLabel("Custom CSS")
      .fill('[data-testid="shop-name"] { letter-spacing: 3px } .shop-title-extra { color: red } @import url(https://evil.example/x.css);');
    await page.getByRole("button", { name: "Save customization" }).click();
    await expect(page.getByText("Minimum order amount must be at least €5")).toBeVisible();
    await page.getByLabel("Minimum order amount (€)").fill("15");
    await page.getByLabel("Custom CSS").fill("h1 { text-transform: uppercase } @import url(https://evil.example/x.css);");
    await page.getByRole("button", { name: "Save customization" }).click();
    await expect(page.getByText("Shop customization updated successfully")).toBeVisible();

    await page.goto(shopUrl(seller.subdomain, "/products"));
    await expect(page.getByTestId("shop-name")).toHaveText("Sunny Corner");
    await expect(page).toHaveTitle("Sunny Corner - Live Shopping");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCSS("text-transform", "uppercase");
    const css = await page.getByTestId("shop-custom-css").innerHTML();
    expect(css).not.toContain("evil");
  });

  test("after saving, the form shows what was stored, not what was typed @js-only", async ({ page }) => {
    const seller = await createLiveSeller();
    await logIn(page, seller);
    await page.goto(mainUrl("/account?section=shop"));
    // A logo refused in the browser leaves an error next to the field...
    await page
      .getByLabel("Logo", { exact: true })
      .setInputFiles({ name: "big.png", mimeType: "image/png", buffer: Buffer.alloc(3 * 1024 * 1024) });
    await expect(page.getByText("Logo file must be less than 2MB")).toBeVisible();
    await page.getByLabel("Custom CSS").fill("@import url(https://evil.com/x.css); h2 { color: blue }");
    const primary = page.getByRole("textbox", { name: "Primary colour", exact: true });
    await primary.fill("RGB( 1 , 2 , 3 )");
    await page.getByRole("button", { name: "Save customization" }).click();
    await expect(page.getByText("Shop customization updated successfully")).toBeVisible();
    // ...and the saved form shows the stored, sanitised values, without the stale error.
    await expect(primary).toHaveValue("rgb(1, 2, 3)");
    await expect(page.getByLabel("Custom CSS")).not.toHaveValue(/@import|evil/);
    await expect(page.getByLabel("Custom CSS")).toHaveValue(/\.shop-custom-css h2/);
    await expect(page.getByText("Logo file must be less than 2MB")).toHaveCount(0);
  });

  test("a logo the server refuses leaves neither a broken preview nor the file behind @js-only", async ({ page }) => {
    const seller = await createLiveSeller();
    await logIn(page, seller);
    await page.goto(mainUrl("/account?section=shop"));
    // Named and typed like a PNG, so only the server's content check can refuse it.
    await page
      .getByLabel("Logo", { exact: true })
      .setInputFiles({ name: "fake.png", mimeType: "image/png", buffer: Buffer.from("just some notes, not a picture") });
    await expect(page.getByTestId("logo-preview")).toHaveCount(1);
    await page.getByRole("button", { name: "Save customization" }).click();
    await expect(page.getByText("The logo must be an image (PNG, JPEG, GIF or WebP).")).toBeVisible();
    await expect(page.getByTestId("logo-preview")).toHaveCount(0);
    await expect(page.getByLabel("Logo", { exact: true })).toHaveValue("");
  });

  test("the preview is the live checkout, in the colours the shop will wear @js-only", async ({ page }) => {
    const seller = await createLiveSeller();
    await logIn(page, seller);
    await page.goto(mainUrl("/account?section=shop"));
    const preview = page.getByTestId("customization-preview");
    const continueButton = preview.locator('button[type="submit"]');
    const currentStep = preview.locator('[data-state="current"] > span').first();
    // Untouched colours: the spec's checkout defaults.
    await expect(continueButton).toHaveText("Continue to payment");
    await expect(continueButton).toHaveCSS("background-color", "rgb(0, 123, 255)");
    await expect(currentStep).toHaveCSS("background-color", "rgb(59, 130, 246)");
    await page.getByRole("textbox", { name: "Primary colour", exact: true }).fill("#0a7d4f");
    await page.getByRole("textbox", { name: "Secondary colour", exact: true }).fill("#7c3aed");
    await expect(continueButton).toHaveCSS("background-color", "rgb(10, 125, 79)");
    await expect(currentStep).toHaveCSS("background-color", "rgb(124, 58, 237)");
    await page.getByRole("button", { name: "Payment", exact: true }).click();
    await expect(preview.locator('button[type="submit"]')).toContainText("Pay");
    await page.getByRole("button", { name: "Save customization" }).click();
    await expect(page.getByText("Shop customization updated successfully")).toBeVisible();

    await page.goto(shopUrl(seller.subdomain, "/"));
    await expect(page.getByRole("button", { name: "Continue to payment" })).toHaveCSS("background-color", "rgb(10, 125, 79)");
    await expect(page.locator('[data-state="current"] > span').first()).toHaveCSS("background-color", "rgb(124, 58, 237)");
  });
});
