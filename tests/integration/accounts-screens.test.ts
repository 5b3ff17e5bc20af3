import { describe, expect, it } from "vitest";
import { TestClient } from "./app";

const main = () => new TestClient("localhost:3000");

async function loginForm(client: TestClient, email: string, password: string, redirectTo?: string) {
  await client.request("/login");
  return client.request("/login", { form: { email, password, ...(redirectTo ? { redirectTo } : {}) } });
}

describe("login and logout screens (no JavaScript)", () => {
  it("logs in through /login, returns where the user was and greets them", async () => {
    const client = main();
    const response = await loginForm(client, "demo@example.com", "Demo1234!", "/account?section=profile");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/account?section=profile");
    const page = await client.html("/account?section=profile");
    expect(page.html).toContain("demo@example.com");
    expect(page.html).toContain("Welcome back!"); // the toast, shown inline without JavaScript
  });

  it("goes to /dashboard by default and refuses outside redirects", async () => {
    const client = main();
    const response = await loginForm(client, "demo@example.com", "Demo1234!", "//evil.example.com/");
    expect(response.headers.get("Location")).toBe("/dashboard");
  });

  it("never sends a signed-in user off the site, nor fails on characters a header cannot carry", async () => {
    const client = main();
    // Control characters are no text (issue 25): the post is refused before anyone signs in.
    for (const redirectTo of ["/\t/example.org", "/\n/example.org", "/\r\nSet-Cookie: x=1"]) {
      const response = await loginForm(client, "demo@example.com", "Demo1234!", redirectTo);
      expect(response.status, JSON.stringify(redirectTo)).toBe(400);
      expect(response.headers.get("Location")).toBeNull();
      expect(response.headers.get("Set-Cookie") ?? "").not.toContain("sid=");
    }
    const response = await loginForm(client, "demo@example.com", "Demo1234!", "/\u2028x");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    // Already signed in: the login page redirects at once; a control character in its query is a 400.
    const tab = await client.request(`/login?redirectTo=${encodeURIComponent("/\t/example.org")}`);
    expect(tab.status).toBe(400);
    expect(tab.headers.get("Location")).toBeNull();
    const euro = await client.request(`/login?redirectTo=${encodeURIComponent("/products?search=€")}`);
    expect(euro.status).toBe(302);
    expect(euro.headers.get("Location")).toBe("/products?search=%E2%82%AC");
  });

  it("never redirects to a path that becomes protocol-relative once dot segments are removed", async () => {
    const client = main();
    // The form's redirectTo field.
    for (const redirectTo of ["/.//evil.example/phish", "/%2e//evil.example", "/./\\evil.example"]) {
      const response = await loginForm(client, "demo@example.com", "Demo1234!", redirectTo);
      expect(response.status, redirectTo).toBe(302);
      expect(response.headers.get("Location"), redirectTo).toBe("/dashboard");
    }
    // Signed in, the login page's query: plain and double-encoded (decoded once by the query).
    for (const query of ["/.//evil.example/phish", "/%252e//evil.example", "/%2e%2e//evil.example"]) {
      const response = await client.request(`/login?redirectTo=${query}`);
      expect(response.status, query).toBe(302);
      expect(response.headers.get("Location"), query).toBe("/dashboard");
    }
  });

  it("keeps the language switch on this site", async () => {
    const response = await main().request("//evil.example.com/?lng=fr");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });

  it("shows the failure message and keeps the email", async () => {
    const client = main();
    const page = await loginForm(client, "demo@example.com", "wrong");
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain("Login failed. Please check your credentials.");
    expect(html).toContain('value="demo@example.com"');
    expect(html).not.toContain('value="wrong"');
  });

  it("refuses a form post without the CSRF token whose browser does not say it comes from this site", async () => {
    const credentials = { email: "demo@example.com", password: "Demo1234!" };
    const signedIn = async (client: TestClient) =>
      (await client.json<{ isAuthenticated: boolean }>("/api/v1/account/auth/status/")).body.isAuthenticated;
    const attempts: Record<string, string>[] = [
      {}, // no token, no Origin, no Fetch Metadata: nothing proves where it comes from
      { "Sec-Fetch-Site": "cross-site" },
      { "Sec-Fetch-Site": "same-site", Origin: "http://demo.localhost:3000" }, // a shop's page posting to the main site
      { Origin: "http://evil.example" },
    ];
    for (const headers of attempts) {
      const client = main();
      await client.request("/login");
      const response = await client.request("/login", { form: credentials, csrf: false, origin: null, headers });
      // 403 from the CSRF check; React Router's own origin check answers a foreign Origin with 400 first.
      expect(headers.Origin ? [400, 403] : [403], JSON.stringify(headers)).toContain(response.status);
      // The refused post signed nobody in.
      expect(await signedIn(client)).toBe(false);
      expect((await client.request("/dashboard")).status).toBe(302);
    }
    // A cross-site post is refused even with the right token.
    const withToken = main();
    await withToken.request("/login");
    const crossSite = await withToken.request("/login", { form: credentials, headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    expect(await signedIn(withToken)).toBe(false);
  });

  it("takes a form post without the token when the browser says it comes from this site (Fetch Metadata, or Origin from an older browser)", async () => {
    const credentials = { email: "demo@example.com", password: "Demo1234!" };
    for (const [origin, headers] of [
      [null, { "Sec-Fetch-Site": "same-origin" }],
      ["http://localhost:3000", {}],
    ] as const) {
      const client = main();
      const response = await client.request("/login", { form: credentials, csrf: false, origin, headers });
      expect(response.status).toBe(302);
      expect((await client.json<{ isAuthenticated: boolean }>("/api/v1/account/auth/status/")).body.isAuthenticated).toBe(true);
    }
    // The API keeps its contract: X-CSRFToken, whatever the browser says.
    const api = main();
    const refused = await api.json("/api/v1/account/auth/login/", {
      json: credentials,
      csrf: false,
      headers: { "Sec-Fetch-Site": "same-origin" },
    });
    expect(refused.status).toBe(403);
  });

  it("logs out with a toast and goes home; the old session cookie no longer works", async () => {
    const client = main();
    await loginForm(client, "demo@example.com", "Demo1234!");
    const sid = client.cookies.get("sid")!;
    const response = await client.request("/logout", { form: {} });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect((await client.html("/")).html).toContain("You have been logged out");
    const stale = main();
    stale.cookies.set("sid", sid);
    const signedOut = await stale.html("/account");
    expect(signedOut.status).toBe(401);
    expect(signedOut.html).toContain("You must be logged in to view this page");
  });

  it("logs in on a shop with a session of that shop's host only", async () => {
    const shop = new TestClient("demo.localhost:3000");
    const response = await loginForm(shop, "demo@example.com", "Demo1234!");
    expect(response.headers.get("Location")).toBe("/products");
    expect(response.headers.getSetCookie().find((c) => c.startsWith("sid="))).not.toMatch(/Domain/i);
    expect((await shop.html("/products")).html).toContain('data-testid="account-menu-name"');
  });
});

describe("account page", () => {
  it("tells visitors they must be logged in, with a login that comes back here (spec section 2)", async () => {
    const visitor = await main().html("/account?section=seller");
    expect(visitor.status).toBe(401);
    expect(visitor.html).toContain("You must be logged in to view this page");
    expect(visitor.html).toContain('href="/login?redirectTo=%2Faccount%3Fsection%3Dseller"');
  });

  it("picks the tab from ?section and ignores bad values; seller tabs only for sellers", async () => {
    const seller = main();
    await seller.signInAs("demo@example.com");
    const sellerPage = (await seller.html("/account?section=bogus")).html;
    expect(sellerPage).toContain("Seller profile");
    expect(sellerPage).toMatch(/aria-current="page"[^>]*>Profile</);

    const admin = main();
    await admin.signInAs("admin@example.com");
    const adminPage = (await admin.html("/account?section=seller")).html;
    expect(adminPage).not.toContain(">Seller profile<");
    expect(adminPage).toMatch(/aria-current="page"[^>]*>Profile</);
  });

  it("answers a resend for an already verified email with the spec's text (the screen's fetcher call)", async () => {
    const client = main();
    await client.signInAs("demo@example.com");
    // `.data` is the address the page's fetcher posts to (React Router single fetch).
    const resend = (language: string) =>
      client.request("/account.data", {
        form: { intent: "resend-verification", email: "demo@example.com" },
        headers: { "Accept-Language": language },
      });
    const english = await resend("en");
    expect(english.status).toBe(400);
    expect(await english.text()).toContain("Your email is already verified!");
    expect(await (await resend("fr")).text()).toContain("Votre adresse e-mail est déjà vérifiée !");
  });

  it("edits the profile and changes the password with forms", async () => {
    const client = main();
    await client.signInAs("pending@example.com");
    const edit = await client.html("/account?section=profile&edit=profile");
    expect(edit.html).toContain('name="first_name"');
    const saved = await client.request("/account?section=profile", {
      form: { intent: "update-profile", first_name: "Paula", last_name: "Pending", phone_number: "+33 6 11 22 33 44", language: "en" },
    });
    expect(saved.status).toBe(302);
    const view = await client.html("/account?section=profile");
    expect(view.html).toContain("Paula Pending");
    expect(view.html).toContain("Profile updated successfully");

    const mismatch = await client.html("/account?section=profile", {
      form: { intent: "change-password", new_password: "Another123!", password_confirm: "Another123?" },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.html).toContain("Passwords don&#x27;t match");
    const changed = await client.request("/account?section=profile", {
      form: { intent: "change-password", new_password: "Another123!", password_confirm: "Another123!" },
    });
    expect(changed.status).toBe(302);
    expect((await client.html("/account")).html).toContain("Password changed successfully");
    const again = main();
    expect((await loginForm(again, "pending@example.com", "Another123!")).status).toBe(302);
  });

  it("shows the seller form's field errors (not a crash) when a bad seller profile is posted", async () => {
    const client = main();
    await client.signInAs("demo@example.com");
    const page = await client.html("/account?section=seller&edit=seller", {
      form: {
        intent: "update-seller-profile",
        business_name: "",
        business_type: "company",
        business_address: "1 rue de la Paix, Paris",
        contact_email: "demo@example.com",
        contact_phone: "0600000000",
        website: "notaurl",
      },
    });
    expect(page.status).toBe(400);
    expect(page.html).toContain("Business name is required");
    expect(page.html).toContain("Valid URL is required");
    expect(page.html).toContain('data-testid="api-keys"'); // the API key card still renders, without the form's errors
  });

  it("shows an API key error as text in the API key card", async () => {
    const client = main();
    await client.signInAs("demo@example.com");
    const page = await client.html("/account?section=seller", { form: { intent: "revoke-api-key", keyId: "999999" } });
    expect(page.status).toBe(404);
    expect(page.html).toMatch(/data-testid="api-keys"[\s\S]*role="alert"[^>]*><p[^>]*>This API key does not exist\.</);
  });
});

describe("verify-email page", () => {
  it("shows the invalid-link message without a token, and verifies on POST only", async () => {
    expect((await main().html("/verify-email")).html).toContain("This verification link is invalid: it has no token.");
    const page = await main().html("/verify-email/abcdefghijklmnopqrstuvwxyz");
    expect(page.html).toContain("Verify my email"); // a GET does not use up the token
    const client = main();
    await client.request("/verify-email/abcdefghijklmnopqrstuvwxyz");
    const result = await client.html("/verify-email/abcdefghijklmnopqrstuvwxyz", { form: {} });
    expect(result.html).toContain("This verification link is invalid or has expired.");
    expect(result.html).toContain('href="/contact"');
  });
});

describe("dashboard", () => {
  it("redirects to / when nobody is logged in (spec section 2) and welcomes users by first name", async () => {
    const visitor = await main().request("/dashboard");
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/");
    const client = main();
    await client.signInAs("demo@example.com");
    expect((await client.html("/dashboard")).html).toContain("Welcome, Dana!");
  });
});
