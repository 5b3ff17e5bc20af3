import { describe, expect, it } from "vitest";
import { onPostgres, shippingFields, sql, sqlNow, TestClient } from "./app";

// Issue 16 items 1, 3 and 4: the seller's lives, the live board (pin, end, reminder, CSV)
// and its live updates over Server-Sent Events.

const card = { card_number: "4242424242424242", exp_month: 12, exp_year: 2099, cvc: "123" };

const loggedIn = (email: string) => new TestClient("localhost:3000").signInAs(email);
const demoSeller = () => loggedIn("demo@example.com");
const otherSeller = () => loggedIn("pending@example.com");

/** Starts a live through the form, as the seller would; returns its id (from the redirect to its board). */
async function startLive(client: TestClient, title = "Friday drop") {
  const response = await client.request("/dashboard/lives", {
    form: { title, platform: "tiktok", scheduled_at: "", timezone_offset: "0" },
  });
  expect(response.status).toBe(302);
  const location = response.headers.get("Location") ?? "";
  expect(location).toMatch(/^\/dashboard\/lives\/\d+$/);
  return Number(location.split("/").pop());
}

type LiveRow = {
  id: number;
  code: string;
  pinned_product_id: number | null;
  ended_at: number | null;
  reminder_delay_minutes: number | null;
};
async function liveRow(id: number): Promise<LiveRow> {
  const [row] = await sql<LiveRow[]>("SELECT id, code, pinned_product_id, ended_at, reminder_delay_minutes FROM lives WHERE id = ?", id);
  return row!;
}

/** An order of the demo shop placed through the API; with `liveId`, made an order of that live. */
async function placeOrder(extra: Record<string, string>, liveId?: number) {
  const shopper = new TestClient("demo.localhost:3000");
  const order = await shopper.json<{ id: number; order_number: string }>("/api/v1/shop/orders/", { json: shippingFields(extra) });
  expect(order.status).toBe(201);
  if (liveId !== undefined) await sql("UPDATE orders SET live_id = ? WHERE id = ?", liveId, order.body.id);
  return { shopper, id: order.body.id, number: order.body.order_number };
}

async function pay(placed: Awaited<ReturnType<typeof placeOrder>>) {
  const intent = await placed.shopper.json<{ client_secret: string }>("/api/v1/payment/pay/", {
    json: { order_id: placed.id, provider_slug: "simulated" },
  });
  const paid = await placed.shopper.json<{ status: string }>("/api/v1/payment/simulated/confirm/", {
    json: { client_secret: intent.body.client_secret, ...card },
  });
  expect(paid.body.status).toBe("succeeded");
}

/** Reads an event stream until `done` holds for what arrived, or fails after `withinMs` (a deadline, not a sleep). */
async function readUntil(body: ReadableStream<Uint8Array>, done: (text: string) => boolean, withinMs = 10_000) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`nothing matching within ${withinMs} ms; received: ${JSON.stringify(text)}`)), withinMs);
  });
  try {
    while (!done(text)) {
      const { value, done: ended } = await Promise.race([reader.read(), deadline]);
      if (ended) throw new Error(`the stream ended; received: ${JSON.stringify(text)}`);
      text += decoder.decode(value, { stream: true });
    }
    return text;
  } finally {
    clearTimeout(timer);
    await reader.cancel();
  }
}

const latestEventId = async () => (await sql<{ id: number | null }[]>("SELECT max(id) AS id FROM live_events"))[0]!.id ?? 0;

describe("the seller's lives", () => {
  it("lists none at first, starts one through the form and opens its board", async () => {
    const demo = await demoSeller();
    // The seller's navigation and the dashboard lead here.
    const dashboard = await demo.html("/dashboard");
    expect(dashboard.html).toMatch(/<a [^>]*data-testid="dashboard-lives-link" href="\/dashboard\/lives"/);
    const empty = await demo.html("/dashboard/lives");
    expect(empty.status).toBe(200);
    expect(empty.html).toContain('data-testid="lives-empty"');
    expect(empty.html).toContain('name="timezone_offset" value="0"');

    const id = await startLive(demo, "Sunday jewels");
    const live = await liveRow(id);
    expect(live.code).toMatch(/^[a-z2-9]{6}$/);
    const list = await demo.html("/dashboard/lives");
    expect(list.html).toContain("Sunday jewels");
    expect(list.html).not.toContain('data-testid="lives-empty"');
  });

  it("refuses a live without a title in place, and starts nothing", async () => {
    const demo = await demoSeller();
    const before = (await sql<{ n: number }[]>("SELECT count(*) AS n FROM lives"))[0]!.n;
    const refused = await demo.request("/dashboard/lives", { form: { title: " ", platform: "tiktok" } });
    expect(refused.status).toBe(400);
    const stranger = await demo.request("/dashboard/lives", { form: { title: "Somewhere", platform: "myspace" } });
    expect(stranger.status).toBe(400);
    expect((await sql<{ n: number }[]>("SELECT count(*) AS n FROM lives"))[0]!.n).toBe(before);
  });

  it("offers the live's language, the seller's own by default, and saves the one chosen (issue 29)", async () => {
    const demo = await demoSeller();
    const english = await demo.html("/dashboard/lives");
    expect(english.html).toMatch(/<option value="en" selected="">English<\/option>/);
    await demo.request("/dashboard/lives?lng=fr");
    const french = await demo.html("/dashboard/lives");
    expect(french.html).toMatch(/<option value="fr" selected="">Français<\/option>/);
    await demo.request("/dashboard/lives?lng=en");
    const response = await demo.request("/dashboard/lives", { form: { title: "Soirée", platform: "tiktok", language: "fr" } });
    expect(response.status).toBe(302);
    const refused = await demo.request("/dashboard/lives", { form: { title: "Abend", platform: "tiktok", language: "de" } });
    expect(refused.status).toBe(400);
    expect(await sql<{ language: string }[]>("SELECT language FROM lives WHERE title IN ('Soirée', 'Abend')")).toEqual([
      { language: "fr" },
    ]);
  });

  it("takes a Twitch live's channel, and refuses one in place for another platform or malformed, starting nothing", async () => {
    const demo = await demoSeller();
    const before = (await sql<{ n: number }[]>("SELECT count(*) AS n FROM lives"))[0]!.n;
    const elsewhere = await demo.request("/dashboard/lives", { form: { title: "Insta", platform: "instagram", chat_channel: "lea_shop" } });
    expect(elsewhere.status).toBe(400);
    const malformed = await demo.request("/dashboard/lives", { form: { title: "Bad", platform: "twitch", chat_channel: "a b" } });
    expect(malformed.status).toBe(400);
    expect((await sql<{ n: number }[]>("SELECT count(*) AS n FROM lives"))[0]!.n).toBe(before);
    const started = await demo.request("/dashboard/lives", { form: { title: "On Twitch", platform: "twitch", chat_channel: "#Lea_Shop" } });
    expect(started.status).toBe(302);
    const [row] = await sql<{ chat_channel: string }[]>("SELECT chat_channel FROM lives WHERE title = 'On Twitch'");
    expect(row!.chat_channel).toBe("lea_shop");
  });

  it("reads a scheduled time in the seller's time zone", async () => {
    const demo = await demoSeller();
    const response = await demo.request("/dashboard/lives", {
      form: { title: "Later", platform: "youtube", scheduled_at: "2026-12-01T20:30", timezone_offset: "-60" },
    });
    expect(response.status).toBe(302);
    const [row] = await sql<{ scheduled_at: number }[]>("SELECT scheduled_at FROM lives WHERE title = 'Later'");
    expect(new Date(row!.scheduled_at).toISOString()).toBe("2026-12-01T19:30:00.000Z");
  });
});

describe("the live board", () => {
  it("shows the link, its QR code, this live's orders only and its totals", async () => {
    const demo = await demoSeller();
    const id = await startLive(demo);
    const { code } = await liveRow(id);
    const bought = await placeOrder(
      { reference: "LIVE-RED-SCARF", social_network_handle: "@lina_buys", content: "Red scarf, size M", total_amount: "42.00" },
      id,
    );
    await pay(bought);
    await placeOrder({ reference: "LIVE-UNPAID", social_network_handle: "@slow_payer", total_amount: "15.00" }, id);
    await placeOrder({ reference: "NOT-THIS-LIVE", social_network_handle: "@elsewhere", total_amount: "99.00" });

    const board = await demo.html(`/dashboard/lives/${id}`);
    expect(board.status).toBe(200);
    expect(board.html).toContain("<title>Live board: Friday drop</title>");
    expect(board.html).toContain(`value="http://demo.localhost:3000/live/${code}"`);
    expect(board.html).toMatch(/data-testid="live-qr"[^>]*><svg/);
    expect(board.html).toContain("@lina_buys");
    expect(board.html).toContain("LIVE-RED-SCARF");
    expect(board.html).toContain("Red scarf, size M");
    expect(board.html).toContain("@slow_payer");
    expect(board.html).not.toContain("NOT-THIS-LIVE");
    expect(board.html).toMatch(/data-testid="live-revenue">€42\.00</);
    expect(board.html).toMatch(/data-testid="live-paid-orders">1</);
    expect(board.html).toMatch(/data-testid="live-open-checkouts">1</);
    expect(board.html).toMatch(/data-testid="live-summary-checkouts">2</);
    // Without JavaScript it refreshes itself and says so.
    expect(board.html).toMatch(
      /<noscript><meta http-equiv="refresh" content="10"><p [^>]*>This board reloads itself every 10 seconds\.<\/p><\/noscript>/,
    );

    const qr = await demo.html(`/dashboard/lives/${id}?qr=1`);
    expect(qr.html).toMatch(/data-testid="live-qr-full"/);
    expect(qr.html).toMatch(/role="img"[^>]*><svg/);

    await demo.request(`/dashboard/lives/${id}?lng=fr`); // remembers the language, then comes back
    const fr = await demo.html(`/dashboard/lives/${id}`);
    expect(fr.html).toContain("Commandes payées");
    expect(fr.html).toMatch(/<noscript>.*Ce tableau se recharge tout seul toutes les 10 secondes\.<\/p><\/noscript>/);
  });

  it("pins and unpins a product, sets and turns off the reminder, then ends the live", async () => {
    const demo = await demoSeller();
    const id = await startLive(demo);
    const [product] = await sql<{ id: number; name: string }[]>(
      "SELECT id, name FROM products WHERE shop_id = (SELECT shop_id FROM lives WHERE id = ?) AND archived_at IS NULL ORDER BY id LIMIT 1",
      id,
    );
    const board = `/dashboard/lives/${id}`;
    const events = async () =>
      (await sql<{ kind: string }[]>("SELECT kind FROM live_events WHERE live_id = ? ORDER BY id", id)).map((e) => e.kind);

    const pinned = await demo.request(board, { form: { intent: "pin", product_id: String(product!.id) } });
    expect(pinned.status).toBe(302);
    expect(pinned.headers.get("Location")).toBe(board);
    expect((await liveRow(id)).pinned_product_id).toBe(product!.id);
    expect((await demo.html(board)).html).toMatch(new RegExp(`data-testid="live-pinned"[\\s\\S]*${product!.name}`));
    expect(await events()).toEqual(["pin"]);

    // Another shop's product (or none that exists) is refused, and the pin stays.
    expect((await demo.request(board, { form: { intent: "pin", product_id: "999999" } })).status).toBe(302);
    expect((await liveRow(id)).pinned_product_id).toBe(product!.id);

    expect((await demo.request(board, { form: { intent: "unpin" } })).status).toBe(302);
    expect((await liveRow(id)).pinned_product_id).toBeNull();
    expect(await events()).toEqual(["pin", "pin"]);

    const tooShort = await demo.request(board, { form: { intent: "reminder", delay_minutes: "3" } });
    expect(tooShort.status).toBe(400);
    expect((await liveRow(id)).reminder_delay_minutes).toBeNull();
    expect((await demo.request(board, { form: { intent: "reminder", delay_minutes: "45" } })).status).toBe(302);
    expect((await liveRow(id)).reminder_delay_minutes).toBe(45);
    expect((await demo.html(board)).html).toContain("Reminder on: 45 minutes after each checkout.");
    expect((await demo.request(board, { form: { intent: "reminder-off" } })).status).toBe(302);
    expect((await liveRow(id)).reminder_delay_minutes).toBeNull();

    expect((await demo.request(board, { form: { intent: "end" } })).status).toBe(302);
    expect((await liveRow(id)).ended_at).not.toBeNull();
    expect(await events()).toEqual(["pin", "pin", "end"]);
    const ended = await demo.html(board);
    expect(ended.html).toContain('data-testid="live-ended"');
    expect(ended.html).toContain('data-testid="live-summary"');
    expect(ended.html).not.toContain('data-testid="live-share"');

    // An ended live takes no pin: the toast says so and nothing changes.
    const late = await demo.request(board, { form: { intent: "pin", product_id: String(product!.id) } });
    expect(late.status).toBe(302);
    expect((await liveRow(id)).pinned_product_id).toBeNull();
    expect(await events()).toEqual(["pin", "pin", "end"]);
  });

  it("sets, shows and clears a Twitch live's chat channel, refusing a malformed one in place, another platform's and an ended live's", async () => {
    const demo = await demoSeller();
    const started = await demo.request("/dashboard/lives", { form: { title: "Chat drop", platform: "twitch" } });
    const id = Number(started.headers.get("Location")!.split("/").pop());
    const board = `/dashboard/lives/${id}`;
    const channel = async (liveId = id) =>
      (await sql<{ chat_channel: string | null }[]>("SELECT chat_channel FROM lives WHERE id = ?", liveId))[0]!.chat_channel;
    expect((await demo.html(board)).html).toContain("No channel: claims come only from the comments API and the board.");

    const malformed = await demo.request(board, { form: { intent: "chat-channel", chat_channel: "a b" } });
    expect(malformed.status).toBe(400);
    expect(await channel()).toBeNull();
    const saved = await demo.request(board, { form: { intent: "chat-channel", chat_channel: "https://twitch.tv/Lea_Shop" } });
    expect(saved.status).toBe(302);
    expect(await channel()).toBe("lea_shop");
    expect((await demo.html(board)).html).toContain("Connecting to the chat of #lea_shop");
    // A node holds the reader's lease: the board says the chat is read.
    await sql(
      `UPDATE lives SET chat_reader = 'node-a', chat_reader_until = ${sqlNow()} + ${onPostgres() ? "interval '1 minute'" : "60000"} WHERE id = ?`,
      id,
    );
    await demo.request(`${board}?lng=fr`); // remembers the language, then comes back
    const fr = await demo.html(board);
    expect(fr.html).toContain("Lecture du chat de #lea_shop.");
    expect((await demo.request(board, { form: { intent: "chat-channel", chat_channel: "" } })).status).toBe(302);
    expect(await channel()).toBeNull();

    const tiktok = await startLive(demo, "Not on Twitch");
    expect((await demo.html(`/dashboard/lives/${tiktok}`)).html).not.toContain('data-testid="live-chat"');
    expect((await demo.request(`/dashboard/lives/${tiktok}`, { form: { intent: "chat-channel", chat_channel: "lea_shop" } })).status).toBe(
      400,
    );
    expect(await channel(tiktok)).toBeNull();
    expect((await demo.request(board, { form: { intent: "end" } })).status).toBe(302);
    expect((await demo.request(board, { form: { intent: "chat-channel", chat_channel: "lea_shop" } })).status).toBe(409);
    expect(await channel()).toBeNull();
  });

  it("exports this live's orders, and only them, as CSV", async () => {
    const demo = await demoSeller();
    const id = await startLive(demo);
    const { code } = await liveRow(id);
    await placeOrder({ reference: "CSV-LIVE-ORDER", total_amount: "12.00" }, id);
    await placeOrder({ reference: "CSV-OTHER-ORDER", total_amount: "13.00" });
    const csv = await demo.request(`/dashboard/lives/${id}/orders.csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("Content-Type")).toMatch(/^text\/csv/);
    expect(csv.headers.get("Content-Disposition")).toBe(`attachment; filename="live-${code}-orders.csv"`);
    const text = await csv.text();
    expect(text).toContain("CSV-LIVE-ORDER");
    expect(text).not.toContain("CSV-OTHER-ORDER");
  });

  it("is the 404 page for another seller, for the board, its CSV, its actions and its events", async () => {
    const demo = await demoSeller();
    const id = await startLive(demo);
    const other = await otherSeller();
    expect((await other.request(`/dashboard/lives/${id}`)).status).toBe(404);
    expect((await other.request(`/dashboard/lives/${id}/orders.csv`)).status).toBe(404);
    const events = await other.json<{ message: string }>(`/dashboard/lives/${id}/events`);
    expect(events.status).toBe(404);
    expect(events.body.message).toBeTruthy();
    expect((await other.request(`/dashboard/lives/${id}`, { form: { intent: "end" } })).status).toBe(404);
    expect((await liveRow(id)).ended_at).toBeNull();
    expect((await other.html("/dashboard/lives")).html).not.toContain("Friday drop");
    // Signed out, the stream answers 401 in JSON (EventSource gives up instead of retrying a page).
    const visitor = await new TestClient("localhost:3000").json(`/dashboard/lives/${id}/events`);
    expect(visitor.status).toBe(401);
    expect((await demo.request("/dashboard/lives/abc")).status).toBe(404);
  });
});

describe("the board's live updates", () => {
  it("sends a change when an order of the live is paid", async () => {
    const demo = await demoSeller();
    const id = await startLive(demo);
    const placed = await placeOrder({ reference: "SSE-1", total_amount: "20.00" }, id);
    const stream = await demo.request(`/dashboard/lives/${id}/events?after=${await latestEventId()}`);
    expect(stream.status).toBe(200);
    expect(stream.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    const [text] = await Promise.all([readUntil(stream.body!, (received) => received.includes("event: change\ndata: order")), pay(placed)]);
    expect(text).toContain("retry:");
  });

  it("sends one change at once when the live changed after the board was rendered", async () => {
    const demo = await demoSeller();
    const id = await startLive(demo);
    const rendered = await latestEventId();
    expect((await demo.request(`/dashboard/lives/${id}`, { form: { intent: "end" } })).status).toBe(302);
    const stream = await demo.request(`/dashboard/lives/${id}/events?after=${rendered}`);
    const text = await readUntil(stream.body!, (received) => received.includes("event: change"));
    expect(text).toContain("event: change\ndata: missed");
  });
});
