import { describe, expect, it } from "vitest";
import { shippingFields, sql, sqlNow, TestClient } from "./app";

type Page<T = Record<string, unknown>> = { count: number; next: string | null; previous: string | null; results: T[] };
type LiveBody = {
  id: number;
  code: string;
  title: string;
  platform: string;
  chat_channel: string | null;
  url: string;
  status: "live" | "ended";
  scheduled_at: string | null;
  started_at: string;
  ended_at: string | null;
  pinned_product_id: number | null;
  reminder_delay_minutes: number | null;
  stats: Record<string, unknown>;
};
type ErrorBody = { message: string; errors?: Record<string, string[]> };

const card = { card_number: "4242424242424242", exp_month: 12, exp_year: 2099, cvc: "123" };

const signedIn = (email: string, host?: string) => new TestClient(host).signInAs(email);
const demoSeller = () => signedIn("demo@example.com");

/** A second seller with a shop of their own (registered once per file). */
async function rivalSeller() {
  const client = new TestClient();
  const created = await client.json("/api/v1/customer/register/complete/", {
    json: {
      business_name: "Rival Lives",
      subdomain: "rival-lives",
      business_type: "company",
      siret: "12345678901234",
      contact_email: "rival-lives@example.test",
      contact_phone: "0600000000",
      email: "rival-lives@example.test",
      first_name: "Riv",
      last_name: "Al",
      password: "Rival1234!",
      password_confirm: "Rival1234!",
    },
  });
  expect([201, 409]).toContain(created.status);
  return signedIn("rival-lives@example.test");
}

async function startLive(client: TestClient, title = "Friday drop") {
  const created = await client.json<LiveBody>("/api/v1/shop/lives/", { json: { title, platform: "instagram" } });
  expect(created.status).toBe(201);
  return created.body;
}

/** An order placed in the demo shop through its API, bought during `liveId` (as the live link does), paid if asked. */
async function liveOrder(liveId: number | null, reference: string, options: { paid?: boolean; total?: string } = {}) {
  const shopper = new TestClient("demo.localhost:3000");
  const order = await shopper.json<{ id: number }>("/api/v1/shop/orders/", {
    json: shippingFields({ full_name: "Lina Live", email: "lina@example.test", reference, total_amount: options.total ?? "30.00" }),
  });
  expect(order.status).toBe(201);
  if (liveId !== null) await sql("update orders set live_id = ? where id = ?", liveId, order.body.id);
  if (options.paid) {
    const pay = await shopper.json<{ client_secret: string }>("/api/v1/payment/pay/", {
      json: { order_id: order.body.id, provider_slug: "simulated" },
    });
    const paid = await shopper.json<{ status: string }>("/api/v1/payment/simulated/confirm/", {
      json: { client_secret: pay.body.client_secret, ...card },
    });
    expect(paid.body.status).toBe("succeeded");
  }
  return order.body.id;
}

const liveRow = async (id: number) =>
  (
    await sql<{ ended_at: number | null; pinned_product_id: number | null; reminder_delay_minutes: number | null; title: string }[]>(
      "select ended_at, pinned_product_id, reminder_delay_minutes, title from lives where id = ?",
      id,
    )
  )[0]!;
const liveCount = async () => (await sql<{ n: number }[]>("select count(*) as n from lives"))[0]!.n;
const eventsOf = async (id: number, kind: string) =>
  (await sql<{ n: number }[]>("select count(*) as n from live_events where live_id = ? and kind = ?", id, kind))[0]!.n;

describe("POST and GET /api/v1/shop/lives/", () => {
  it("starts a live with its code and link, and lists the seller's lives newest first, paginated, with or without the slash", async () => {
    const demo = await demoSeller();
    const created = await demo.json<LiveBody>("/api/v1/shop/lives/", {
      json: { title: "  Winter drop ", platform: "tiktok", scheduled_at: "2026-12-01T20:30:00+01:00" },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      code: expect.stringMatching(/^[a-z2-9]{6}$/),
      title: "Winter drop",
      platform: "tiktok",
      language: "en",
      chat_channel: null,
      url: `http://demo.localhost:3000/live/${created.body.code}`,
      status: "live",
      scheduled_at: "2026-12-01T19:30:00.000Z",
      started_at: expect.any(String),
      ended_at: null,
      pinned_product_id: null,
      reminder_delay_minutes: null,
      stats: { visits: 0, checkouts_started: 0, paid_orders: 0, open_checkouts: 0, revenue: "0.00", conversion_rate: null },
    });
    // Absent, null or empty: not scheduled.
    for (const scheduled of [{}, { scheduled_at: null }, { scheduled_at: "" }]) {
      const unscheduled = await demo.json<LiveBody>("/api/v1/shop/lives", { json: { title: "Now", platform: "other", ...scheduled } });
      expect(unscheduled.status).toBe(201);
      expect(unscheduled.body.scheduled_at).toBeNull();
    }
    for (let i = 0; i < 8; i++) await startLive(demo, `Live ${i}`);

    for (const path of ["/api/v1/shop/lives/", "/api/v1/shop/lives"]) {
      const page1 = await demo.json<Page<LiveBody>>(path);
      expect(page1.status).toBe(200);
      expect(page1.body.count).toBe(12);
      expect(page1.body.results).toHaveLength(10);
      expect(page1.body.results[0]!.title).toBe("Live 7"); // newest first
      expect(page1.body.results.find((l) => l.id === created.body.id)).toBeUndefined();
      expect(page1.body.previous).toBeNull();
      expect(page1.body.next).toBe(`http://localhost:3000${path}?page=2`);
    }
    const page2 = await demo.json<Page<LiveBody>>("/api/v1/shop/lives/?page=2");
    expect(page2.body.results.map((l) => l.title)).toEqual(["Now", "Winter drop"]);
    expect(page2.body.results[1]).toEqual(created.body);
    expect(page2.body.next).toBeNull();
    expect(page2.body.previous).toContain("page=1");
    const small = await demo.json<Page<LiveBody>>("/api/v1/shop/lives/?page_size=5&page=3");
    expect(small.body.results.map((l) => l.title)).toEqual(["Now", "Winter drop"]);
    expect((await demo.json<Page>("/api/v1/shop/lives/?page=9")).body.results).toEqual([]);
    expect((await demo.json<ErrorBody>("/api/v1/shop/lives/?page_size=101")).status).toBe(400);
    expect((await demo.json<ErrorBody>("/api/v1/shop/lives/?page=zero")).status).toBe(400);
  });

  it("takes the live's language, by default the one the seller's request is answered in (issue 29)", async () => {
    const demo = await demoSeller();
    const french = await demo.json<LiveBody & { language: string }>("/api/v1/shop/lives/", {
      json: { title: "Vente du soir", platform: "twitch" },
      headers: { "Accept-Language": "fr" },
    });
    expect(french.status).toBe(201);
    expect(french.body.language).toBe("fr");
    const chosen = await demo.json<LiveBody & { language: string }>("/api/v1/shop/lives/", {
      json: { title: "Evening sale", platform: "twitch", language: "en" },
      headers: { "Accept-Language": "fr" },
    });
    expect(chosen.body.language).toBe("en");
    expect((await demo.json<LiveBody & { language: string }>(`/api/v1/shop/lives/${french.body.id}/`)).body.language).toBe("fr");
    const rows = await sql<{ language: string }[]>(
      "select language from lives where id in (?, ?) order by id",
      french.body.id,
      chosen.body.id,
    );
    expect(rows.map((r) => r.language)).toEqual(["fr", "en"]);

    const before = await liveCount();
    const refused = await demo.json<ErrorBody>("/api/v1/shop/lives/", { json: { title: "Abend", platform: "twitch", language: "de" } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ language: ["Choose English or French."] });
    const refusedFr = await demo.json<ErrorBody>("/api/v1/shop/lives/", {
      json: { title: "Abend", platform: "twitch", language: "de" },
      headers: { "Accept-Language": "fr" },
    });
    expect(refusedFr.body.errors).toEqual({ language: ["Choisissez l’anglais ou le français."] });
    expect(await liveCount()).toBe(before);
  });

  it("refuses a live without title or known platform, or with a time without zone, and creates nothing", async () => {
    const demo = await demoSeller();
    const before = await liveCount();
    const missing = await demo.json<ErrorBody>("/api/v1/shop/lives/", { json: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ title: ["Give the live a title."], platform: ["Choose where you stream."] });
    const bad = await demo.json<ErrorBody>("/api/v1/shop/lives/", {
      json: { title: "x".repeat(101), platform: "myspace", scheduled_at: "2026-12-01T20:30" },
      headers: { "Accept-Language": "fr" },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors!).sort()).toEqual(["platform", "title"]);
    expect(bad.body.errors!.title![0]).toMatch(/100/);
    for (const scheduled_at of ["2026-12-01T20:30", "tomorrow", "2026-13-45T10:00:00Z", 1764617400]) {
      const refused = await demo.json<ErrorBody>("/api/v1/shop/lives/", { json: { title: "Timed", platform: "youtube", scheduled_at } });
      expect(refused.status, String(scheduled_at)).toBe(400);
      expect(refused.body.errors, String(scheduled_at)).toEqual({ scheduled_at: ["Enter a valid date and time."] });
    }
    expect(
      (await demo.json<ErrorBody>("/api/v1/shop/lives/", { body: "title=x", headers: { "Content-Type": "text/plain" }, method: "POST" }))
        .status,
    ).toBe(400);
    expect(await liveCount()).toBe(before);
  });
});

describe("a Twitch live's chat channel", () => {
  const channelOf = async (id: number) =>
    (
      await sql<{ chat_channel: string | null; chat_reader: string | null }[]>(
        "select chat_channel, chat_reader from lives where id = ?",
        id,
      )
    )[0]!;

  it("is set on create and by PATCH as the channel's login, whatever form the seller pastes, and cleared with null", async () => {
    const demo = await demoSeller();
    const created = await demo.json<LiveBody>("/api/v1/shop/lives/", {
      json: { title: "Stream", platform: "twitch", chat_channel: "#Lea_Shop" },
    });
    expect(created.status).toBe(201);
    expect(created.body.chat_channel).toBe("lea_shop");
    for (const [pasted, login] of [
      ["https://www.twitch.tv/Boutique42/", "boutique42"],
      ["@lea_shop2", "lea_shop2"],
      ["  twitch.tv/abcd  ", "abcd"],
    ] as const) {
      const changed = await demo.json<LiveBody>(`/api/v1/shop/lives/${created.body.id}/`, {
        method: "PATCH",
        json: { chat_channel: pasted },
      });
      expect(changed.status, pasted).toBe(200);
      expect(changed.body.chat_channel).toBe(login);
      expect((await channelOf(created.body.id)).chat_channel).toBe(login);
    }
    // A reader that held the old channel gives it up: the next node reads the new one.
    await sql(`update lives set chat_reader = 'node-a', chat_reader_until = ${sqlNow()} where id = ?`, created.body.id);
    const cleared = await demo.json<LiveBody>(`/api/v1/shop/lives/${created.body.id}/`, { method: "PATCH", json: { chat_channel: null } });
    expect(cleared.body.chat_channel).toBeNull();
    expect(await channelOf(created.body.id)).toEqual({ chat_channel: null, chat_reader: null });
    expect((await demo.json<LiveBody>(`/api/v1/shop/lives/${created.body.id}/`)).body.chat_channel).toBeNull();
  });

  it("refuses a malformed channel, one on another platform or an ended live, in both languages, and stores nothing", async () => {
    const demo = await demoSeller();
    const before = await liveCount();
    for (const chat_channel of ["abc", "x".repeat(26), "lea shop", "lea-shop", "#", "https://youtube.com/lea_shop", 42]) {
      const refused = await demo.json<ErrorBody>("/api/v1/shop/lives/", { json: { title: "Bad", platform: "twitch", chat_channel } });
      expect(refused.status, String(chat_channel)).toBe(400);
      expect(refused.body.errors, String(chat_channel)).toEqual({
        chat_channel: ["Enter the Twitch channel's name: 4 to 25 letters, digits or underscores."],
      });
    }
    const elsewhere = await demo.json<ErrorBody>("/api/v1/shop/lives/", {
      json: { title: "Insta", platform: "instagram", chat_channel: "lea_shop" },
      headers: { "Accept-Language": "fr" },
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.errors).toEqual({
      chat_channel: [
        "Le chat ne peut être lu que pour un live sur Twitch : choisissez Twitch comme plateforme, ou laissez la chaîne vide.",
      ],
    });
    expect(await liveCount()).toBe(before);

    const insta = await startLive(demo, "Insta live");
    const notTwitch = await demo.json<ErrorBody>(`/api/v1/shop/lives/${insta.id}/`, {
      method: "PATCH",
      json: { chat_channel: "lea_shop" },
    });
    expect(notTwitch.status).toBe(400);
    expect(Object.keys(notTwitch.body.errors!)).toEqual(["chat_channel"]);
    const twitch = await demo.json<LiveBody>("/api/v1/shop/lives/", {
      json: { title: "Twitch", platform: "twitch", chat_channel: "lea_shop" },
    });
    for (const json of [{}, { chat_channel: "no" }, { chat_channel: ["lea_shop"] }]) {
      const refused = await demo.json<ErrorBody>(`/api/v1/shop/lives/${twitch.body.id}/`, { method: "PATCH", json });
      expect(refused.status, JSON.stringify(json)).toBe(400);
      expect(Object.keys(refused.body.errors!)).toEqual(["chat_channel"]);
    }
    expect((await demo.json(`/api/v1/shop/lives/${twitch.body.id}/end/`, { method: "POST" })).status).toBe(200);
    const ended = await demo.json<ErrorBody>(`/api/v1/shop/lives/${twitch.body.id}/`, {
      method: "PATCH",
      json: { chat_channel: "other_one" },
    });
    expect(ended.status).toBe(409);
    expect(await channelOf(insta.id)).toEqual({ chat_channel: null, chat_reader: null });
    expect(await channelOf(twitch.body.id)).toEqual({ chat_channel: "lea_shop", chat_reader: null });
  });
});

describe("one live: GET, end, pin, reminder, orders", () => {
  it("shows the live with its figures, and its orders in the orders list's shape (all by default)", async () => {
    const demo = await demoSeller();
    const live = await startLive(demo, "Figures");
    const paidId = await liveOrder(live.id, "LIVE-PAID", { paid: true, total: "45.50" });
    const openId = await liveOrder(live.id, "LIVE-OPEN");
    const elsewhere = await liveOrder(null, "NOT-LIVE", { paid: true });
    await sql("update lives set visits = 4 where id = ?", live.id);

    const shown = await demo.json<LiveBody>(`/api/v1/shop/lives/${live.id}/`);
    expect(shown.status).toBe(200);
    expect(shown.body.stats).toEqual({
      visits: 4,
      checkouts_started: 2,
      paid_orders: 1,
      open_checkouts: 1,
      revenue: "45.50",
      conversion_rate: 0.25,
    });
    expect((await demo.json<LiveBody>(`/api/v1/shop/lives/${live.id}`)).body).toEqual(shown.body);

    const orders = await demo.json<Page>(`/api/v1/shop/lives/${live.id}/orders/`);
    expect(orders.status).toBe(200);
    expect(orders.body.count).toBe(2);
    expect(orders.body.results.map((o) => o.id)).toEqual([openId, paidId]); // newest first, paid or not
    expect(orders.body.results.map((o) => o.id)).not.toContain(elsewhere);
    // The same order as the seller's orders API gives it.
    const direct = await demo.json<Record<string, unknown>>(`/api/v1/shop/orders/${paidId}/`);
    expect(orders.body.results[1]).toEqual(direct.body);
    expect(orders.body.results[1]).toMatchObject({ reference: "LIVE-PAID", payment_status: "succeeded", refunded_amount: "0.00" });

    expect((await demo.json<Page>(`/api/v1/shop/lives/${live.id}/orders/?view=orders`)).body.results.map((o) => o.id)).toEqual([paidId]);
    expect((await demo.json<Page>(`/api/v1/shop/lives/${live.id}/orders/?view=checkouts`)).body.results.map((o) => o.id)).toEqual([openId]);
    expect((await demo.json<Page>(`/api/v1/shop/lives/${live.id}/orders/?search=live-open`)).body.count).toBe(1);
    expect((await demo.json<Page>(`/api/v1/shop/lives/${live.id}/orders/?payment_status=succeeded`)).body.count).toBe(1);
    const first = await demo.json<Page>(`/api/v1/shop/lives/${live.id}/orders/?page_size=1`);
    expect(first.body.results.map((o) => o.id)).toEqual([openId]);
    expect(first.body.next).toBe(`http://localhost:3000/api/v1/shop/lives/${live.id}/orders/?page_size=1&page=2`);
    expect((await demo.json(`/api/v1/shop/lives/${live.id}/orders/?status=lost`)).status).toBe(400);
  });

  it("ends a live once (again: the same live), pins and unpins, refuses products not on sale, and 409 once ended", async () => {
    const demo = await demoSeller();
    const rival = await rivalSeller();
    const rivalProduct = await rival.json<{ id: number }>("/api/v1/shop/products/", { json: { name: "Rival mug", price: 12 } });
    expect(rivalProduct.status).toBe(201);
    await sql(`update products set archived_at = ${sqlNow()} where id = 3`);
    const live = await startLive(demo, "Pins");

    const pinned = await demo.json<LiveBody>(`/api/v1/shop/lives/${live.id}/pin/`, { json: { product_id: 1 } });
    expect(pinned.status).toBe(200);
    expect(pinned.body.pinned_product_id).toBe(1);
    expect(await eventsOf(live.id, "pin")).toBe(1);
    for (const product_id of [3, rivalProduct.body.id, 999999, "abc", null]) {
      const refused = await demo.json<ErrorBody>(`/api/v1/shop/lives/${live.id}/pin/`, { json: { product_id } });
      expect(refused.status, String(product_id)).toBe(400);
      expect(refused.body.errors, String(product_id)).toEqual({ product_id: ["Choose a product of your catalogue."] });
    }
    expect((await demo.json<ErrorBody>(`/api/v1/shop/lives/${live.id}/pin/`, { json: {} })).body.errors).toEqual({
      product_id: ["Choose a product of your catalogue."],
    });
    expect((await liveRow(live.id)).pinned_product_id).toBe(1);
    expect(await eventsOf(live.id, "pin")).toBe(1);

    const unpinned = await demo.json<LiveBody>(`/api/v1/shop/lives/${live.id}/pin/`, { method: "DELETE" });
    expect(unpinned.status).toBe(200);
    expect(unpinned.body.pinned_product_id).toBeNull();
    await demo.json(`/api/v1/shop/lives/${live.id}/pin/`, { json: { product_id: 2 } });

    const ended = await demo.json<LiveBody>(`/api/v1/shop/lives/${live.id}/end/`, { method: "POST" });
    expect(ended.status).toBe(200);
    expect(ended.body).toMatchObject({ id: live.id, status: "ended", ended_at: expect.any(String), pinned_product_id: 2 });
    const again = await demo.json<LiveBody>(`/api/v1/shop/lives/${live.id}/end/`, { method: "POST" });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(ended.body);
    expect(await eventsOf(live.id, "end")).toBe(1);

    const pinEnded = await demo.json<ErrorBody>(`/api/v1/shop/lives/${live.id}/pin/`, { json: { product_id: 1 } });
    expect(pinEnded.status).toBe(409);
    expect(pinEnded.body.message).toBe("This live has ended.");
    expect((await demo.json(`/api/v1/shop/lives/${live.id}/pin/`, { method: "DELETE" })).status).toBe(409);
    expect((await liveRow(live.id)).pinned_product_id).toBe(2);
    expect(await eventsOf(live.id, "pin")).toBe(3);
  });

  it("sets and clears the reminder delay, refusing delays out of range", async () => {
    const demo = await demoSeller();
    const live = await startLive(demo, "Reminders");
    const set = await demo.json<LiveBody>(`/api/v1/shop/lives/${live.id}/reminder/`, { method: "PUT", json: { delay_minutes: 30 } });
    expect(set.status).toBe(200);
    expect(set.body.reminder_delay_minutes).toBe(30);
    for (const delay_minutes of [4, 7 * 24 * 60 + 1, 12.5, "30", undefined]) {
      const refused = await demo.json<ErrorBody>(`/api/v1/shop/lives/${live.id}/reminder/`, { method: "PUT", json: { delay_minutes } });
      expect(refused.status, String(delay_minutes)).toBe(400);
      expect(refused.body.errors, String(delay_minutes)).toEqual({ delay_minutes: ["Choose a delay between 5 minutes and 7 days."] });
    }
    expect((await liveRow(live.id)).reminder_delay_minutes).toBe(30);
    const off = await demo.json<LiveBody>(`/api/v1/shop/lives/${live.id}/reminder/`, { method: "PUT", json: { delay_minutes: null } });
    expect(off.body.reminder_delay_minutes).toBeNull();
    expect((await liveRow(live.id)).reminder_delay_minutes).toBeNull();
  });
});

describe("who may call the lives API", () => {
  const paths = (id: number | string) => [
    { path: "/api/v1/shop/lives/", method: "GET" },
    { path: "/api/v1/shop/lives/", method: "POST", json: { title: "Sneaky", platform: "other" } },
    { path: `/api/v1/shop/lives/${id}/`, method: "GET" },
    { path: `/api/v1/shop/lives/${id}/end/`, method: "POST" },
    { path: `/api/v1/shop/lives/${id}/pin/`, method: "POST", json: { product_id: 1 } },
    { path: `/api/v1/shop/lives/${id}/pin/`, method: "DELETE" },
    { path: `/api/v1/shop/lives/${id}/orders/`, method: "GET" },
    { path: `/api/v1/shop/lives/${id}/reminder/`, method: "PUT", json: { delay_minutes: 30 } },
  ];

  it("401 signed out, 403 for a user who is not a seller, and nothing changes", async () => {
    const demo = await demoSeller();
    const live = await startLive(demo, "Guarded");
    const before = await liveCount();
    const admin = await signedIn("admin@example.com");
    for (const { path, method, json } of paths(live.id)) {
      const visitor = await new TestClient().json<ErrorBody>(path, { method, json });
      expect(visitor.status, `${method} ${path}`).toBe(401);
      expect(visitor.body.message).toBe("Authentication credentials were not provided.");
      expect((await admin.json(path, { method, json })).status, `${method} ${path}`).toBe(403);
    }
    expect(await liveCount()).toBe(before);
    expect(await liveRow(live.id)).toMatchObject({ ended_at: null, pinned_product_id: null, reminder_delay_minutes: null });
  });

  it("another seller's live is 404 on every endpoint, changes nothing, and their lists never show it or its orders", async () => {
    const demo = await demoSeller();
    const live = await startLive(demo, "Demo only");
    const orderId = await liveOrder(live.id, "DEMO-LIVE-ORDER");
    const rival = await rivalSeller();
    const rivalLive = await startLive(rival, "Rival live");

    for (const { path, method, json } of paths(live.id).filter((p) => p.path.includes(String(live.id)))) {
      const answer = await rival.json<ErrorBody>(path, { method, json });
      expect(answer.status, `${method} ${path}`).toBe(404);
      expect(answer.body.message).toBe("This live does not exist.");
    }
    expect(await liveRow(live.id)).toMatchObject({ ended_at: null, pinned_product_id: null, reminder_delay_minutes: null });
    // The rival's own lists: their live only, and never the demo live's orders.
    const list = await rival.json<Page<LiveBody>>("/api/v1/shop/lives/");
    expect(list.body.results.map((l) => l.id)).toEqual([rivalLive.id]);
    await sql("update orders set live_id = ? where id = ?", rivalLive.id, orderId); // a forged link across shops
    const rivalOrders = await rival.json<Page>(`/api/v1/shop/lives/${rivalLive.id}/orders/`);
    expect(rivalOrders.body).toEqual({ count: 0, next: null, previous: null, results: [] });
    expect((await rival.json<LiveBody>(`/api/v1/shop/lives/${rivalLive.id}/`)).body.stats).toMatchObject({
      checkouts_started: 0,
      revenue: "0.00",
    });
    // The demo seller cannot reach the rival's live either, nor can the rival through the demo shop's host.
    expect((await demo.json(`/api/v1/shop/lives/${rivalLive.id}/`)).status).toBe(404);
    const onDemoHost = await signedIn("rival-lives@example.test", "demo.localhost:3000");
    expect((await onDemoHost.json("/api/v1/shop/lives/")).status).toBe(404);
  });

  it("unknown and malformed ids are 404, unknown methods 405 with Allow", async () => {
    const demo = await demoSeller();
    const live = await startLive(demo, "Methods");
    for (const id of ["999999", "abc", "0", "01", "1.0", "-1"]) {
      for (const suffix of ["", "end/", "pin/", "orders/"]) {
        const method = suffix === "end/" || suffix === "pin/" ? "POST" : "GET";
        const answer = await demo.json<ErrorBody>(`/api/v1/shop/lives/${id}/${suffix}`, {
          method,
          json: method === "POST" ? { product_id: 1 } : undefined,
        });
        expect(answer.status, `${id}/${suffix}`).toBe(404);
      }
    }
    expect((await demo.json(`/api/v1/shop/lives/${live.id}/nothing/`)).status).toBe(404);
    const allowed: [string, string, string][] = [
      ["/api/v1/shop/lives/", "DELETE", "GET, POST"],
      [`/api/v1/shop/lives/${live.id}/`, "DELETE", "GET, PATCH"],
      [`/api/v1/shop/lives/${live.id}/end/`, "GET", "POST"],
      [`/api/v1/shop/lives/${live.id}/pin/`, "PUT", "POST, DELETE"],
      [`/api/v1/shop/lives/${live.id}/orders/`, "POST", "GET"],
      [`/api/v1/shop/lives/${live.id}/reminder/`, "POST", "PUT"],
    ];
    for (const [path, method, allow] of allowed) {
      const answer = await demo.json<ErrorBody>(path, { method });
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.response.headers.get("Allow")).toBe(allow);
    }
    expect(await liveRow(live.id)).toMatchObject({ ended_at: null });
  });

  it("answers an API key without cookies or CSRF", async () => {
    const demo = new TestClient();
    await demo.signInAs("demo@example.com");
    const created = await demo.html("/account?section=seller", { form: { intent: "create-api-key", name: "Live sync" } });
    const key = /data-testid="new-api-key">(lck_[\w-]+)</.exec(created.html)![1]!;
    const api = <T>(path: string, init: { method?: string; json?: unknown; key?: string } = {}) =>
      new TestClient().json<T>(path, {
        method: init.method,
        json: init.json,
        csrf: false,
        headers: { Authorization: `Bearer ${init.key ?? key}`, Origin: "https://integrator.example" },
      });
    const live = await api<LiveBody>("/api/v1/shop/lives/", { json: { title: "From the API", platform: "twitch" } });
    expect(live.status).toBe(201);
    expect((await api<Page<LiveBody>>("/api/v1/shop/lives/")).body.results[0]!.id).toBe(live.body.id);
    expect((await api<LiveBody>(`/api/v1/shop/lives/${live.body.id}/pin/`, { json: { product_id: 1 } })).body.pinned_product_id).toBe(1);
    expect((await api<Page>(`/api/v1/shop/lives/${live.body.id}/orders/`)).status).toBe(200);
    expect((await api<LiveBody>(`/api/v1/shop/lives/${live.body.id}/end/`, { method: "POST" })).body.status).toBe("ended");
    expect((await api(`/api/v1/shop/lives/${live.body.id}/`, { key: "lck_not-a-real-key" })).status).toBe(401);
  });
});

describe("the lives API in the OpenAPI document", () => {
  it("documents every endpoint with its live resource and its refusals", async () => {
    const { body } = await new TestClient().json<{
      paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
    }>("/api/v1/openapi.json");
    const operations = Object.entries(body.paths)
      .filter(([path]) => path.startsWith("/shop/lives/"))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(operations.sort()).toEqual(
      [
        "GET /shop/lives/",
        "POST /shop/lives/",
        "GET /shop/lives/{id}/",
        "PATCH /shop/lives/{id}/",
        "POST /shop/lives/{id}/end/",
        "POST /shop/lives/{id}/pin/",
        "DELETE /shop/lives/{id}/pin/",
        "GET /shop/lives/{id}/orders/",
        "PUT /shop/lives/{id}/reminder/",
        "POST /shop/lives/{id}/comments/",
        "GET /shop/lives/{id}/claims/",
        "DELETE /shop/lives/{id}/claims/{claim_id}/",
      ].sort(),
    );
    const created = body.paths["/shop/lives/"]!.post!.responses;
    expect(Object.keys(created)).toEqual(expect.arrayContaining(["201", "400", "401", "403"]));
    expect(created["201"]!.content!["application/json"]!.schema).toEqual({ $ref: "#/components/schemas/Live" });
    expect(Object.keys(body.paths["/shop/lives/{id}/pin/"]!.post!.responses)).toEqual(expect.arrayContaining(["200", "400", "404", "409"]));
    expect(Object.keys(body.components.schemas.Live!.properties!)).toEqual(
      Object.keys((await (await demoSeller()).json<LiveBody>("/api/v1/shop/lives/", { json: { title: "Doc", platform: "other" } })).body),
    );
  });
});
