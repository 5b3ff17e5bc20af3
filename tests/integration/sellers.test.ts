import { spawnSync } from "node:child_process";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { sql, TestClient } from "./app";

const main = () => new TestClient("localhost:3000");
// A 1x1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

const loggedIn = (email: string, host = "localhost:3000") => new TestClient(host).signInAs(email);

async function newSeller(subdomain: string) {
  const client = main();
  const { status } = await client.json("/api/v1/customer/register/complete/", {
    json: {
      business_name: `Shop ${subdomain}`,
      subdomain,
      business_type: "individual",
      siret: "12345678901234",
      contact_email: `${subdomain}@example.test`,
      contact_phone: "0600000000",
      email: `${subdomain}@example.test`,
      first_name: "Sam",
      last_name: "Seller",
      password: "Seller123!",
      password_confirm: "Seller123!",
    },
  });
  expect(status).toBe(201);
  return client;
}

function multipart(fields: Record<string, string>, logo?: { bytes: Buffer; name: string; type: string }) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (logo) form.set("shop_logo", new Blob([new Uint8Array(logo.bytes)], { type: logo.type }), logo.name);
  return form;
}

describe("seller profile API", () => {
  it("answers 401 to visitors and 403 to users who are not sellers", async () => {
    expect((await main().json("/api/v1/account/seller-profile/")).status).toBe(401);
    const admin = await loggedIn("admin@example.com");
    const { status, body } = await admin.json<{ message: string }>("/api/v1/account/seller-profile/");
    expect(status).toBe(403);
    expect(body.message).toBe("Only sellers can do this.");
  });

  it("returns every field with display values and the onboarding steps", async () => {
    const demo = await loggedIn("demo@example.com");
    const { body } = await demo.json<Record<string, unknown>>("/api/v1/account/seller-profile/", { headers: { "Accept-Language": "fr" } });
    expect(body).toMatchObject({
      business_name: "Demo Live Shop",
      business_type_display: "Entreprise",
      verification_status: "verified",
      verification_status_display: "Vérifié",
      stripe_connect_account_id: "acct_sim_demo",
      can_receive_payments: true,
      is_onboarding_complete: true,
      shop_url: "http://demo.localhost:3000",
    });
    expect(body.onboarding_steps).toEqual([
      { step: "profile_info", completed: true },
      { step: "business_details", completed: true },
      { step: "stripe_connect", completed: true },
      { step: "verification", completed: true },
      { step: "tenant_setup", completed: true },
    ]);
  });

  it("patches with the spec's validation messages; completing details moves onboarding", async () => {
    const client = await newSeller("patchy");
    const bad = await client.json<{ errors: Record<string, string[]> }>("/api/v1/account/seller-profile/", {
      method: "PATCH",
      json: { business_name: "", business_address: "", contact_email: "nope", contact_phone: "", website: "ftp:/x" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      business_name: ["Business name is required"],
      business_address: ["Business address is required"],
      contact_email: ["Valid email is required"],
      contact_phone: ["Contact phone is required"],
      website: ["Valid URL is required"],
    });
    const ok = await client.json<{ onboarding_steps: { step: string; completed: boolean }[]; business_address: string }>(
      "/api/v1/account/seller-profile/",
      {
        method: "PATCH",
        json: { business_address: "5 avenue de Paris, Lyon", website: "https://patchy.example" },
      },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.business_address).toBe("5 avenue de Paris, Lyon");
    expect(ok.body.onboarding_steps.find((s) => s.step === "business_details")?.completed).toBe(true);
  });
});

describe("shop customization API", () => {
  it("refuses sellers whose onboarding is incomplete, and non-sellers", async () => {
    const client = await newSeller("locked-shop");
    const locked = await client.json<{ message: string }>("/api/v1/customer/shop/customization/update/", {
      method: "PUT",
      json: { shop_name: "X" },
    });
    expect(locked.status).toBe(403);
    expect(locked.body.message).toBe("Complete your onboarding before customizing your shop.");
    // The refused update left the shop's name as registered.
    expect(await sql("select name from shops where subdomain = 'locked-shop'")).toEqual([{ name: "Shop locked-shop" }]);
    const admin = await loggedIn("admin@example.com");
    expect((await admin.json("/api/v1/customer/shop/customization/")).status).toBe(403);
  });

  it("updates from a multipart form: logo checked by content, colours, banner, CSS sanitised, minimum amount", async () => {
    const demo = await loggedIn("demo@example.com");
    const before = await demo.json<Record<string, unknown>>("/api/v1/customer/shop/customization/");
    expect(before.body).toMatchObject({
      shop_name: "Demo Live Shop",
      primary_color: "#FF0055",
      minimum_order_amount: null,
      shop_logo: null,
    });

    const saved = await demo.json<Record<string, unknown>>("/api/v1/customer/shop/customization/update/", {
      method: "PUT",
      body: multipart(
        {
          primary_color: "#0A7D4F",
          checkout_banner_text_fr: "Soldes ce soir",
          custom_css:
            ".checkout-banner { font-weight: 700 } @import url(https://evil.example/x.css); body { background: url(https://evil.example/?q) }",
          minimum_order_amount: "12.50",
        },
        { bytes: PNG, name: "logo.png", type: "image/png" },
      ),
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      shop_name: "Demo Live Shop",
      primary_color: "#0a7d4f",
      checkout_banner_text_fr: "Soldes ce soir",
      minimum_order_amount: "12.50",
    });
    const css = String(saved.body.custom_css);
    expect(css).toContain(".shop-custom-css .checkout-banner");
    expect(css).not.toMatch(/@import|url\(|evil/);
    expect((saved.body.custom_css_removed as string[]).length).toBeGreaterThan(0);
    const logo = String(saved.body.shop_logo);
    expect(logo).toMatch(/^http:\/\/localhost:3000\/uploads\/[a-f0-9]{32}\.png$/);

    const file = await demo.request(new URL(logo).pathname);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Type")).toBe("image/png");
    expect(file.headers.get("X-Content-Type-Options")).toBe("nosniff");
    // The stored logo is the upload re-encoded (sharp): the same 1x1 PNG picture, not the uploaded bytes.
    const stored = Buffer.from(await file.arrayBuffer());
    expect(stored.equals(PNG)).toBe(false);
    expect(await sharp(stored).metadata()).toMatchObject({ format: "png", width: 1, height: 1 });

    // The live shop wears it: public endpoint and the shop page.
    const shop = new TestClient("demo.localhost:3000");
    const publicView = await shop.json<Record<string, unknown>>("/api/v1/customer/shop/customization/public/", {
      headers: { "Accept-Language": "fr" },
    });
    expect(publicView.body).toMatchObject({
      primary_color: "#0a7d4f",
      checkout_banner_text: "Soldes ce soir",
      minimum_order_amount: "12.50",
    });
    const page = await shop.html("/products");
    expect(page.html).toContain("--shop-primary:#0a7d4f");
    expect(page.html).toContain(".shop-custom-css .checkout-banner");
    expect(page.html).toContain(new URL(logo).pathname);
    expect((await main().json("/api/v1/customer/shop/customization/public/")).status).toBe(404);
  });

  it("refuses SVG, renamed text and files over 2 MB, bad colours and amounts under 5", async () => {
    const demo = await loggedIn("demo@example.com");
    const put = (fields: Record<string, string>, logo?: { bytes: Buffer; name: string; type: string }) =>
      demo.json<{ errors: Record<string, string[]> }>("/api/v1/customer/shop/customization/update/", {
        method: "PUT",
        body: multipart(fields, logo),
      });
    const svg = await put(
      {},
      {
        bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        name: "logo.png",
        type: "image/png",
      },
    );
    expect(svg.status).toBe(400);
    expect(svg.body.errors.shop_logo).toEqual(["SVG logos are not accepted: use PNG, JPEG, GIF or WebP."]);
    const text = await put({}, { bytes: Buffer.from("just some text pretending"), name: "logo.png", type: "image/png" });
    expect(text.body.errors.shop_logo).toEqual(["The logo must be an image (PNG, JPEG, GIF or WebP)."]);
    // PNG magic bytes over garbage: sharp cannot decode it, so it is the same 400, never a 500.
    const fake = await put({}, { bytes: Buffer.concat([PNG.subarray(0, 8), Buffer.from("garbage")]), name: "logo.png", type: "image/png" });
    expect(fake.status).toBe(400);
    expect(fake.body.errors.shop_logo).toEqual(["The logo must be an image (PNG, JPEG, GIF or WebP)."]);
    const big = Buffer.concat([PNG, Buffer.alloc(3 * 1024 * 1024)]);
    const large = await put({}, { bytes: big, name: "big.png", type: "image/png" });
    expect(large.status).toBe(400);
    expect(large.body.errors.shop_logo).toEqual(["Logo file must be less than 2MB"]);
    const colour = await put({ primary_color: "red;background:url(x)" });
    expect(colour.body.errors.primary_color).toEqual(["Enter a valid CSS colour, e.g. #FF0055"]);
    const low = await put({ minimum_order_amount: "4.99" });
    expect(low.body.errors.minimum_order_amount).toEqual(["Minimum order amount must be at least €5"]);
  });

  it("takes null (what its GET answers for an unset amount) as clearing the field", async () => {
    const demo = await loggedIn("demo@example.com");
    const url = "/api/v1/customer/shop/customization/update/";
    const set = await demo.json(url, {
      method: "PUT",
      json: { minimum_order_amount: "15", custom_css: "h1 { color: red }", checkout_banner_text_en: "Hello" },
    });
    expect(set.status).toBe(200);
    const cleared = await demo.json<Record<string, unknown>>(url, {
      method: "PUT",
      json: {
        minimum_order_amount: null,
        custom_css: null,
        checkout_banner_text_en: null,
        checkout_banner_text_fr: null,
        shop_name: null,
        primary_color: null,
      },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({
      minimum_order_amount: null,
      custom_css: "",
      checkout_banner_text_en: "",
      checkout_banner_text_fr: "",
    });
    expect(cleared.body.shop_name).toBeTruthy(); // a name and colours cannot be cleared: null leaves them as they are
    expect(cleared.body.primary_color).toBeTruthy();
    // The GET's own answer can be sent back as it is.
    const current = await demo.json<Record<string, unknown>>("/api/v1/customer/shop/customization/");
    const roundTrip = await demo.json<Record<string, unknown>>(url, { method: "PUT", json: current.body });
    expect(roundTrip.status).toBe(200);
    expect(roundTrip.body).toMatchObject({ shop_name: current.body.shop_name, minimum_order_amount: null, custom_css: "" });
  });

  it("a seller only ever reads their own shop's customization", async () => {
    const other = await newSeller("other-shop");
    await sql(
      "update seller_profiles set verification_status='verified', business_address='x', stripe_charges_enabled=true where contact_email='other-shop@example.test'",
    );
    await sql("update shops set is_live=true where subdomain='other-shop'");
    const mine = await other.json<{ shop_name: string }>("/api/v1/customer/shop/customization/");
    expect(mine.body.shop_name).toBe("Shop other-shop");
    // There is no way to name another shop: a shop id or subdomain in the query changes nothing.
    const attempt = await other.json<{ shop_name: string }>("/api/v1/customer/shop/customization/?subdomain=demo&shop_id=1");
    expect(attempt.body.shop_name).toBe("Shop other-shop");
  });
});

describe("admin approval", () => {
  it("is a 404 for visitors and non-staff users", async () => {
    expect((await main().request("/admin/sellers")).status).toBe(404);
    const demo = await loggedIn("demo@example.com");
    expect((await demo.request("/admin/sellers")).status).toBe(404);
    expect((await demo.request("/admin/sellers", { form: { intent: "approve", userId: "1" } })).status).toBe(404);
  });

  it("lists sellers under review; approving mails the seller and puts a ready shop live", async () => {
    const seller = await newSeller("ready-shop");
    await seller.json("/api/v1/account/seller-profile/", { method: "PATCH", json: { business_address: "1 rue du Test" } });
    await sql("update seller_profiles set stripe_charges_enabled=true where contact_email='ready-shop@example.test'");
    const [{ id: userId }] = await sql<[{ id: number }]>("select id from users where email='ready-shop@example.test'");

    const admin = new TestClient();
    await admin.signInAs("admin@example.com");
    const list = await admin.html("/admin/sellers");
    expect(list.status).toBe(200);
    expect(list.html).toContain("ready-shop@example.test");
    expect(list.html).toContain("pending@example.com");

    const approved = await admin.request("/admin/sellers", { form: { intent: "approve", userId: String(userId), filter: "under_review" } });
    expect(approved.status).toBe(302);
    expect((await new TestClient("ready-shop.localhost:3000").request("/products")).status).toBe(200);
    const [mail] = await sql<[{ subject: string; text: string }]>(
      "select subject, text from mail_outbox where \"to\"='ready-shop@example.test' order by id desc",
    );
    expect(mail.subject).toBe("Your seller account is approved");
    expect(mail.text).toContain("your shop is now live");
    expect(mail.text).not.toContain("remaining onboarding steps");
  });

  it("rejects with a reason, which is required", async () => {
    await newSeller("rejected-shop");
    const [{ id: userId }] = await sql<[{ id: number }]>("select id from users where email='rejected-shop@example.test'");
    const admin = new TestClient();
    await admin.signInAs("admin@example.com");
    const missing = await admin.html("/admin/sellers", { form: { intent: "reject", userId: String(userId), reason: "" } });
    expect(missing.status).toBe(400);
    expect(missing.html).toContain("Give a reason (3 to 500 characters).");
    const rejected = await admin.request("/admin/sellers", {
      form: { intent: "reject", userId: String(userId), reason: "SIRET does not match the company" },
    });
    expect(rejected.status).toBe(302);
    const seller = await loggedIn("rejected-shop@example.test");
    const profile = await seller.json<Record<string, unknown>>("/api/v1/account/seller-profile/");
    expect(profile.body).toMatchObject({ verification_status: "rejected", rejection_reason: "SIRET does not match the company" });
  });

  it("mails a seller once per decision: approving twice sends one mail, a rejection with a new reason another", async () => {
    await newSeller("twice-shop");
    const [{ id: userId }] = await sql<[{ id: number }]>("select id from users where email='twice-shop@example.test'");
    const admin = new TestClient();
    await admin.signInAs("admin@example.com");
    const decide = (form: Record<string, string>) => admin.request("/admin/sellers", { form: { userId: String(userId), ...form } });
    const mails = async () =>
      (await sql<{ template: string }[]>("select template from mail_outbox where \"to\"='twice-shop@example.test' order by id")).map(
        (m) => m.template,
      );
    const before = (await mails()).length;
    expect((await Promise.all([decide({ intent: "approve" }), decide({ intent: "approve" })])).map((r) => r.status)).toEqual([302, 302]);
    expect((await mails()).slice(before)).toEqual(["seller_approved"]);
    expect((await decide({ intent: "reject", reason: "SIRET does not match" })).status).toBe(302);
    expect((await decide({ intent: "reject", reason: "SIRET does not match" })).status).toBe(302);
    expect((await decide({ intent: "reject", reason: "The company is closed" })).status).toBe(302);
    expect((await mails()).slice(before)).toEqual(["seller_approved", "seller_rejected", "seller_rejected"]);
  });

  it("works from the shell: npm run admin -- approve <email>", async () => {
    await newSeller("cli-shop");
    const run = spawnSync(process.execPath, ["scripts/admin.js", "approve", "cli-shop@example.test"], {
      env: process.env,
      encoding: "utf8",
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("Approved cli-shop@example.test.");
    const unknown = spawnSync(process.execPath, ["scripts/admin.js", "approve", "nobody@example.test"], {
      env: process.env,
      encoding: "utf8",
    });
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain("This seller does not exist.");
    expect(unknown.stderr).not.toContain("admin.sellers.not_found");
    const seller = await loggedIn("cli-shop@example.test");
    expect((await seller.json<{ verification_status: string }>("/api/v1/account/seller-profile/")).body.verification_status).toBe(
      "verified",
    );
    // Approved, but the shop is not live yet (no payment account): the mail says so.
    const [mail] = await sql<[{ text: string }]>(
      "select text from mail_outbox where \"to\"='cli-shop@example.test' and template='seller_approved'",
    );
    expect(mail.text).toContain("remaining onboarding steps");
    expect(mail.text).not.toContain("now live");
  });

  it("rejects from the shell without a reason: nothing stored, a default reason in the seller's language", async () => {
    await newSeller("cli-rejected");
    const run = spawnSync(process.execPath, ["scripts/admin.js", "reject", "cli-rejected@example.test"], {
      env: process.env,
      encoding: "utf8",
    });
    expect(run.status).toBe(0);
    const [mail] = await sql<[{ text: string }]>(
      "select text from mail_outbox where \"to\"='cli-rejected@example.test' and template='seller_rejected'",
    );
    await sql("update users set language='fr' where email='cli-rejected@example.test'");
    expect(mail.text).toContain("Reason: Your application does not meet our requirements.");

    const seller = new TestClient();
    await seller.signInAs("cli-rejected@example.test");
    const profile = await seller.json<Record<string, unknown>>("/api/v1/account/seller-profile/");
    expect(profile.body).toMatchObject({ verification_status: "rejected", rejection_reason: "" });
    // Shown translated in the language the seller reads the page in (logging in does not switch it).
    const french = "Votre candidature ne répond pas à nos exigences.";
    await seller.request("/dashboard?lng=fr");
    expect((await seller.html("/dashboard")).html).toContain(french);
    expect((await seller.html("/account?section=seller")).html).toContain(french);
  });
});

describe("dashboard", () => {
  it("shows the seller's real numbers, counting shop page views", async () => {
    const shop = new TestClient("demo.localhost:3000");
    await shop.request("/products");
    await shop.request("/products?page=2", { headers: { "User-Agent": "Googlebot/2.1" } });
    const demo = new TestClient();
    await demo.signInAs("demo@example.com");
    const { html } = await demo.html("/dashboard");
    expect(html).toContain('data-testid="shop-live-card"');
    expect(html).toMatch(/data-testid="stat-products"[^>]*>25</);
    expect(html).toMatch(/data-testid="stat-views"[^>]*>[1-9]/);
    // The demo orders: five paid, the latest events first.
    expect(html).toMatch(/data-testid="stat-orders"[^>]*>5</);
    expect(html).toContain('data-testid="activity-list"');
    expect(html).toContain("Order #0005 placed by Léa Petit");
  });
});
