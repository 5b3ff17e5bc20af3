// Issue 30, items 2 and 3: a shop served on its own verified domain, ahead of the spec's host
// rules; its primary domain as its address everywhere; cookies, CSRF and the page cache per
// host; the TLS terminator's question. Domains are arranged by direct inserts (the screens and
// API that add and verify them are tested on their own). The platform runs on a two-label
// domain over HTTPS, as in production; the requests themselves come over HTTP.
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadApp, shippingFields, sql, sqlNow, TestClient } from "./app";

process.env.ROOT_DOMAIN = "livecart.test";
process.env.PUBLIC_SCHEME = "https";

beforeAll(() => loadApp());
afterEach(() => sql("DELETE FROM shop_domains"));

type DomainOptions = { shop?: string; status?: "pending" | "verified"; primary?: boolean };

/** A domain of a shop as part A's verification leaves it (lower case, no trailing dot). */
async function addDomain(domain: string, { shop = "demo", status = "verified", primary = false }: DomainOptions = {}) {
  await sql(
    `INSERT INTO shop_domains (shop_id, domain, status, verification_token, is_primary, check_until, created_at, updated_at)
     VALUES ((SELECT id FROM shops WHERE subdomain = ?), ?, ?, 'token', ${primary}, ${sqlNow()}, ${sqlNow()}, ${sqlNow()})`,
    shop,
    domain,
    status,
  );
}

const SHOP_TITLE = "<title>Demo Live Shop - Live Shopping</title>";
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

/** The plain 404 of a host that is none of ours (platform-hosts.test.ts): nothing of any shop. */
async function expectUnknownHost(host: string) {
  for (const path of ["/", "/products", "/?lng=fr"]) {
    const { status, html, response } = await new TestClient(host).html(path);
    expect(status, `${host}${path}`).toBe(404);
    expect(html).toBe("Not found: this address is not served here.\n");
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(response.headers.getSetCookie()).toEqual([]);
  }
  expect((await new TestClient(host).json("/api/v1/shop/products/")).status).toBe(404);
}

describe("a verified domain of a live shop is that shop", () => {
  it("ahead of the host rules: a two-label name is the shop, not the main site; case, trailing dot and port do not matter", async () => {
    await addDomain("boutique-lea.test");
    for (const host of ["boutique-lea.test", "Boutique-LEA.test", "boutique-lea.test.", "boutique-lea.test:8443"]) {
      const { status, html } = await new TestClient(host).html("/products");
      expect(status, host).toBe(200);
      expect(html, host).toContain(SHOP_TITLE);
      expect(html, host).toContain("Silk Scarf Aurora");
    }
    // The shop's API answers there too, its links on the shop's address (no primary domain: the subdomain).
    const api = await new TestClient("boutique-lea.test").json<{ next: string }>("/api/v1/shop/products/?page_size=2");
    expect(api.status).toBe(200);
    expect(api.body.next).toBe("https://demo.livecart.test/api/v1/shop/products/?page_size=2&page=2");
    // Our own names are unchanged: the main site, the shop's subdomain.
    expect((await new TestClient("livecart.test").html("/")).html).toContain("<title>Create Your Online Store</title>");
    expect((await new TestClient("demo.livecart.test").html("/products")).html).toContain(SHOP_TITLE);
  });

  it("an unverified domain, a removed one and one of a shop that is not live answer as a name that is none of ours", async () => {
    await addDomain("pending-lea.test", { status: "pending" });
    await expectUnknownHost("pending-lea.test");

    await addDomain("removed-lea.test");
    expect((await new TestClient("removed-lea.test").html("/products")).status).toBe(200);
    await sql("DELETE FROM shop_domains WHERE domain = ?", "removed-lea.test");
    await expectUnknownHost("removed-lea.test");

    await addDomain("crafts.test", { shop: "pending-crafts" });
    await expectUnknownHost("crafts.test");
  });

  it("a page kept by the page cache is not served once the domain stops being verified", async () => {
    await addDomain("cached-lea.test");
    const client = new TestClient("cached-lea.test");
    const first = await client.html("/products");
    const second = await client.html("/products");
    expect(second.response.headers.get("ETag")).toBe(first.response.headers.get("ETag"));
    await sql("UPDATE shop_domains SET status = 'pending' WHERE domain = ?", "cached-lea.test");
    await expectUnknownHost("cached-lea.test");
  });
});

describe("the primary domain", () => {
  it("the subdomain's pages redirect there (308, path and query kept), forms too; the API stays on both", async () => {
    await addDomain("boutique-lea.test", { primary: true });
    for (const host of ["demo.livecart.test", "demo.livecart.test:8443"]) {
      const page = await new TestClient(host).request("/products?page=2&sort=new");
      expect(page.status, host).toBe(308);
      expect(page.headers.get("Location")).toBe("https://boutique-lea.test/products?page=2&sort=new");
      expect(page.headers.get("Cache-Control")).toBe("no-store");
    }
    // A client-side navigation's data request gets React Router's redirect, which the browser follows as a document.
    const data = await new TestClient("demo.livecart.test").request("/products.data?page=2");
    expect(data.status).toBe(202);
    expect(await data.text()).toContain("https://boutique-lea.test/products?page=2");
    const before = (await sql<{ n: number }[]>("SELECT count(*) AS n FROM orders"))[0]!.n;
    const post = await new TestClient("demo.livecart.test").request("/?index&product_id=1", {
      form: { intent: "shipping", ...shippingFields(), product_id: "1", quantity: "1", total_amount: "39.00" },
    });
    expect(post.status).toBe(308);
    expect(post.headers.get("Location")).toBe("https://boutique-lea.test/?index&product_id=1");
    expect((await sql<{ n: number }[]>("SELECT count(*) AS n FROM orders"))[0]!.n).toBe(before);
    // API clients keep their base URL; the addresses it gives are on the primary domain.
    const api = await new TestClient("demo.livecart.test").json<{ next: string }>("/api/v1/shop/products/?page_size=2");
    expect(api.status).toBe(200);
    expect(api.body.next).toBe("https://boutique-lea.test/api/v1/shop/products/?page_size=2&page=2");
  });

  it("is the address every page, mail, live link and seller screen prints", async () => {
    await addDomain("boutique-lea.test", { primary: true });
    await addDomain("second-lea.test");
    // Canonical links, on the primary domain and on a second verified domain alike.
    for (const host of ["boutique-lea.test", "second-lea.test"]) {
      const { html } = await new TestClient(host).html("/products?page=2");
      expect(canonical(html), host).toBe("https://boutique-lea.test/products");
      expect(html).toContain('<meta property="og:url" content="https://boutique-lea.test/products"/>');
    }
    // The order status link of the paid order's mail.
    const shopper = new TestClient("boutique-lea.test");
    const order = await shopper.json<{ id: number }>("/api/v1/shop/orders/", {
      json: shippingFields({ reference: "DOMAIN-1", total_amount: "30.00" }),
    });
    expect(order.status).toBe(201);
    const pay = await shopper.json<{ client_secret: string }>("/api/v1/payment/pay/", {
      json: { order_id: order.body.id, provider_slug: "simulated" },
    });
    const paid = await shopper.json<{ status: string }>("/api/v1/payment/simulated/confirm/", {
      json: { client_secret: pay.body.client_secret, card_number: "4242424242424242", exp_month: 12, exp_year: 2099, cvc: "123" },
    });
    expect(paid.body.status).toBe("succeeded");
    const [mail] = await sql<{ text: string }[]>(
      "SELECT text FROM mail_outbox WHERE dedupe_key = ?",
      `order-paid:${order.body.id}:shopper`,
    );
    const link = /https:\/\/boutique-lea\.test(\/order-status\/[A-Za-z0-9_-]{43})/.exec(mail!.text)?.[1];
    expect(link).toBeDefined();
    expect((await new TestClient("boutique-lea.test").html(link!)).status).toBe(200);
    // The seller's side: the profile's shop URL, a live's link, the dashboard's "Open my shop".
    const seller = await new TestClient("livecart.test").signInAs("demo@example.com");
    const profile = await seller.json<{ shop_url: string }>("/api/v1/account/seller-profile/");
    expect(profile.body.shop_url).toBe("https://boutique-lea.test");
    const live = await seller.json<{ url: string }>("/api/v1/shop/lives/", { json: { title: "Domain drop", platform: "instagram" } });
    expect(live.body.url).toMatch(/^https:\/\/boutique-lea\.test\/live\/[a-z2-9]{6}$/);
    const dashboard = await seller.html("/dashboard");
    expect(dashboard.html).toContain('href="https://boutique-lea.test"');
    expect(dashboard.html).not.toContain("https://demo.livecart.test");
  });

  it("a primary domain that is no longer verified gives the subdomain back its pages", async () => {
    await addDomain("gone-lea.test", { primary: true, status: "pending" });
    const { status, html } = await new TestClient("demo.livecart.test").html("/products");
    expect(status).toBe(200);
    expect(canonical(html)).toBe("https://demo.livecart.test/products");
  });
});

describe("cookies, CSRF and the page cache on a custom domain", () => {
  it("cookies are the host's own: the CSRF token, the language, the shopper's order", async () => {
    await addDomain("boutique-lea.test");
    const client = new TestClient("boutique-lea.test");
    const api = await client.request("/api/v1/shop/categories/");
    const csrf = api.headers.getSetCookie().find((cookie) => cookie.startsWith("csrftoken="))!;
    expect(csrf).toBeDefined();
    expect(csrf).not.toMatch(/domain=/i);
    const language = await client.request("/products?lng=fr");
    expect(language.status).toBe(302);
    const languageCookies = language.headers.getSetCookie().filter((cookie) => cookie.startsWith("i18nextLng=fr"));
    expect(languageCookies).toHaveLength(1);
    expect(languageCookies[0]).not.toMatch(/domain=/i);
    expect((await client.html("/products")).html).toContain('<html lang="fr"');

    const placed = await client.request("/?index&product_id=1", {
      form: { intent: "shipping", ...shippingFields(), product_id: "1", quantity: "1", total_amount: "39.00" },
    });
    expect(placed.status).toBe(302);
    const orderId = Number(/order=(\d+)/.exec(placed.headers.get("Location")!)![1]);
    const shopperCookie = placed.headers.getSetCookie().find((cookie) => cookie.startsWith("shopper="));
    expect(shopperCookie).toBeDefined();
    expect(shopperCookie).not.toMatch(/domain=/i);
    // The order is this browser's on this host: its payment step opens.
    expect((await client.html(`/?order=${orderId}&step=payment`)).status).toBe(200);
  });

  it("a form posted from another host (the shop's subdomain, another shop) is refused, nothing stored; the host's own pages post", async () => {
    await addDomain("boutique-lea.test");
    const count = async () => (await sql<{ n: number }[]>("SELECT count(*) AS n FROM orders"))[0]!.n;
    const before = await count();
    const form = { intent: "shipping", ...shippingFields(), product_id: "1", quantity: "1", total_amount: "39.00" };
    for (const origin of ["http://demo.livecart.test", "https://boutique-lea.test", "http://other.test"]) {
      const refused = await new TestClient("boutique-lea.test").request("/?index&product_id=1", { form, origin, csrf: false });
      expect(refused.status, origin).toBe(403);
    }
    const sameSite = await new TestClient("boutique-lea.test").request("/?index&product_id=1", {
      form,
      origin: null,
      headers: { "Sec-Fetch-Site": "same-site" },
    });
    expect(sameSite.status).toBe(403);
    expect(await count()).toBe(before);
    // Fetch Metadata of the host's own page, without a token (the public pages carry none).
    const own = await new TestClient("boutique-lea.test").request("/?index&product_id=1", {
      form,
      csrf: false,
      origin: null,
      headers: { "Sec-Fetch-Site": "same-origin" },
    });
    expect(own.status).toBe(302);
    expect(await count()).toBe(before + 1);
  });

  it("the page cache keeps a page per host and per primary domain", async () => {
    await addDomain("boutique-lea.test");
    const onDomain = await new TestClient("boutique-lea.test").html("/products");
    expect(onDomain.response.headers.get("CDN-Cache-Control")).toBe("public, no-cache");
    expect(canonical(onDomain.html)).toBe("https://demo.livecart.test/products");
    // Made primary: the page kept a moment ago names the old address; a fresh one is rendered.
    await sql("UPDATE shop_domains SET is_primary = true WHERE domain = ?", "boutique-lea.test");
    const after = await new TestClient("boutique-lea.test").html("/products");
    expect(canonical(after.html)).toBe("https://boutique-lea.test/products");
    expect(after.response.headers.get("ETag")).not.toBe(onDomain.response.headers.get("ETag"));
  });

  it("HSTS on a custom domain covers that name only", async () => {
    await addDomain("boutique-lea.test");
    const onDomain = await new TestClient("boutique-lea.test").request("/products");
    expect(onDomain.headers.get("Strict-Transport-Security")).toBe("max-age=63072000");
    const onSubdomain = await new TestClient("demo.livecart.test").request("/products");
    expect(onSubdomain.headers.get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains");
  });
});

describe("GET /api/v1/domains/tls-check/", () => {
  const ask = (domain: string) => new TestClient("127.0.0.1:3000").json(`/api/v1/domains/tls-check/?domain=${encodeURIComponent(domain)}`);

  it("200 for our own names and a live shop's verified domains", async () => {
    await addDomain("tls-lea.test");
    for (const name of [
      "livecart.test",
      "LiveCart.test.",
      "demo.livecart.test",
      "pending-crafts.livecart.test",
      "tls-lea.test",
      "TLS-Lea.test.",
    ]) {
      const { status, body } = await ask(name);
      expect(status, name).toBe(200);
      expect(body).toEqual({ domain: name });
    }
  });

  it("404 for anything else: unverified, a shop not live, unknown names, nested names, localhost, addresses", async () => {
    await addDomain("tls-pending.test", { status: "pending" });
    await addDomain("tls-crafts.test", { shop: "pending-crafts" });
    for (const name of [
      "tls-pending.test",
      "tls-crafts.test",
      "never-added.test",
      "nope.livecart.test",
      "x.demo.livecart.test",
      "demo.livecart.test.evil.example",
      "localhost",
      "127.0.0.1",
      "livecart.test:443",
      "bad name",
    ]) {
      const { status } = await ask(name);
      expect(status, name).toBe(404);
    }
    expect((await new TestClient("127.0.0.1:3000").json("/api/v1/domains/tls-check/")).status).toBe(400);
  });
});
