import { createLiveSeller, signInWithSession } from "./db";
import { expect, mainUrl, shopUrl, test } from "./fixtures";

test.describe("shop palette and readable colours", () => {
  test("the customization form warns live, as the text colour is typed @js-only", async ({ page }) => {
    const seller = await createLiveSeller();
    await signInWithSession(page, seller);
    await page.goto(mainUrl("/account?section=shop"));
    const warning = page.getByTestId("contrast-warning");
    await expect(warning).toHaveCount(0);
    await page.getByRole("textbox", { name: "Text colour", exact: true }).fill("#bbbbbb");
    // The warning follows the typing, before any save; it lives in a polite live region.
    await expect(warning).toContainText("The text colour on the background colour has a contrast of 1.91:1");
    await page.getByRole("textbox", { name: "Text colour", exact: true }).fill("#111111");
    await expect(warning).toHaveCount(0);
  });

  test("the customization form warns when the text colour does not read, after saving", async ({ page }) => {
    const seller = await createLiveSeller();
    await signInWithSession(page, seller);
    await page.goto(mainUrl("/account?section=shop"));
    await expect(page.getByTestId("contrast-warning")).toHaveCount(0);
    await page.getByRole("textbox", { name: "Text colour", exact: true }).fill("#bbbbbb");
    const warning = page.getByTestId("contrast-warning");
    await page.getByRole("button", { name: "Save customization" }).click();
    await expect(page.getByText("Shop customization updated successfully")).toBeVisible();
    await expect(warning).toContainText("Some of your colours are hard to read");
    await expect(warning).toContainText("contrast of 1.91:1; text needs at least 4.5:1");

    await page.getByRole("textbox", { name: "Text colour", exact: true }).fill("#111111");
    // Neither the first save's toast (it may still show) nor the warning (it follows the typing)
    // tells that the second save is done: its own answer does.
    const secondSave = page.waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/account"),
    );
    await page.getByRole("button", { name: "Save customization" }).click();
    expect((await secondSave).status()).toBeLessThan(400);
    await expect(warning).toHaveCount(0);
    // Saved: the page as it comes back has the readable colour and no warning.
    await page.reload();
    await expect(page.getByRole("textbox", { name: "Text colour", exact: true })).toHaveValue("#111111");
    await expect(warning).toHaveCount(0);
  });

  test("the warning is translated", async ({ page }) => {
    const seller = await createLiveSeller();
    await signInWithSession(page, seller);
    await page.goto(mainUrl("/account?section=shop&lng=fr"));
    await page.getByRole("textbox", { name: "Couleur du texte", exact: true }).fill("#bbbbbb");
    await page.getByRole("button", { name: "Enregistrer la personnalisation" }).click();
    await expect(page.getByTestId("contrast-warning")).toContainText("un contraste de 1,91:1");
  });

  test("a branded shop's platform controls, chips and checkout wear its colours, with text that reads on them", async ({ page }) => {
    const seller = await createLiveSeller();
    await signInWithSession(page, seller);
    await page.goto(mainUrl("/account?section=shop"));
    // A light primary: white text would not read on it, black does.
    await page.getByRole("textbox", { name: "Primary colour", exact: true }).fill("#ffeb3b");
    await page.getByRole("button", { name: "Save customization" }).click();
    await expect(page.getByText("Shop customization updated successfully")).toBeVisible();

    await page.context().clearCookies();
    await page.goto(shopUrl(seller.subdomain, "/products"));
    const allCategories = page.getByRole("navigation", { name: "Categories" }).getByRole("link").first();
    await expect(allCategories).toHaveCSS("background-color", "rgb(255, 235, 59)");
    await expect(allCategories).toHaveCSS("color", "rgb(0, 0, 0)");

    // The platform's own controls on a shop (the shopper's order access here) wear the shop's palette.
    await page.goto(shopUrl(seller.subdomain, "/orders/access"));
    const sendCode = page.getByRole("button", { name: "Email me a code" });
    await expect(sendCode).toHaveCSS("background-color", "rgb(255, 235, 59)");
    await expect(sendCode).toHaveCSS("color", "rgb(0, 0, 0)");

    await page.goto(shopUrl(seller.subdomain, "/"));
    const next = page.getByRole("button", { name: "Continue to payment" });
    await expect(next).toHaveCSS("background-color", "rgb(255, 235, 59)");
    await expect(next).toHaveCSS("color", "rgb(0, 0, 0)");
  });
});
