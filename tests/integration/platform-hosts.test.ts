// Issue 25, item 9: the app serves its own names only (the platform's domain, its direct
// subdomains, localhost and IP addresses), and builds every absolute link from the
// configuration, never from the request's Host. This file runs with a real two-label domain
// over HTTPS, as in production, while the requests themselves come over HTTP.
import { beforeAll, describe, expect, it } from "vitest";
import { loadApp, TestClient } from "./app";

process.env.ROOT_DOMAIN = "livecart.test";
process.env.PUBLIC_SCHEME = "https";

beforeAll(() => loadApp());

const main = () => new TestClient("livecart.test");
const demo = () => new TestClient("demo.livecart.test");

/** A Set-Cookie value with its attributes in a fixed order (their order means nothing to browsers). */
const cookieParts = (setCookie: string) => {
  const [pair, ...attributes] = setCookie.split("; ");
  return [pair, ...attributes.sort()];
};

describe("hosts that are none of ours", () => {
  it.each([
    ["demo.evil.example", "a domain someone pointed at us, with a shop's name in it"],
    ["demo.livecart.test.evil.example", "our domain inside another"],
    ["evil.example", "another two-label domain"],
    ["demo.localhost", "a local name, when the platform is not on localhost"],
    ["x.demo.livecart.test", "a subdomain of a shop"],
    ["demo.x.livecart.test", "a nested name whose first label is a shop"],
  ])("%s (%s): a plain 404 kept by no cache, nothing of any shop", async (host) => {
    for (const path of ["/", "/products", "/?lng=fr", "/order-status/" + "A".repeat(43), "/locales/en/translation.json"]) {
      const { status, html, response } = await new TestClient(host).html(path);
      expect(status, path).toBe(404);
      expect(response.headers.get("Content-Type"), path).toBe("text/plain; charset=utf-8");
      expect(response.headers.get("Cache-Control"), path).toBe("no-store");
      expect(response.headers.get("Location"), path).toBeNull();
      expect(response.headers.getSetCookie(), path).toEqual([]);
      expect(html, path).toBe("Not found: this address is not served here.\n");
    }
    const api = await new TestClient(host).json("/api/v1/shop/products/", { headers: { "Accept-Language": "fr" } });
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ message: "Introuvable : cette adresse n'est pas servie ici.", request_id: expect.any(String) });
  });

  it("a form posted to one changes nothing either", async () => {
    const client = new TestClient("demo.evil.example");
    const response = await client.request("/login", { form: { email: "demo@example.com", password: "Demo1234!" } });
    expect(response.status).toBe(404);
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});

describe("our own names", () => {
  it.each(["livecart.test", "LiveCart.test.", "livecart.test:8443", "localhost", "localhost:3000", "127.0.0.1", "[::1]:3000"])(
    "%s is the main site",
    async (host) => {
      const { status, html } = await new TestClient(host).html("/");
      expect(status).toBe(200);
      expect(html).toContain("<title>Create Your Online Store</title>");
    },
  );

  it("a direct subdomain of the domain is that shop, with or without a port", async () => {
    for (const host of ["demo.livecart.test", "demo.livecart.test:8443", "Demo.LiveCart.test"]) {
      const { status, html } = await new TestClient(host).html("/products");
      expect(status, host).toBe(200);
      expect(html, host).toContain("<title>Demo Live Shop - Live Shopping</title>");
    }
  });

  it("an unknown shop sends the browser to the configured main site", async () => {
    const response = await new TestClient("nope.livecart.test:8443").request("/products");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("https://livecart.test/?attempted_subdomain=nope");
  });
});

describe("absolute links come from ROOT_DOMAIN and PUBLIC_SCHEME", () => {
  it("a shop page's canonical and og:url links, whatever host and port it was asked on", async () => {
    for (const host of ["demo.livecart.test", "demo.livecart.test:8443"]) {
      const { html } = await new TestClient(host).html("/products?page=2");
      expect(html, host).toContain('<link rel="canonical" href="https://demo.livecart.test/products"/>');
      expect(html, host).toContain('<meta property="og:url" content="https://demo.livecart.test/products"/>');
    }
  });

  it("a main-site page's links and structured data, when it is asked for by address", async () => {
    const { html } = await new TestClient("127.0.0.1:3000").html("/pricing");
    expect(html).toContain('<link rel="canonical" href="https://livecart.test/pricing"/>');
    expect(html).toContain('"url":"https://livecart.test"');
    expect(html).not.toContain("127.0.0.1");
  });

  it("the API's image URLs and page links", async () => {
    const { body } = await new TestClient("demo.livecart.test:8443").json<{ next: string; results: { featured_image: string | null }[] }>(
      "/api/v1/shop/products/?page_size=2",
    );
    expect(body.next).toBe("https://demo.livecart.test/api/v1/shop/products/?page_size=2&page=2");
    expect(body.results.map((product) => product.featured_image).filter(Boolean)[0]).toMatch(/^https:\/\/demo\.livecart\.test\/demo\//);
  });

  it("the OpenAPI document's server", async () => {
    const { body } = await new TestClient("localhost:3000").json<{ servers: { url: string }[] }>("/api/v1/openapi.json");
    expect(body.servers).toEqual([{ url: "https://livecart.test/api/v1" }]);
  });
});

describe("the language choice on the platform's domain", () => {
  it("is shared between the main site and every shop of the domain", async () => {
    const onMain = await main().request("/pricing?lng=fr");
    expect(onMain.status).toBe(302);
    const cookies = onMain.headers.getSetCookie().filter((c) => c.startsWith("i18nextLng="));
    // The host-only copy is expired, the shared one set for the domain.
    expect(cookies.map(cookieParts)).toEqual(
      ["i18nextLng=; Path=/; Max-Age=0; SameSite=Lax", "i18nextLng=fr; Path=/; Max-Age=31536000; SameSite=Lax; Domain=livecart.test"].map(
        cookieParts,
      ),
    );
    const onShop = await demo().request("/products?lng=en");
    expect(onShop.headers.getSetCookie().map(cookieParts)).toContainEqual(
      cookieParts("i18nextLng=en; Path=/; Max-Age=31536000; SameSite=Lax; Domain=livecart.test"),
    );
    // A stale host-only choice listed first does not shadow the shared, newer one.
    const shop = await demo().html("/products", { headers: { Cookie: "i18nextLng=en; i18nextLng=fr" } });
    expect(shop.html).toContain('<html lang="fr"');
  });

  it("stays host-only on localhost, which cannot share cookies", async () => {
    const onLocalhost = await new TestClient("localhost:3000").request("/pricing?lng=fr");
    expect(onLocalhost.headers.getSetCookie().filter((c) => c.includes("Domain="))).toEqual([]);
  });
});
