import { test as base, expect } from "@playwright/test";

export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const mainUrl = (path = "/") => `http://localhost:${PORT}${path}`;
export const shopUrl = (subdomain: string, path = "/") => `http://${subdomain}.localhost:${PORT}${path}`;

/** `javaScriptEnabled` tells a test which of the two projects it runs in. */
export const test = base.extend<{ jsEnabled: boolean }>({
  jsEnabled: async ({ javaScriptEnabled }, use) => use(javaScriptEnabled ?? true),
});
export { expect };
