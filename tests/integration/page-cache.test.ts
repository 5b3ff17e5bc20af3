// The shop pages every anonymous shopper gets alike (app/middleware/page-cache.server.ts):
// rendered once per node, each response with its own tokens, fresh after a seller's change.
import { describe, expect, it } from "vitest";
import { sql, TestClient } from "./app";

const SHOP = "demo.localhost:3000";

async function page(client: TestClient, path: string) {
  const response = await client.request(path);
  const html = await response.text();
  return { response, html };
}

function tokensOf(response: Response, html: string) {
  return {
    nonce: /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1],
    scriptNonces: new Set([...html.matchAll(/<script[^>]* nonce="([^"]+)"/g)].map((m) => m[1])),
    requestIdMeta: /<meta name="request-id" content="([^"]+)"/.exec(html)?.[1],
    requestId: response.headers.get("X-Request-Id"),
  };
}

async function renameDemoProduct(name: string) {
  await sql("UPDATE products SET name = ? WHERE id = 1", name);
}

describe("the page cache of shop pages", () => {
  it("gives each anonymous shopper the page with their own CSRF token, nonce and request id", async () => {
    const first = new TestClient(SHOP);
    const second = new TestClient(SHOP);
    const a = await page(first, "/products");
    const b = await page(second, "/products");
    expect(a.response.status).toBe(200);
    expect(b.response.status).toBe(200);

    const tokenA = first.cookies.get("csrftoken")!;
    const tokenB = second.cookies.get("csrftoken")!;
    expect(tokenA).not.toBe(tokenB);
    expect(a.html).toContain(tokenA);
    expect(b.html).toContain(tokenB);
    expect(b.html).not.toContain(tokenA);

    for (const { response, html } of [a, b]) {
      const tokens = tokensOf(response, html);
      expect(tokens.nonce).toBeTruthy();
      expect([...tokens.scriptNonces]).toEqual([tokens.nonce]);
      expect(tokens.requestIdMeta).toBe(tokens.requestId);
    }
    expect(tokensOf(a.response, a.html).nonce).not.toBe(tokensOf(b.response, b.html).nonce);
    // Apart from its tokens, the second page is the first one.
    const strip = (html: string, response: Response, token: string) => {
      const { nonce, requestId } = tokensOf(response, html);
      return html.replaceAll(nonce!, "NONCE").replaceAll(requestId!, "ID").replaceAll(token, "CSRF");
    };
    expect(strip(b.html, b.response, tokenB)).toBe(strip(a.html, a.response, tokenA));
  });

  it("answers React Router's data requests for the same paths with data, never with a cached page", async () => {
    const shopper = new TestClient(SHOP);
    expect((await page(shopper, "/products")).html).toMatch(/^<!DOCTYPE html>/);
    for (const path of ["/products.data", "/products.data?category=beauty", "/_root.data?product_id=1"]) {
      const { response, html } = await page(shopper, path);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).not.toContain("text/html");
      expect(html).not.toContain("<!DOCTYPE html>");
    }
  });

  it("keeps serving its render until the shop's content changes through the app, then renders the change", async () => {
    const seller = new TestClient();
    await seller.json("/api/v1/account/auth/login/", { json: { email: "demo@example.com", password: "Demo1234!" } });
    const shopper = new TestClient(SHOP);
    const before = await page(shopper, "/?product_id=1");
    expect(before.html).toContain("Silk Scarf Aurora");

    // A write behind the app's back (no content version bump) is not seen: the page is cached.
    await renameDemoProduct("Renamed Behind The Back");
    expect((await page(new TestClient(SHOP), "/?product_id=1")).html).toContain("Silk Scarf Aurora");

    // The seller's own change through the app reaches the next shopper at once.
    const saved = await seller.json("/api/v1/shop/products/1/", { method: "PATCH", json: { name: "Silk Scarf Boreal" } });
    expect(saved.status).toBe(200);
    const after = await page(new TestClient(SHOP), "/?product_id=1");
    expect(after.html).toContain("Silk Scarf Boreal");
    expect(after.html).not.toContain("Silk Scarf Aurora");
  });

  it("renders the page for a shopper with a session or an order of their own, never from the cache", async () => {
    const demo = new TestClient(SHOP);
    expect((await page(demo, "/products")).html).not.toContain("Cached Only For Anonymous");
    await renameDemoProduct("Cached Only For Anonymous");
    // Anonymous: the cached render (see above); signed in: rendered now.
    expect((await page(new TestClient(SHOP), "/products")).html).not.toContain("Cached Only For Anonymous");
    const signedIn = new TestClient(SHOP);
    signedIn.cookies.set("sid", "a-session-token");
    expect((await page(signedIn, "/products")).html).toContain("Cached Only For Anonymous");
  });
});
