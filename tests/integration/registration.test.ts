import { describe, expect, it } from "vitest";
import { sql, TestClient } from "./app";

const main = () => new TestClient("localhost:3000");
const step1 = (subdomain: string) => ({
  business_name: "Luna Boutique",
  subdomain,
  business_type: "company",
  business_description: "Jewels",
});
const step2 = { siret: "12345678901234", contact_email: "contact@luna.test", contact_phone: "+33 6 12 34 56 78" };
const step3 = (email: string) => ({ email, first_name: "Luna", last_name: "Moon", password: "Luna1234!", password_confirm: "Luna1234!" });

function mailsTo(email: string) {
  return sql<{ subject: string }[]>('select subject from mail_outbox where "to" = ?', email);
}

describe("registration API", () => {
  it("walks the three steps, keeps progress in the session, then creates and logs in the seller", async () => {
    const client = main();
    expect((await client.json("/api/v1/customer/register/status/")).body).toEqual({ current_step: 0, next_step: 1 });

    const s1 = await client.json("/api/v1/customer/register/step1/", { json: step1("luna-boutique") });
    expect(s1.status).toBe(200);
    expect(s1.body).toEqual({ message: "Step 1 completed", current_step: 1, next_step: 2 });
    expect((await client.json("/api/v1/customer/register/status/")).body).toEqual({ current_step: 1, next_step: 2 });
    // Another visitor has no progress.
    expect((await main().json("/api/v1/customer/register/status/")).body).toEqual({ current_step: 0, next_step: 1 });

    const s2 = await client.json("/api/v1/customer/register/step2/", { json: step2 });
    expect(s2.body).toMatchObject({ current_step: 2, next_step: 3 });

    const s3 = await client.json<{ message: string; user: Record<string, unknown> }>("/api/v1/customer/register/step3/", {
      json: step3("luna@example.test"),
    });
    expect(s3.status).toBe(201);
    expect(s3.body.message).toBe("Registration completed! Welcome aboard.");
    expect(s3.body.user).toMatchObject({ email: "luna@example.test", is_seller: true, is_verified: false, first_name: "Luna" });
    const status = await client.json<{ isAuthenticated: boolean }>("/api/v1/account/auth/status/");
    expect(status.body.isAuthenticated).toBe(true);

    const profile = await client.json<Record<string, unknown>>("/api/v1/account/seller-profile/");
    expect(profile.body).toMatchObject({
      business_name: "Luna Boutique",
      business_type: "company",
      business_type_display: "Company",
      subdomain: "luna-boutique",
      shop_url: "http://luna-boutique.localhost:3000",
      siret: "12345678901234",
      verification_status: "under_review",
      verification_status_display: "Under review",
      is_onboarding_complete: false,
      can_receive_payments: false,
    });
    expect((await mailsTo("luna@example.test")).map((m) => m.subject)).toEqual(["Confirm your email address"]);
    // The shop is not live yet: its address says it opens soon.
    expect((await new TestClient("luna-boutique.localhost:3000").request("/products")).status).toBe(503);
  });

  it("rejects unknown step numbers and steps out of order", async () => {
    const client = main();
    const invalid = await client.json<{ message: string }>("/api/v1/customer/register/step4/", { json: {} });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe("Invalid step number: 4");
    const zero = await client.json<{ message: string }>("/api/v1/customer/register/step0/", { json: {} });
    expect(zero.body.message).toBe("Invalid step number: 0");
    const early = await client.json<{ message: string }>("/api/v1/customer/register/step2/", { json: step2 });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe("Please complete step 1 first.");
  });

  it("gives field messages for bad, reserved and taken subdomains", async () => {
    const client = main();
    const pattern = await client.json<{ errors: Record<string, string[]> }>("/api/v1/customer/register/step1/", {
      json: step1("Bad_Name"),
    });
    expect(pattern.status).toBe(400);
    expect(pattern.body.errors.subdomain).toEqual(["Subdomain must contain only lowercase letters, numbers, and hyphens"]);
    const hyphen = await client.json<{ errors: Record<string, string[]> }>("/api/v1/customer/register/step1/", { json: step1("-luna") });
    expect(hyphen.body.errors.subdomain).toEqual(["Subdomain cannot start or end with a hyphen"]);
    const required = await client.json<{ errors: Record<string, string[]> }>("/api/v1/customer/register/step1/", {
      json: { ...step1(""), subdomain: "" },
    });
    expect(required.body.errors.subdomain).toEqual(["Subdomain is required"]);
    const reserved = await client.json<{ errors: Record<string, string[]> }>("/api/v1/customer/register/step1/", { json: step1("admin") });
    expect(reserved.body.errors.subdomain).toEqual(["This subdomain is reserved. Please choose another one."]);
    const taken = await client.json<{ errors: Record<string, string[]> }>("/api/v1/customer/register/step1/", { json: step1("demo") });
    expect(taken.status).toBe(409);
    expect(taken.body.errors.subdomain).toEqual(["This subdomain is already taken. Please choose another one."]);
  });

  it("refuses an email that already has an account (409 with a field message)", async () => {
    const client = main();
    await client.json("/api/v1/customer/register/step1/", { json: step1("dupe-mail-shop") });
    await client.json("/api/v1/customer/register/step2/", { json: step2 });
    const dupe = await client.json<{ errors: Record<string, string[]> }>("/api/v1/customer/register/step3/", {
      json: step3("demo@example.com"),
    });
    expect(dupe.status).toBe(409);
    expect(dupe.body.errors.email).toEqual(["An account with this email already exists."]);
  });

  it("complete/ registers in one call and reports every invalid field at once", async () => {
    const bad = await main().json<{ errors: Record<string, string[]> }>("/api/v1/customer/register/complete/", {
      json: { subdomain: "ok-shop" },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(
      // The identification number is not listed: individuals may leave it out (it depends on business_type).
      [
        "business_name",
        "business_type",
        "contact_email",
        "contact_phone",
        "email",
        "first_name",
        "last_name",
        "password",
        "password_confirm",
      ].sort(),
    );
    const ok = await main().json("/api/v1/customer/register/complete/", {
      json: { ...step1("one-shot"), ...step2, ...step3("oneshot@example.test") },
    });
    expect(ok.status).toBe(201);
  });

  it("asks the country first: a German company gives a tax number, an individual may give none", async () => {
    const german = { ...step1("berlin-shop"), ...step2, country: "DE", siret: "", ...step3("berlin@example.test") };
    const missing = await main().json<{ errors: Record<string, string[]> }>("/api/v1/customer/register/complete/", { json: german });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.siret).toEqual(["A company or tax number is required for companies and non-profits"]);
    const client = main();
    const created = await client.json("/api/v1/customer/register/complete/", { json: { ...german, siret: "DE 811 907 980" } });
    expect(created.status).toBe(201);
    const profile = await client.json<Record<string, unknown>>("/api/v1/account/seller-profile/");
    expect(profile.body).toMatchObject({ country: "DE", tax_id: "DE 811 907 980", siret: "" });
    // Right after registering, the next onboarding step is the payment account, not the business details again.
    expect((profile.body.onboarding_steps as { step: string; completed: boolean }[]).find((s) => !s.completed)?.step).toBe(
      "stripe_connect",
    );

    const individual = await main().json("/api/v1/customer/register/complete/", {
      json: { ...step1("solo-shop"), business_type: "individual", ...step2, siret: "", ...step3("solo@example.test") },
    });
    expect(individual.status).toBe(201);
  });

  it("is for visitors only", async () => {
    const client = main();
    await client.signInAs("demo@example.com");
    expect((await client.json("/api/v1/customer/register/step1/", { json: step1("x-shop") })).status).toBe(403);
    // The refused step recorded no progress and reserved nothing.
    expect(await sql("select id from shops where subdomain = 'x-shop'")).toHaveLength(0);
    expect(await sql("select count(*) as n from registration_progress where cast(data as text) like '%x-shop%'")).toEqual([{ n: 0 }]);
    const page = await client.request("/register");
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/dashboard");
  });
});

describe("registration screen without JavaScript", () => {
  it("posts each step as a form and ends on /dashboard", async () => {
    const client = main();
    const start = await client.html("/register");
    expect(start.html).toContain("Step 1 of 3");
    const r1 = await client.request("/register", { form: { intent: "step1", ...step1("form-shop") } });
    expect(r1.status).toBe(302);
    expect(r1.headers.get("Location")).toBe("/register?step=2");
    const page2 = await client.html("/register?step=2");
    expect(page2.html).toContain("Step 2 of 3");
    expect(page2.html).toContain("Step 1 completed");
    // Back to step 1 keeps what was typed.
    expect((await client.html("/register?step=1")).html).toContain('value="form-shop"');
    // Reloading /register resumes at the next step.
    expect((await client.html("/register")).html).toContain("Step 2 of 3");

    const bad = await client.html("/register?step=2", { form: { intent: "step2", ...step2, siret: "12" } });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("SIRET must be exactly 14 digits");
    // The country comes first; a company must give its number (step 1 said company).
    expect(bad.html).toMatch(/<select[^>]*name="country"/);
    const none = await client.html("/register?step=2", { form: { intent: "step2", ...step2, country: "BE", siret: "" } });
    expect(none.status).toBe(400);
    expect(none.html).toContain("A company or tax number is required for companies and non-profits");

    await client.request("/register", { form: { intent: "step2", ...step2 } });
    // Previous on step 3 keeps the typed names and email, never the password.
    const back = await client.request("/register?step=3", {
      form: { intent: "step3", back: "1", ...step3("form@example.test"), first_name: "Lunette" },
    });
    expect(back.headers.get("Location")).toBe("/register?step=2");
    const again = await client.html("/register?step=3");
    expect(again.html).toContain('value="Lunette"');
    expect(again.html).toContain('value="form@example.test"');
    expect(again.html).not.toContain("Luna1234!");
    const r3 = await client.request("/register?step=3", { form: { intent: "step3", ...step3("form@example.test") } });
    expect(r3.status).toBe(302);
    expect(r3.headers.get("Location")).toBe("/dashboard");
    expect(r3.headers.get("X-Remix-Replace")).toBe("true");
    const dashboard = await client.html("/dashboard");
    expect(dashboard.html).toContain("Welcome, Luna!");
    expect(dashboard.html).toContain("Registration completed! Welcome aboard.");
  });
});

describe("registration limits per client address", () => {
  it("creates at most 10 accounts an hour from one address, then answers 429 with the spec's message", async () => {
    const address = "192.0.2.80";
    for (let i = 0; i < 10; i++) {
      const created = await main().json("/api/v1/customer/register/complete/", {
        json: { ...step1(`sweep-${i}`), ...step2, ...step3(`sweep${i}@example.test`) },
        clientAddress: address,
      });
      expect(created.status).toBe(201);
    }
    const refused = await main().json<{ message: string }>("/api/v1/customer/register/complete/", {
      json: { ...step1("sweep-10"), ...step2, ...step3("sweep10@example.test") },
      clientAddress: address,
    });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe("Too many requests. Please wait before trying again.");
    expect(Number(refused.response.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Nothing was created for the refused request.
    const login = await main().json("/api/v1/account/auth/login/", {
      json: { email: "sweep10@example.test", password: "Luna1234!" },
      clientAddress: "192.0.2.81",
    });
    expect(login.status).toBe(400);
  }, 120_000);

  it("limits the wizard's steps too, and the screen keeps what was typed with the translated message", async () => {
    const address = "192.0.2.90";
    const client = main();
    for (let i = 0; i < 40; i++) {
      const saved = await client.json("/api/v1/customer/register/step1/", { json: step1(`steps-${i}`), clientAddress: address });
      expect(saved.status).toBe(200);
    }
    const refused = await client.json<{ message: string }>("/api/v1/customer/register/step1/", {
      json: step1("steps-40"),
      headers: { "Accept-Language": "fr" },
      clientAddress: address,
    });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe("Trop de demandes. Veuillez patienter avant de réessayer.");

    const screen = main();
    await screen.request("/register", { clientAddress: address });
    const page = await screen.html("/register", { form: { intent: "step1", ...step1("typed-shop") }, clientAddress: address });
    expect(page.status).toBe(429);
    expect(page.html).toContain("Too many requests. Please wait before trying again.");
    expect(page.html).toContain('value="typed-shop"');
    // Another address is not affected.
    const other = await main().request("/register", { form: { intent: "step1", ...step1("other-shop") }, clientAddress: "192.0.2.91" });
    expect(other.status).toBe(302);
  });
});
