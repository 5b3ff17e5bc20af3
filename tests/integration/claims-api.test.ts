import { describe, expect, it } from "vitest";
import { onPostgres, sql, TestClient } from "./app";

// Claims from a live's chat through the API (issue 29): product codes, the comments endpoint,
// the claims list and release, bad input and the per-live rate limit.

type Claim = {
  id: number;
  handle: string;
  product: { id: number; name: string; code: string | null };
  variant: { id: number; name: string } | null;
  quantity: number;
  status: string;
  held_until: string | null;
  link: string;
};
type Outcome = { claimed: boolean; claim?: Claim; reason?: string; waitlisted?: boolean; reply?: string };
type ErrorBody = { message: string; errors?: Record<string, string[]> };

const demoSeller = () => new TestClient().signInAs("demo@example.com");

async function rivalSeller() {
  const client = new TestClient();
  const created = await client.json("/api/v1/customer/register/complete/", {
    json: {
      business_name: "Rival Claims",
      subdomain: "rival-claims",
      business_type: "company",
      siret: "12345678901234",
      contact_email: "rival-claims@example.test",
      contact_phone: "0600000000",
      email: "rival-claims@example.test",
      first_name: "Riv",
      last_name: "Al",
      password: "Rival1234!",
      password_confirm: "Rival1234!",
    },
  });
  expect([201, 409]).toContain(created.status);
  return new TestClient().signInAs("rival-claims@example.test");
}

async function startLive(client: TestClient) {
  const created = await client.json<{ id: number; code: string }>("/api/v1/shop/lives/", { json: { title: "Claims", platform: "twitch" } });
  expect(created.status).toBe(201);
  return created.body;
}

/** A product with sizes S and M, one unit each, and a code. */
async function codedProduct(client: TestClient, code: string, name = `Claimed ${code}`) {
  const created = await client.json<{ id: number; code: string; variants: { id: number; name: string }[] }>("/api/v1/shop/products/", {
    json: {
      name,
      price: "20",
      code,
      variants: [
        { options: { Size: "S" }, stock: 1 },
        { options: { Size: "M" }, stock: 1 },
      ],
    },
  });
  expect(created.status).toBe(201);
  return created.body;
}

const post = (client: TestClient, liveId: number, body: unknown, headers?: Record<string, string>) =>
  client.json<Outcome & ErrorBody>(`/api/v1/shop/lives/${liveId}/comments/`, { json: body, headers });

const claimCount = async (liveId: number) =>
  Number((await sql<{ n: number }[]>("select count(*) as n from claims where live_id = ?", liveId))[0]!.n);

describe("product codes", () => {
  it("keeps a code in capitals, unique in the shop whatever the case, on create, update and read", async () => {
    const demo = await demoSeller();
    const product = await codedProduct(demo, "zq9");
    expect(product.code).toBe("ZQ9");
    const taken = await demo.json<ErrorBody>("/api/v1/shop/products/", { json: { name: "Twin", price: "5", code: "Zq9" } });
    expect(taken.status).toBe(409);
    expect(taken.body.errors?.code).toEqual(["Another product of your shop has this code"]);
    expect(await sql("select id from products where name = 'Twin'")).toEqual([]);
    for (const code of ["A 7", "TOOLONG99", "é1", "A-7"]) {
      const bad = await demo.json<ErrorBody>(`/api/v1/shop/products/${product.id}/`, { method: "PATCH", json: { code } });
      expect(bad.status).toBe(400);
      expect(bad.body.errors?.code).toEqual(["Use 1 to 8 letters or digits, such as A7"]);
    }
    const changed = await demo.json<{ code: string | null; name: string }>(`/api/v1/shop/products/${product.id}/`, {
      method: "PATCH",
      json: { code: "zq10" },
    });
    expect(changed.body).toMatchObject({ code: "ZQ10", name: "Claimed zq9" });
    // Its own code again is no clash; another product's code, in another case, is.
    expect((await demo.json(`/api/v1/shop/products/${product.id}/`, { method: "PATCH", json: { code: "ZQ10" } })).status).toBe(200);
    const other = await codedProduct(demo, "zq11");
    expect((await demo.json(`/api/v1/shop/products/${other.id}/`, { method: "PATCH", json: { code: "zQ10" } })).status).toBe(409);
    expect((await demo.json<{ code: string }>(`/api/v1/shop/products/${other.id}/`)).body.code).toBe("ZQ11");
    // Null or empty: no code.
    expect(
      (await demo.json<{ code: null }>(`/api/v1/shop/products/${other.id}/`, { method: "PATCH", json: { code: "" } })).body.code,
    ).toBeNull();
    // Another shop may use the same code.
    const rival = await rivalSeller();
    expect(
      (await rival.json<{ code: string }>("/api/v1/shop/products/", { json: { name: "Rival", price: "5", code: "zq10" } })).body.code,
    ).toBe("ZQ10");
  });

  it("has a Code field in the product editor and a Code column in the products list, in both languages", async () => {
    const demo = await demoSeller();
    const form = { intent: "save-product", name: "Form coded", price: "12", code: "fc1", stock: "" };
    const bad = await demo.html("/dashboard/products/new", { form: { ...form, code: "f c" } });
    expect(bad.status).toBe(400);
    expect(bad.html).toContain("Use 1 to 8 letters or digits, such as A7");
    expect(await sql("select id from products where name = 'Form coded'")).toEqual([]);
    expect((await demo.request("/dashboard/products/new", { form })).status).toBe(302);
    const [row] = await sql<{ id: number; code: string }[]>("select id, code from products where name = 'Form coded'");
    expect(row!.code).toBe("FC1");
    const twin = await demo.html("/dashboard/products/new", { form: { ...form, name: "Form twin", code: "FC1" } });
    expect(twin.status).toBe(409);
    expect(twin.html).toContain("Another product of your shop has this code");
    const edit = await demo.html(`/dashboard/products/${row!.id}`);
    expect(edit.html).toMatch(/<input[^>]*name="code"[^>]*value="FC1"|<input[^>]*value="FC1"[^>]*name="code"/);
    expect(edit.html).toContain("Code");
    const list = await demo.html("/dashboard/products");
    expect(list.html).toContain(">FC1<");
    expect((await demo.request(`/dashboard/products/${row!.id}?lng=fr`)).status).toBe(302);
    const french = await demo.html(`/dashboard/products/${row!.id}`);
    expect(french.html).toContain("Pour les réservations dans le chat d’un live");
  });
});

describe("comments and claims", () => {
  it("holds a claim for the handle, waitlists the next one, lists them and releases one to the waiting handle", async () => {
    const demo = await demoSeller();
    const live = await startLive(demo);
    const product = await codedProduct(demo, "CL1");
    const first = await post(demo, live.id, { platform: "instagram", author: { handle: "@Lea", name: "Léa" }, text: "SOLD cl1 m" });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      claimed: true,
      claim: { handle: "lea", product: { id: product.id, code: "CL1" }, variant: { name: "M" }, quantity: 1, status: "held" },
    });
    expect(first.body.claim!.link).toMatch(new RegExp(`^http://demo\\.localhost:3000/live/${live.code}/c/[A-Za-z0-9_-]{43}$`));
    expect(first.body.reply).toMatch(/^@lea CL1 \(M\) is yours until \d\d:\d\d UTC, pay here: http/);
    const second = await post(demo, live.id, { platform: "instagram", author: { handle: "bob" }, text: "je prends CL1 M" });
    expect(second.body).toMatchObject({ claimed: false, reason: "sold_out", waitlisted: true });
    expect((await post(demo, live.id, { platform: "instagram", author: { handle: "bob" }, text: "great stream" })).body).toEqual({
      claimed: false,
      reason: "not_a_claim",
    });

    const listed = await demo.json<{ results: Claim[] }>(`/api/v1/shop/lives/${live.id}/claims/`);
    expect(listed.status).toBe(200);
    expect(listed.body.results.map((c) => [c.handle, c.status])).toEqual([
      ["bob", "waitlisted"],
      ["lea", "held"],
    ]);

    const released = await demo.request(`/api/v1/shop/lives/${live.id}/claims/${first.body.claim!.id}/`, { method: "DELETE" });
    expect(released.status).toBe(204);
    const after = await demo.json<{ results: Claim[] }>(`/api/v1/shop/lives/${live.id}/claims/`);
    expect(after.body.results.map((c) => [c.handle, c.status])).toEqual([
      ["bob", "held"],
      ["lea", "released"],
    ]);
    const [variant] = await sql<{ stock: number; reserved: number }[]>(
      "select stock, reserved from product_variants where product_id = ? and option_key = 'size=m'",
      product.id,
    );
    expect(variant).toEqual({ stock: 1, reserved: 1 });
  });

  it("refuses bad bodies clearly and stores nothing", async () => {
    const demo = await demoSeller();
    const live = await startLive(demo);
    await codedProduct(demo, "CL2");
    const missing = await post(demo, live.id, { platform: "twitch", text: "sold CL2 S" });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors ?? {})).toEqual(["author"]);
    const blank = await post(demo, live.id, { platform: "twitch", author: { handle: "@" }, text: "sold CL2 S" });
    expect(blank.status).toBe(400);
    expect(blank.body.errors?.["author.handle"]).toEqual(["A handle is one word, such as @lea_92"]);
    const noText = await post(demo, live.id, { platform: "twitch", author: { handle: "lea" } });
    expect(noText.body.errors?.text).toEqual(["This field is required"]);
    const control = await post(demo, live.id, { platform: "twitch", author: { handle: "lea" }, text: "sold CL2 S\u0000" });
    expect(control.status).toBe(400);
    expect(control.body.errors?.text).toBeDefined();
    const huge = await post(demo, live.id, { platform: "twitch", author: { handle: "lea" }, text: "sold CL2 S " + "x".repeat(30_000) });
    expect(huge.status).toBe(400);
    expect(await claimCount(live.id)).toBe(0);

    // A 10 kB comment is read (its start), not refused.
    const long = await post(demo, live.id, { platform: "twitch", author: { handle: "lea" }, text: "sold CL2 S " + "blah ".repeat(2_000) });
    expect(long.status).toBe(200);
    expect(long.body).toMatchObject({ claimed: true, claim: { variant: { name: "S" } } });
  });

  it("answers 404 for another shop's live and another live's claim", async () => {
    const demo = await demoSeller();
    const live = await startLive(demo);
    await codedProduct(demo, "CL3");
    const claim = await post(demo, live.id, { platform: "twitch", author: { handle: "lea" }, text: "sold CL3 S" });
    expect(claim.body.claimed).toBe(true);
    const rival = await rivalSeller();
    expect((await post(rival, live.id, { platform: "twitch", author: { handle: "x" }, text: "sold CL3 M" })).status).toBe(404);
    expect((await rival.json(`/api/v1/shop/lives/${live.id}/claims/`)).status).toBe(404);
    expect((await rival.request(`/api/v1/shop/lives/${live.id}/claims/${claim.body.claim!.id}/`, { method: "DELETE" })).status).toBe(404);
    const otherLive = await startLive(demo);
    expect((await demo.request(`/api/v1/shop/lives/${otherLive.id}/claims/${claim.body.claim!.id}/`, { method: "DELETE" })).status).toBe(
      404,
    );
    expect((await demo.request(`/api/v1/shop/lives/${live.id}/claims/abc/`, { method: "DELETE" })).status).toBe(404);
    expect(await sql("select status from claims where id = ?", claim.body.claim!.id)).toEqual([{ status: "held" }]);
    expect(await claimCount(live.id)).toBe(1);
    // Signed out: 401, nothing stored.
    expect((await post(new TestClient(), live.id, { platform: "twitch", author: { handle: "y" }, text: "sold CL3 M" })).status).toBe(401);
    expect(await claimCount(live.id)).toBe(1);
  });

  it("takes at least 100 comments a second for a live, then answers 429 with Retry-After and reads nothing more", async () => {
    const demo = await demoSeller();
    const live = await startLive(demo);
    await codedProduct(demo, "CL4");
    const accepted = await Promise.all(
      Array.from({ length: 100 }, (_, i) => post(demo, live.id, { platform: "twitch", author: { handle: `v${i}` }, text: "hello" })),
    );
    expect(accepted.every((r) => r.status === 200)).toBe(true);
    // The live's window is full: 300 comments just arrived (stamped a few seconds ahead, so
    // that a slow machine still finds them in the one-second window).
    const at = Date.now() + 5_000;
    const stamp = onPostgres() ? new Date(at) : at;
    await sql(
      `insert into rate_limit_events (key, created_at) values ${Array.from({ length: 300 }, () => "(?, ?)").join(", ")}`,
      ...Array.from({ length: 300 }, () => [`live-comments:${live.id}`, stamp]).flat(),
    );
    const refused = await post(demo, live.id, { platform: "twitch", author: { handle: "late" }, text: "sold CL4 S" });
    expect(refused.status).toBe(429);
    expect(Number(refused.response.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect(refused.body.message).toBe("Too many comments for this live. Please wait before sending more.");
    expect(await claimCount(live.id)).toBe(0);
  });

  it("answers an ended live", async () => {
    const demo = await demoSeller();
    const live = await startLive(demo);
    await codedProduct(demo, "CL5");
    expect((await demo.json(`/api/v1/shop/lives/${live.id}/end/`, { method: "POST" })).status).toBe(200);
    const late = await post(demo, live.id, { platform: "twitch", author: { handle: "lea" }, text: "sold CL5 S" });
    expect(late.body).toMatchObject({ claimed: false, reason: "live_ended" });
    expect(await claimCount(live.id)).toBe(0);
  });
});
