import { createTestUser, lastMailTo } from "./db";
import { expect, logIn, mainUrl, shopUrl, test } from "./fixtures";

test.describe("login and logout", () => {
  test("through the header dialog @js-only", async ({ page }) => {
    const user = await createTestUser({ firstName: "Dora" });
    await page.goto(mainUrl("/pricing"));
    await page.getByRole("link", { name: "Login" }).click();
    const dialog = page.getByRole("dialog", { name: "Log in" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Email").fill("not-an-email");
    await dialog.getByLabel("Password").click();
    await expect(dialog.getByText("Enter a valid email address")).toBeVisible();

    await dialog.getByLabel("Email").fill(user.email);
    await dialog.getByLabel("Password").fill("wrong-password");
    await dialog.getByRole("button", { name: "Login" }).click();
    await expect(page.getByText("Login failed. Please check your credentials.").first()).toBeVisible();
    await expect(dialog.getByLabel("Email")).toHaveValue(user.email);

    await dialog.getByLabel("Password").fill(user.password);
    await dialog.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(mainUrl("/dashboard"));
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Welcome back!")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Welcome, Dora!" })).toBeVisible();

    await page.getByTestId("account-menu-name").click();
    await expect(page.getByText(user.email).first()).toBeVisible();
    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(mainUrl("/"));
    await expect(page.getByText("You have been logged out")).toBeVisible();
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
  });

  test("cancelling the dialog resets it @js-only", async ({ page }) => {
    await page.goto(mainUrl("/"));
    await page.getByRole("link", { name: "Login" }).click();
    const dialog = page.getByRole("dialog", { name: "Log in" });
    await dialog.getByLabel("Email").fill("someone@example.com");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("link", { name: "Login" }).click();
    await expect(dialog.getByLabel("Email")).toHaveValue("");
  });

  test("the header dialog also logs in when opened on the /login page @js-only", async ({ page }) => {
    const user = await createTestUser({ firstName: "Lena" });
    await page.goto(mainUrl("/login"));
    await page.getByRole("banner").getByRole("link", { name: "Login" }).click();
    const dialog = page.getByRole("dialog", { name: "Log in" });
    await expect(dialog).toBeVisible();
    // Two login forms on one page: their ids must not collide.
    const formIds = await page.locator("form:has(input[name=password])").evaluateAll((forms) => forms.map((f) => f.id));
    expect(formIds).toHaveLength(2);
    expect(new Set(formIds).size).toBe(2);
    await dialog.getByLabel("Email").fill(user.email);
    await dialog.getByLabel("Password").fill(user.password);
    await dialog.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(mainUrl("/dashboard"));
    await expect(page.getByRole("heading", { name: "Welcome, Lena!" })).toBeVisible();
  });

  test("toasts speak French: region and close button labels, Alt+T still focuses them @js-only", async ({ page }) => {
    const user = await createTestUser({ firstName: "Flore", language: "fr" });
    await page.goto(mainUrl("/login?lng=fr"));
    await page.getByLabel("E-mail").fill(user.email);
    await page.getByLabel("Mot de passe").fill(user.password);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(page).toHaveURL(mainUrl("/dashboard"));
    const region = page.getByRole("region", { name: "Notifications, raccourci Alt+T" });
    await expect(region.getByText("Bon retour !")).toBeVisible();
    await expect(region.getByRole("button", { name: "Fermer la notification" })).toBeVisible();
    await page.keyboard.press("Alt+KeyT");
    await expect(region.locator("ol")).toBeFocused();
  });

  test("through the /login page, back to where the user was @nojs-only", async ({ page }) => {
    const user = await createTestUser({ firstName: "Nora" });
    await page.goto(mainUrl("/pricing"));
    await page.getByRole("link", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpricing/);
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill("wrong-password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert").getByText("Login failed. Please check your credentials.")).toBeVisible();
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(mainUrl("/pricing"));
    await expect(page.getByText("Welcome back!")).toBeVisible();

    await page.getByTestId("account-menu-name").first().click();
    await page.getByRole("button", { name: "Logout" }).first().click();
    await expect(page).toHaveURL(mainUrl("/"));
    await expect(page.getByText("You have been logged out")).toBeVisible();
  });

  test("stays on the site when the redirect target turns into //host once dot segments are removed", async ({ page }) => {
    test.slow();
    const user = await createTestUser({ firstName: "Rita" });
    await page.goto(mainUrl("/login?redirectTo=/.//evil.example/phish"));
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Login" }).click();
    // A password check can take seconds on a busy machine.
    await expect(page).toHaveURL(mainUrl("/dashboard"), { timeout: 20_000 });
    // Signed in, the login page redirects at once: a double-encoded dot is no way out either.
    await page.goto(mainUrl("/login?redirectTo=/%252e//evil.example"));
    await expect(page).toHaveURL(mainUrl("/dashboard"));
  });

  // Shoppers have no account (they reach their orders with a mailed code) and sellers log in
  // on the main site: the shop header offers Orders, not Login; /login still works there.
  test("on a shop, the header offers the shopper's orders instead of a login", async ({ page }) => {
    const user = await createTestUser({ firstName: "Sam" });
    await page.goto(shopUrl("demo", "/products"));
    await expect(page.getByRole("link", { name: "Login" })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Shop navigation" }).getByRole("link", { name: "Orders" })).toBeVisible();
    await page.goto(shopUrl("demo", "/login?redirectTo=/products"));
    await page.getByLabel("Email").fill(user.email);
    await page.getByLabel("Password").fill(user.password);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(shopUrl("demo", "/products"));
    await expect(page.getByTestId("account-menu-name").first()).toHaveText("Sam");
  });
});

test.describe("account page", () => {
  test("profile edit and password change", async ({ page }) => {
    const user = await createTestUser({ firstName: "Pat", verified: true });
    await logIn(page, user);
    await page.goto(mainUrl("/account"));
    await expect(page.getByTestId("email-verified-badge")).toBeVisible();

    await page.getByRole("link", { name: "Edit profile" }).click();
    await page.getByLabel("First name").fill("Patricia");
    await page.getByLabel("Phone number").fill("+33 6 00 11 22 33");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Profile updated successfully")).toBeVisible();
    await expect(page.getByTestId("profile-view")).toContainText("Patricia Tester");
    await expect(page.getByTestId("profile-view")).toContainText("+33 6 00 11 22 33");

    await page.getByRole("link", { name: "Change password" }).click();
    await page.getByLabel(/^New password/).fill("weak");
    await page.getByLabel("Confirm new password").fill("weak");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Password must contain at least one uppercase letter")).toBeVisible();
    await page.getByLabel(/^New password/).fill("Stronger123!");
    await page.getByLabel("Confirm new password").fill("Stronger123!");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Password changed successfully")).toBeVisible();
  });

  test("the password checklist follows typing, and Cancel resets the sub-form @js-only", async ({ page }) => {
    const user = await createTestUser();
    await logIn(page, user);
    await page.goto(mainUrl("/account?section=profile&edit=password"));
    const checklist = page.getByRole("list", { name: "Password requirements" });
    await expect(checklist.locator('[data-ok="true"]')).toHaveCount(0);
    await page.getByLabel(/^New password/).pressSequentially("Abc1");
    await expect(checklist.locator('[data-ok="true"]')).toHaveCount(3);
    await page.getByLabel(/^New password/).pressSequentially("!xyz");
    await expect(checklist.locator('[data-ok="true"]')).toHaveCount(5);
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.getByRole("link", { name: "Change password" }).click();
    await expect(page.getByLabel(/^New password/)).toHaveValue("");
  });
});

/** What the spec's signed-out screens say, and the login's labels, per language. */
const SIGNED_OUT = {
  en: { message: "You must be logged in to view this page", login: "Login", email: "Email", password: "Password", submit: "Login" },
  fr: {
    message: "Vous devez être connecté pour voir cette page",
    login: "Connexion",
    email: "E-mail",
    password: "Mot de passe",
    submit: "Se connecter",
  },
};

test.describe("signed-out visitors on the spec's screens", () => {
  for (const [language, text] of Object.entries(SIGNED_OUT)) {
    for (const path of ["/account?section=profile", "/shop/customization"]) {
      test(`${path} tells a visitor to log in, and the login comes back to it (${language})`, async ({ page, jsEnabled }) => {
        const user = await createTestUser({ firstName: "Vera" });
        await page.goto(mainUrl(`${path}${path.includes("?") ? "&" : "?"}lng=${language}`));
        await expect(page).toHaveURL(mainUrl(path));
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        // In the main site's layout, at the page's own address.
        await expect(page.getByRole("banner")).toBeVisible();
        const panel = page.getByTestId("signed-out");
        await expect(panel.getByText(text.message)).toBeVisible();
        await panel.getByRole("link", { name: text.login }).click();
        // With JavaScript the login dialog opens over the page; without, the login page.
        if (!jsEnabled) await expect(page).toHaveURL(mainUrl(`/login?redirectTo=${encodeURIComponent(path)}`));
        const form = jsEnabled ? page.getByRole("dialog") : page.locator("#main");
        await form.getByLabel(text.email).fill(user.email);
        await form.getByLabel(text.password).fill(user.password);
        await form.getByRole("button", { name: text.submit }).click();
        // Password hashing is deliberately slow: give a busy machine time.
        await expect(page).toHaveURL(mainUrl(path), { timeout: 20_000 });
        await expect(page.getByTestId("signed-out")).toHaveCount(0);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      });
    }

    test(`/dashboard sends a visitor to the landing page (${language})`, async ({ page }) => {
      await page.goto(mainUrl(`/pricing?lng=${language}`));
      await page.goto(mainUrl("/dashboard"));
      await expect(page).toHaveURL(mainUrl("/"));
      await expect(page.locator("html")).toHaveAttribute("lang", language);
    });
  }

  test("a form posted after the session ended shows the message, not an error", async ({ page }) => {
    const user = await createTestUser({ firstName: "Vera" });
    await logIn(page, user);
    await page.goto(mainUrl("/account?section=profile&edit=profile"));
    await page.context().clearCookies({ name: "sid" });
    await page.getByLabel("First name").fill("Gone");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("signed-out").getByText(SIGNED_OUT.en.message)).toBeVisible();
  });
});

test.describe("email verification", () => {
  test("the resend button waits out its cooldown, across a reload @js-only", async ({ page }) => {
    const user = await createTestUser();
    await logIn(page, user);
    await page.goto(mainUrl("/account"));
    await page.getByRole("button", { name: "Resend verification email" }).click();
    await expect(page.getByText("Verification email sent! Please check your inbox and spam folder.").first()).toBeVisible();
    await expect(page.getByRole("button", { name: /Resend in \d+s/ })).toBeDisabled();
    await page.reload();
    await expect(page.getByRole("button", { name: /Resend in \d+s/ })).toBeDisabled();
  });

  test("resend the mail and follow its link", async ({ page, jsEnabled }) => {
    const user = await createTestUser();
    await logIn(page, user);
    await page.goto(mainUrl("/account"));
    await page.getByRole("button", { name: "Resend verification email" }).click();
    await expect(page.getByText("Verification email sent! Please check your inbox and spam folder.").first()).toBeVisible();
    const mail = await lastMailTo(user.email);
    expect(mail?.subject).toBe("Confirm your email address");
    const link = /http:\/\/localhost:\d+\/verify-email\/[\w-]+/.exec(mail!.text)![0];
    await page.goto(link);
    if (!jsEnabled) await page.getByRole("button", { name: "Verify my email" }).click();
    await expect(page.getByTestId("verify-success")).toContainText("Email verified successfully!");
    await expect(page.getByRole("link", { name: "Go to homepage" })).toBeVisible();
    await page.goto(mainUrl("/account"));
    await expect(page.getByTestId("email-verified-badge")).toBeVisible();

    await page.goto(link);
    if (!jsEnabled) await page.getByRole("button", { name: "Verify my email" }).click();
    await expect(page.getByTestId("verify-error")).toContainText("This verification link is invalid or has expired.");
    await expect(page.getByRole("link", { name: "Contact support" })).toHaveAttribute("href", "/contact");
  });
});
