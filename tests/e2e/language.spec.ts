import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, startServerJs, type ServerProcess } from "../integration/server-process";
import { createTestUser } from "./db";
import { expect, mainUrl, test } from "./fixtures";

// `localhost` cannot share cookies with its subdomains (browsers keep them host-only), so
// this spec reaches a server whose platform domain (ROOT_DOMAIN) is a real two-label domain,
// resolved to this machine: the suite's own server serves its own domain only. It runs on a
// port the system gives and a database of its own, with the demo shop.
const domain = "livecart.test";
let server: ServerProcess | undefined;
let dataDir: string | undefined;
const main = (pathname: string) => `http://${domain}:${server!.port}${pathname}`;
const shop = (pathname: string) => `http://demo.${domain}:${server!.port}${pathname}`;

test.use({
  launchOptions: {
    executablePath:
      process.env.PLAYWRIGHT_CHROMIUM_PATH ?? ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p)),
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      `--host-resolver-rules=MAP ${domain} 127.0.0.1, MAP *.${domain} 127.0.0.1`,
    ],
  },
});

test.describe("the language choice across the platform's hosts", () => {
  // Starting a server (migrations, the demo data's password hashes) takes a while on a busy machine.
  test.describe.configure({ timeout: 120_000 });

  test.beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "livecart-e2e-domain-"));
    const port = await freePort();
    server = await startServerJs({
      PORT: String(port),
      ROOT_DOMAIN: `${domain}:${port}`,
      DATABASE_URL: `file:${path.join(dataDir, "app.db")}`,
      UPLOAD_DIR: path.join(dataDir, "uploads"),
      SESSION_SECRET: "e2e-domain-secret-e2e-domain-secret-e2e",
      SEED_DEMO: "1",
      LOG_LEVEL: "warn",
    });
  });

  test.afterAll(async () => {
    server?.process.kill();
    await server?.exited;
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("French chosen on the main site is French on a shop, and English chosen there is English back on the main site", async ({
    page,
  }) => {
    await page.goto(main("/about"));
    await page.getByLabel("Language").click();
    await page.getByRole("link", { name: "Français" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");

    await page.goto(shop("/products"));
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("link", { name: "Commandes" }).first()).toBeVisible();

    await page.getByLabel("Langue").first().click();
    await page.getByRole("link", { name: "English" }).first().click();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await page.goto(main("/pricing"));
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pay only when you sell");
  });
});

test("logging in keeps the language the page is in, whatever the account's saved language", async ({ page }) => {
  const user = await createTestUser({ firstName: "Hugo", language: "fr" });
  await page.goto(mainUrl("/login?lng=en"));
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Login" }).click();
  // Password hashing is deliberately slow: give a busy machine time.
  await expect(page).toHaveURL(mainUrl("/dashboard"), { timeout: 20_000 });
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByText("Welcome back!")).toBeVisible();
});
