import { describe, expect, it } from "vitest";
import { sql, TestClient } from "./app";

const main = () => new TestClient("localhost:3000");

const loggedIn = (email: string) => main().signInAs(email);

/**
 * Every seller screen that sends visitors to the login page, and its form where it has one.
 * `/onboarding` is not among them: it is the landing page (spec section 2), open to everyone;
 * nor are the screens the spec says answer visitors themselves (`SPEC_SCREENS` below).
 */
const SELLER_SCREENS: { path: string; form?: Record<string, string> }[] = [
  { path: "/dashboard/products", form: { intent: "delete-category", slug: "fashion" } },
  { path: "/dashboard/products/new", form: { name: "Lamp", price: "10" } },
  { path: "/dashboard/products/1", form: { name: "Lamp", price: "10" } },
  { path: "/dashboard/products/1/stock" },
  { path: "/dashboard/lives", form: { title: "Sneaky live", platform: "tiktok" } },
  { path: "/dashboard/lives/1", form: { intent: "end" } },
  { path: "/dashboard/lives/1/orders.csv" },
  { path: "/orders" },
  { path: "/orders?view=checkouts&page=2" },
  { path: "/orders/parcels" },
  { path: "/orders/parcels/1", form: { intent: "ship", carrier: "ups", tracking_number: "1Z999" } },
  { path: "/onboarding/refresh" },
  { path: "/payments/simulated/onboarding", form: { business_name: "X", country: "FR", iban: "FR76 3000 6000 0112 3456 7890 189" } },
];

describe("seller screens for signed-out visitors", () => {
  it("all send them to the login page, which comes back to the screen", async () => {
    const visitor = main();
    for (const { path, form } of SELLER_SCREENS) {
      const login = `/login?redirectTo=${encodeURIComponent(path)}`;
      const page = await visitor.request(path);
      expect({ path, status: page.status, location: page.headers.get("Location") }).toEqual({ path, status: 302, location: login });
      if (!form) continue;
      const posted = await visitor.request(path, { form });
      expect({ path, status: posted.status, location: posted.headers.get("Location") }).toEqual({ path, status: 302, location: login });
    }
    // Nothing was written on their behalf.
    expect((await sql<{ n: number }[]>("SELECT count(*) AS n FROM categories WHERE slug = 'fashion'"))[0]!.n).toBe(1);
    expect((await sql<{ n: number }[]>("SELECT count(*) AS n FROM products WHERE name = 'Lamp'"))[0]!.n).toBe(0);
    expect((await sql<{ n: number }[]>("SELECT count(*) AS n FROM lives"))[0]!.n).toBe(0);
  });

  it("the login page then brings the seller back to the screen", async () => {
    const client = main();
    expect((await client.request("/dashboard/products")).headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard%2Fproducts");
    await client.request("/login?redirectTo=%2Fdashboard%2Fproducts");
    const login = await client.request("/login", {
      form: { email: "demo@example.com", password: "Demo1234!", redirectTo: "/dashboard/products" },
    });
    expect(login.headers.get("Location")).toBe("/dashboard/products");
    expect((await client.request("/dashboard/products")).status).toBe(200);
  });

  it("answers 404 to signed-in users who are not sellers on the seller-only screens", async () => {
    const admin = await loggedIn("admin@example.com");
    for (const path of [
      "/dashboard/products",
      "/dashboard/products/new",
      "/dashboard/products/1/stock",
      "/dashboard/lives",
      "/dashboard/lives/1",
      "/payments/simulated/onboarding",
    ]) {
      expect((await admin.request(path)).status, path).toBe(404);
    }
  });
});

/**
 * The screens the spec says answer a signed-out visitor themselves (spec section 2: "/account:
 * a visitor who is not logged in sees 'You must be logged in to view this page'", the
 * customization page "shows a logged-out message when there is no user"), with their forms.
 */
const MESSAGE_SCREENS: { path: string; form: Record<string, string> }[] = [
  { path: "/account", form: { intent: "update-profile", first_name: "Eve", last_name: "Visitor", language: "en" } },
  { path: "/account?section=seller", form: { intent: "create-api-key", name: "visitor key" } },
  { path: "/account?section=shop", form: { intent: "update-customization", primary_color: "#000000" } },
  { path: "/account?section=domain", form: { intent: "add-domain", domain: "visitor-lea.fr" } },
  { path: "/shop/customization", form: { intent: "update-customization", primary_color: "#000000" } },
];

const LOGGED_OUT = {
  en: { message: "You must be logged in to view this page", login: ">Login<", nav: 'aria-label="Main navigation"' },
  fr: { message: "Vous devez être connecté pour voir cette page", login: ">Connexion<", nav: 'aria-label="Navigation principale"' },
};

describe("the spec's screens for signed-out visitors", () => {
  it("/account and /shop/customization say the visitor must log in, in the site's layout and language, with a login that comes back", async () => {
    for (const [language, text] of Object.entries(LOGGED_OUT)) {
      for (const { path, form } of MESSAGE_SCREENS) {
        const visitor = main();
        const headers = { "Accept-Language": language };
        const login = `href="/login?redirectTo=${encodeURIComponent(path)}"`;
        const page = await visitor.html(path, { headers });
        expect({ path, language, status: page.status }).toEqual({ path, language, status: 401 });
        for (const expected of [text.message, text.login, login, text.nav, 'data-testid="signed-out"']) {
          expect(page.html, `${path} ${language}`).toContain(expected);
        }
        // A form posted once the session is gone: the same page, nothing done.
        const posted = await visitor.html(path, { form, headers });
        expect({ path, language, status: posted.status }).toEqual({ path, language, status: 401 });
        expect(posted.html).toContain(text.message);
        expect(posted.html).toContain(login);
      }
    }
    expect((await sql<{ n: number }[]>("SELECT count(*) AS n FROM api_keys WHERE name = 'visitor key'"))[0]!.n).toBe(0);
    expect((await sql<{ n: number }[]>("SELECT count(*) AS n FROM shop_domains"))[0]!.n).toBe(0);
    expect((await sql<{ n: number }[]>("SELECT count(*) AS n FROM users WHERE first_name = 'Eve'"))[0]!.n).toBe(0);
  });

  it("a client-side navigation gets the same answer (the page's data request)", async () => {
    const data = await main().request("/account.data");
    expect(data.status).toBe(401);
    expect(await data.text()).toContain("signedOut");
  });

  it("the login then brings the user back to the screen", async () => {
    const client = main();
    expect((await client.request("/shop/customization")).status).toBe(401);
    const login = await client.request("/login", {
      form: { email: "demo@example.com", password: "Demo1234!", redirectTo: "/shop/customization" },
    });
    expect(login.headers.get("Location")).toBe("/shop/customization");
    expect((await client.request("/shop/customization")).status).toBe(200);
  });

  it("/dashboard sends visitors home, for its forms too", async () => {
    const visitor = main();
    const page = await visitor.request("/dashboard");
    expect({ status: page.status, location: page.headers.get("Location") }).toEqual({ status: 302, location: "/" });
    const posted = await visitor.request("/dashboard", { form: { intent: "refresh-payment-status" } });
    expect({ status: posted.status, location: posted.headers.get("Location") }).toEqual({ status: 302, location: "/" });
  });
});

describe("the signed-in user in page data and the API", () => {
  it("never includes the password hash", async () => {
    const hash = (await sql<{ password_hash: string }[]>("SELECT password_hash FROM users WHERE email = 'demo@example.com'"))[0]!
      .password_hash;
    expect(hash.length).toBeGreaterThan(20);
    const demo = await loggedIn("demo@example.com");
    const page = await demo.html("/account");
    expect(page.status).toBe(200);
    expect(page.html).toContain("demo@example.com"); // the root loader's user is in the page
    const data = await (await demo.request("/account.data")).text();
    expect(data).toContain("demo@example.com");
    const status = await demo.json("/api/v1/account/auth/status/");
    expect(JSON.stringify(status.body)).toContain("demo@example.com");
    for (const text of [page.html, data, JSON.stringify(status.body)]) {
      expect(text).not.toContain(hash);
      expect(text).not.toMatch(/password_?hash/i);
    }
  });
});

describe("the seller's header", () => {
  /** The links the header's main navigation marks current, by their text. */
  function currentHeaderLinks(html: string): string[] {
    const nav = /<nav aria-label="Main navigation"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1];
    expect(nav, "the header's navigation").toBeDefined();
    return [...nav!.matchAll(/<a\b([^>]*)>([^<]*)<\/a>/g)]
      .filter(([, attributes]) => /aria-current="page"/.test(attributes!))
      .map(([, , text]) => text!);
  }

  it("marks one link current, the most specific one for the page", async () => {
    const demo = await loggedIn("demo@example.com");
    const expected: [string, string[]][] = [
      ["/dashboard", ["Dashboard"]],
      ["/dashboard/products", ["Products"]],
      ["/dashboard/products/1", ["Products"]],
      ["/dashboard/lives", ["Lives"]],
      ["/orders", ["Orders"]],
      ["/pricing", ["Pricing"]],
      ["/account", []],
    ];
    for (const [path, links] of expected) {
      const page = await demo.html(path);
      expect(page.status, path).toBe(200);
      expect({ path, current: currentHeaderLinks(page.html) }).toEqual({ path, current: links });
    }
  });
});
