// The shop pages every anonymous shopper gets alike (app/middleware/page-cache.server.ts):
// the same bytes for everyone, kept by the node and revalidated by a CDN, fresh after a
// seller's change.
import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { shippingFields, sql, TestClient } from "./app";

const SHOP = "demo.localhost:3000";

async function page(client: TestClient, path: string, headers: Record<string, string> = {}) {
  const response = await client.request(path, { headers });
  const html = await response.text();
  return { response, html };
}

async function renameDemoProduct(name: string) {
  await sql("UPDATE products SET name = ? WHERE id = 1", name);
}

/** The sha256 sources of a page's inline scripts, computed here independently of the app. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => match[1]!)
    .filter((text) => text.length > 0)
    .map((text) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`);
}

describe("the page cache of shop pages", () => {
  it("gives every anonymous shopper the same bytes: no CSRF token, nonce, request id or cookie in them", async () => {
    for (const path of ["/products", "/?product_id=1"]) {
      const first = new TestClient(SHOP);
      const second = new TestClient(SHOP);
      second.cookies.set("csrftoken", "a".repeat(32)); // a shopper who already has a token: still the public page
      const a = await page(first, path);
      const b = await page(second, path);
      expect(a.response.status).toBe(200);
      expect(b.html).toBe(a.html);
      expect(a.response.headers.get("Set-Cookie")).toBeNull();
      expect(first.cookies.size).toBe(0);
      expect(a.html).not.toMatch(/nonce=|name="csrf"|name="request-id"|a{32}/);
      // Each response still has its own id, in its header.
      expect(a.response.headers.get("X-Request-Id")).not.toBe(b.response.headers.get("X-Request-Id"));
      // The policy allows exactly the page's inline scripts, by their hashes.
      const policy = a.response.headers.get("Content-Security-Policy")!;
      const scriptSources = /script-src ([^;]+)/.exec(policy)![1]!.split(" ");
      const hashes = inlineScriptHashes(a.html);
      expect(hashes.length).toBeGreaterThan(0);
      expect(scriptSources.filter((source) => source.startsWith("'sha256-")).sort()).toEqual([...new Set(hashes)].sort());
      expect(scriptSources).not.toContain("'unsafe-inline'");
    }
  });

  it("lets a CDN keep the page and revalidate it with its ETag; browsers do not keep it", async () => {
    const { response } = await page(new TestClient(SHOP), "/products");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("CDN-Cache-Control")).toBe("public, no-cache");
    expect(response.headers.get("Vary")).toBe("Accept-Encoding, Accept-Language, Cookie");
    const etag = response.headers.get("ETag")!;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);

    const revalidated = await page(new TestClient(SHOP), "/products", { "If-None-Match": etag });
    expect(revalidated.response.status).toBe(304);
    expect(revalidated.html).toBe("");
    expect(revalidated.response.headers.get("ETag")).toBe(etag);
    // The stored page keeps its own policy (its scripts' hashes) through a revalidation.
    expect(revalidated.response.headers.get("Content-Security-Policy")).toBe(response.headers.get("Content-Security-Policy"));
    expect((await page(new TestClient(SHOP), "/products", { "If-None-Match": 'W/"other", ' + etag })).response.status).toBe(304);
    expect((await page(new TestClient(SHOP), "/products", { "If-None-Match": 'W/"other"' })).response.status).toBe(200);

    // Another language is another page, with another validator.
    const french = await page(new TestClient(SHOP), "/products", { "Accept-Language": "fr" });
    expect(french.html).toContain('lang="fr"');
    expect(french.response.headers.get("ETag")).not.toBe(etag);
    expect((await page(new TestClient(SHOP), "/products", { "Accept-Language": "fr", "If-None-Match": etag })).response.status).toBe(200);
  });

  it("sends the page compressed as it was stored, in the encoding the browser takes", async () => {
    const plain = await page(new TestClient(SHOP), "/products");
    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br", "br", zlib.brotliDecompressSync],
      ["gzip", "gzip", zlib.gunzipSync],
    ] as const) {
      const response = await new TestClient(SHOP).request("/products", { headers: { "Accept-Encoding": accept } });
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Encoding")).toBe(encoding);
      expect(response.headers.get("ETag")).toBe(plain.response.headers.get("ETag"));
      expect(decode(Buffer.from(await response.arrayBuffer())).toString("utf8")).toBe(plain.html);
    }
    expect(plain.response.headers.get("Content-Encoding")).toBeNull();
  });

  it("keeps a shopper's own pages private", async () => {
    const shopper = new TestClient(SHOP);
    shopper.cookies.set("sid", "a-session-token");
    const { response } = await page(shopper, "/products");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.get("CDN-Cache-Control")).toBeNull();
    expect(response.headers.get("ETag")).toBeNull();
    // A page of the seller's dashboard, an API answer: never kept either.
    expect((await new TestClient().request("/login")).headers.get("Cache-Control")).toBe("no-store");
    expect((await new TestClient(SHOP).request("/api/v1/shop/products/")).headers.get("Cache-Control")).toBe("no-store");
  });

  it("takes the shipping form posted from the public page without a token: the browser says where it comes from", async () => {
    const shopper = new TestClient(SHOP);
    const form = await page(shopper, "/?product_id=1");
    expect(form.html).not.toContain('name="csrf"');
    const shipping = { intent: "shipping", ...shippingFields(), product_id: "1", quantity: "1", total_amount: "39.00" };
    const postFrom = (fetchSite: string) =>
      shopper.request("/?index&product_id=1", { form: shipping, csrf: false, origin: null, headers: { "Sec-Fetch-Site": fetchSite } });
    const orders = async () => (await sql<{ n: number }[]>("select count(*) as n from orders"))[0]!.n;
    const before = await orders();
    // Another shop's page (same site, another origin): refused, nothing created.
    expect((await postFrom("same-site")).status).toBe(403);
    expect(await orders()).toBe(before);
    const posted = await postFrom("same-origin");
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toMatch(/order=\d+/);
    // From here the shopper's pages are their own, with a token for their forms.
    expect(shopper.cookies.get("csrftoken")).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const payment = await page(shopper, posted.headers.get("Location")!);
    expect(payment.html).toContain(`name="csrf" value="${shopper.cookies.get("csrftoken")}"`);
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
    await seller.signInAs("demo@example.com");
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
    // A CDN revalidating its copy gets the new page, not a 304.
    expect(after.response.headers.get("ETag")).not.toBe(before.response.headers.get("ETag"));
    const revalidated = await page(new TestClient(SHOP), "/?product_id=1", { "If-None-Match": before.response.headers.get("ETag")! });
    expect(revalidated.response.status).toBe(200);
    expect(revalidated.html).toContain("Silk Scarf Boreal");
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
