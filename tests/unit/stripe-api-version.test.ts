import { readFileSync } from "node:fs";
import Stripe from "stripe";
import { describe, expect, it } from "vitest";

// Event payloads follow the webhook endpoint's API version: the README must tell operators
// to create it with the version the installed SDK pins (and fail after an SDK upgrade).
describe("README: webhook endpoint API version", () => {
  it("names the API version the Stripe SDK pins", () => {
    const pinned = (Stripe as unknown as { API_VERSION: string }).API_VERSION;
    expect(pinned).toMatch(/^\d{4}-\d{2}-\d{2}/);
    const readme = readFileSync("README.md", "utf8");
    expect(readme).toContain(`-d api_version=${pinned} `);
    expect(readme).toContain(`the Stripe SDK pins, \`${pinned}\``);
  });
});
