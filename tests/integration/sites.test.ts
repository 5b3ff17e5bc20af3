import { describe, expect, it } from "vitest";
import { sql, TestClient } from "./app";

const main = () => new TestClient("localhost:3000");
const demo = () => new TestClient("demo.localhost:3000");

describe("main site and shops", () => {
  it.each(["/", "/onboarding", "/product", "/pricing", "/about", "/contact", "/terms", "/privacy", "/legal-notice"])(
    "serves %s on the main host in en and fr",
    async (path) => {
      const en = await main().html(path, { headers: { "Accept-Language": "en" } });
      expect(en.status).toBe(200);
      expect(en.html).toContain('<html lang="en" dir="ltr"');
      const fr = await main().html(path, { headers: { "Accept-Language": "fr-FR,fr;q=0.9" } });
      expect(fr.status).toBe(200);
      expect(fr.html).toContain('<html lang="fr" dir="ltr"');
      expect(fr.html).toContain("<title>");
    },
  );

  it("has the default title, description, share image and structured data on the landing page", async () => {
    const { html } = await main().html("/");
    expect(html).toContain("<title>Create Your Online Store</title>");
    expect(html).toMatch(/<meta name="description" content="[^"]{40,}"/);
    expect(html).toContain('property="og:image" content="http://localhost:3000/og-image.jpg"');
    expect(html).toContain("application/ld+json");
    expect(html).toContain("EUR, USD, GBP");
    expect(html).toContain("Credit Card, Debit Card, PayPal, Apple Pay, Google Pay");
  });

  it("holds the first paint until the header is read whole, on a shop, the main site and an error page", async () => {
    for (const [client, path] of [
      [demo(), "/products"],
      [main(), "/"],
      [demo(), "/no-such-page"],
    ] as const) {
      const { html } = await client.html(path);
      const head = html.slice(0, html.indexOf("</head>"));
      expect(head, path).toContain('<link rel="expect" href="#main" blocking="render"/>');
      // The element it waits for comes right after the header.
      expect(html.indexOf('<main id="main"'), path).toBeGreaterThan(html.indexOf("</header>"));
    }
  });

  it("answers 404 for main-only paths on a shop host and shop-only paths on the main host", async () => {
    for (const path of ["/onboarding", "/pricing", "/about", "/terms"]) {
      const response = await demo().request(path);
      expect(response.status, path).toBe(404);
    }
    const shopOnly = await main().html("/products");
    expect(shopOnly.status).toBe(404);
    expect(shopOnly.html).toContain("Page not found");
    expect((await main().request("/no-such-page")).status).toBe(404);
  });

  it("runs no action of a main-only path on a shop host", async () => {
    const shop = demo();
    await shop.signInAs("demo@example.com");
    const before = (await sql<{ first_name: string }[]>("SELECT first_name FROM users WHERE email = 'demo@example.com'"))[0]!.first_name;
    const response = await shop.request("/account", {
      form: { intent: "update-profile", first_name: "ViaShop", last_name: "Seller", phone_number: "", language: "en" },
    });
    expect(response.status).toBe(404);
    expect((await sql<{ first_name: string }[]>("SELECT first_name FROM users WHERE email = 'demo@example.com'"))[0]!.first_name).toBe(
      before,
    );
    const register = await demo().request("/register", { form: { intent: "step1", business_name: "X", subdomain: "via-shop" } });
    expect(register.status).toBe(404);
  });

  it("answers 404 on the wrong site before a page's own redirect", async () => {
    // A visitor would be sent to the login page or home by the page itself.
    for (const path of ["/dashboard", "/account", "/shop/customization", "/admin/sellers", "/orders/1"]) {
      expect((await demo().request(path)).status, path).toBe(404);
    }
    expect((await main().request("/products", { method: "POST", form: { search: "x" } })).status).toBe(404);
    expect((await main().request("/order-confirmation/1")).status).toBe(404);
    // Routes that only redirect still answer the 404 as a page, not as data.
    for (const [client, path] of [
      [main(), "/payment-success"],
      [demo(), "/onboarding/refresh"],
    ] as const) {
      const page = await client.request(path);
      expect(page.status, path).toBe(404);
      expect(page.headers.get("Content-Type"), path).toContain("text/html");
    }
    // That 404 page is still in the visitor's language.
    const fr = await demo().html("/dashboard", { headers: { "Accept-Language": "fr" } });
    expect(fr.html).toContain('<html lang="fr"');
    expect(fr.html).toContain("Page introuvable");
  });

  it("titles 404 pages like the site they are on, and a shop's login page like the shop", async () => {
    const titles = (html: string) => html.match(/<title>[^<]*<\/title>/g);
    expect(titles((await main().html("/nope")).html)).toEqual(["<title>Create Your Online Store</title>"]);
    expect(titles((await main().html("/nope", { headers: { "Accept-Language": "fr" } })).html)).toEqual([
      "<title>Créez votre boutique en ligne</title>",
    ]);
    expect(titles((await main().html("/products")).html)).toEqual(["<title>Create Your Online Store</title>"]);
    expect(titles((await demo().html("/about")).html)).toEqual(["<title>Demo Live Shop - Live Shopping</title>"]);
    expect(titles((await demo().html("/nope")).html)).toEqual(["<title>Demo Live Shop - Live Shopping</title>"]);
    expect(titles((await demo().html("/login")).html)).toEqual(["<title>Demo Live Shop - Live Shopping</title>"]);
    expect(titles((await main().html("/login")).html)).toEqual(["<title>Log in</title>"]);
    // Refused before the root loader ran (no CSRF token, no origin): still a title.
    const refused = await main().html("/login", { form: { email: "a@example.com", password: "x" }, csrf: false, origin: null });
    expect(refused.status).toBe(403);
    expect(titles(refused.html)).toEqual(["<title>Create Your Online Store</title>"]);
  });

  it("sends an unknown subdomain to the main site with attempted_subdomain", async () => {
    const response = await new TestClient("nope.localhost:3000").request("/products");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("http://localhost:3000/?attempted_subdomain=nope");
    // The target is the configured main site (ROOT_DOMAIN), whatever port the host was asked with.
    const portless = await new TestClient("nope.localhost").request("/products");
    expect(portless.headers.get("Location")).toBe("http://localhost:3000/?attempted_subdomain=nope");
    // A nested name, or a domain that is not ours, is no shop at all (platform-hosts.test.ts).
    expect((await new TestClient("x.y.localhost:3000").request("/products")).status).toBe(404);
    expect((await new TestClient("shop.evil.com").request("/")).status).toBe(404);
    const landing = await main().html("/?attempted_subdomain=nope");
    expect(landing.html).toContain("The shop “nope” was not found");
    expect(landing.html).toContain("the address was mistyped");
  });

  it("answers the API of an unknown shop with a 404 in the caller's language", async () => {
    const unknown = new TestClient("nope.localhost:3000");
    const en = await unknown.json("/api/v1/shop/products/", { headers: { "Accept-Language": "en" } });
    expect(en.status).toBe(404);
    expect(en.body).toEqual({ message: "Shop not found.", request_id: expect.any(String) });
    const fr = await unknown.json("/api/v1/shop/products/", { headers: { "Accept-Language": "fr" } });
    expect(fr.status).toBe(404);
    expect(fr.body).toEqual({ message: "Boutique introuvable.", request_id: expect.any(String) });
  });

  it("does not serve a shop that is not live yet, but says it opens soon instead of 'not found'", async () => {
    const client = new TestClient("pending-crafts.localhost:3000");
    for (const path of ["/products", "/"]) {
      const { status, html } = await client.html(path);
      expect(status).toBe(503);
      expect(html).toContain("Pending Crafts opens soon");
      expect(html).toContain("<title>Pending Crafts - Live Shopping</title>");
      expect(html).not.toContain("All categories"); // no catalogue
    }
    const fr = await client.html("/products", { headers: { "Accept-Language": "fr" } });
    expect(fr.html).toContain("Pending Crafts ouvre bientôt");
    // The API still has no shop there; the page's own translations load (JavaScript renders it too).
    expect((await client.json("/api/v1/shop/products/")).status).toBe(404);
    expect((await client.json("/locales/fr/translation.json")).status).toBe(200);
    // A shop whose seller was rejected is not announced.
    await sql(
      "UPDATE seller_profiles SET verification_status = 'rejected' WHERE user_id = (SELECT owner_id FROM shops WHERE subdomain = 'pending-crafts')",
    );
    const rejected = await client.request("/products");
    expect(rejected.status).toBe(302);
    expect(rejected.headers.get("Location")).toContain("attempted_subdomain=pending-crafts");
    await sql(
      "UPDATE seller_profiles SET verification_status = 'under_review' WHERE user_id = (SELECT owner_id FROM shops WHERE subdomain = 'pending-crafts')",
    );
  });

  it("shows the shop header and title on a shop page", async () => {
    const { status, html } = await demo().html("/products");
    expect(status).toBe(200);
    expect(html).toContain("<title>Demo Live Shop - Live Shopping</title>");
    expect(html).toContain('data-testid="shop-name"');
    expect(html).toContain("All categories");
    expect(html).toContain("Showing 10 of 25 products");
  });

  it("renders pages 1..N of the catalogue for ?page=N and filters by category and search", async () => {
    expect((await demo().html("/products?page=2")).html).toContain("Showing 20 of 25 products");
    expect((await demo().html("/products?page=3")).html).toContain("Showing 25 of 25 products");
    expect((await demo().html("/products?category=beauty")).html).toContain("Showing 6 of 6 products");
    const empty = await demo().html("/products?search=zzzz");
    expect(empty.html).toContain("No products found");
    expect(empty.html).toContain("Try adjusting your search or filter criteria");
  });

  it("formats prices in the shop currency for the language", async () => {
    expect((await demo().html("/products", { headers: { "Accept-Language": "en" } })).html).toContain("€39.00");
    const fr = (await demo().html("/products", { headers: { "Accept-Language": "fr" } })).html;
    expect(fr.replace(/\u202f|\u00a0|&nbsp;/g, " ")).toContain("39,00 €");
  });

  it("keeps the language chosen with ?lng in the i18nextLng cookie", async () => {
    const client = main();
    const response = await client.request("/pricing?lng=fr&amount=25");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/pricing?amount=25");
    expect(client.cookies.get("i18nextLng")).toBe("fr");
    const page = await client.html("/pricing?amount=25", { headers: { "Accept-Language": "en" } });
    expect(page.html).toContain('<html lang="fr"');
    expect(page.html).toContain("Simulateur de frais");
  });

  it("without a stored choice, takes the browser's first supported language, not only its first one", async () => {
    const page = await main().html("/pricing", { headers: { "Accept-Language": "de-DE,fr-CA;q=0.5,en;q=0.3" } });
    expect(page.html).toContain('<html lang="fr"');
    const apiMessage = async (acceptLanguage: string) =>
      (await main().json<{ message: string }>("/api/v1/nope/", { headers: { "Accept-Language": acceptLanguage } })).body.message;
    const french = await apiMessage("fr");
    expect(french).not.toBe(await apiMessage("en"));
    expect(await apiMessage("de-DE,fr;q=0.5")).toBe(french);
  });

  it("renders the fee calculator from the query string (no JavaScript needed)", async () => {
    const { html } = await main().html("/pricing?amount=100");
    expect(html).toContain('data-testid="net-received">€95.85<');
    expect(html).not.toContain("€96.25"); // one figure received, not an excl.-VAT one beside it
    const negative = (await main().html("/pricing?amount=-5")).html;
    expect(negative).toContain('data-testid="net-received">€95.85<'); // 0 is calculated as 100, and says so
    expect(negative).toContain("An amount of 0 shows the fees on €100.00.");
  });

  it("puts security headers on pages, API answers and errors", async () => {
    for (const [client, path] of [
      [main(), "/"],
      [demo(), "/api/v1/shop/products/"],
      [main(), "/nope"],
    ] as const) {
      const response = await client.request(path);
      expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("Content-Security-Policy")).toMatch(
        /script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')* https:\/\/js\.stripe\.com;/,
      );
      expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    }
  });

  it("serves the translations at /locales/{lng}/{ns}.json", async () => {
    const en = await main().json<Record<string, unknown>>("/locales/en/translation.json");
    expect(en.status).toBe(200);
    expect(en.body).toHaveProperty("catalogue.empty_title", "No products found");
    const fr = await main().json<Record<string, unknown>>("/locales/fr/translation.json");
    expect(fr.body).toHaveProperty("catalogue.empty_title", "Aucun produit trouvé");
    expect((await main().request("/locales/de/translation.json")).status).toBe(404);
    expect((await main().request("/locales/en/other.json")).status).toBe(404);
  });
});
