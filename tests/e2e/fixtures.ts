import crypto from "node:crypto";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { E2E_PORT } from "./environment";

export const PORT = E2E_PORT;
export const mainUrl = (path = "/") => `http://localhost:${PORT}${path}`;
export const shopUrl = (subdomain: string, path = "/") => `http://${subdomain}.localhost:${PORT}${path}`;

/**
 * `javaScriptEnabled` tells a test which of the two projects it runs in. With JavaScript,
 * navigations wait until React has hydrated, so clicks reach the enhanced behaviour.
 */
export const test = base.extend<{ jsEnabled: boolean }>({
  jsEnabled: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled ?? true),
  page: async ({ page, javaScriptEnabled }, use) => {
    // Each test is its own client address (the e2e server trusts one proxy hop), as real
    // visitors are: the per-address limits on logins and registrations then apply per test
    // instead of adding up over the whole suite, which all runs from 127.0.0.1.
    await page.context().setExtraHTTPHeaders({ "X-Forwarded-For": testClientAddress() });
    if (javaScriptEnabled !== false) {
      const hydrated = () => page.waitForSelector("html[data-hydrated]", { state: "attached" });
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (...args) => {
        const response = await goto(...args);
        await hydrated();
        return response;
      };
      page.reload = async (...args) => {
        const response = await reload(...args);
        await hydrated();
        return response;
      };
    }
    await use(page);
  },
});
export { expect };

/** An address from the documentation range 198.18.0.0/15 (benchmarking), random per test. */
function testClientAddress(): string {
  const n = crypto.randomInt(0, 2 ** 17);
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

/** Who a shopper is on the checkout's shipping form; the address defaults to one in Lyon. */
export type ShopperDetails = { name: string; email: string; address?: string; city?: string; zip?: string; country?: string };

/**
 * Types a shopper's details into the checkout's shipping form (`scope`: the page, or the form
 * where the page has another with the same labels). A catalogue purchase's reference and
 * total, or a live's handle, are the caller's.
 */
export async function fillShopperDetails(scope: Page | Locator, shopper: ShopperDetails) {
  await scope.getByLabel(/^Full name/).fill(shopper.name);
  await scope.getByLabel(/^Email/).fill(shopper.email);
  await scope.getByLabel(/^Phone/).fill("0611223344");
  await scope.getByLabel(/^Address/).fill(shopper.address ?? "3 place Bellecour");
  await scope.getByLabel(/^City/).fill(shopper.city ?? "Lyon");
  await scope.getByLabel(/^ZIP code/).fill(shopper.zip ?? "69002");
  await scope.getByLabel(/^Country/).selectOption(shopper.country ?? "FR");
}

/** Logs in through the /login page and lands on the dashboard. */
export async function logIn(page: Page, user: { email: string; password: string }) {
  await page.goto(mainUrl("/login"));
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Login" }).click();
  await expect(page).toHaveURL(mainUrl("/dashboard"));
}
