import { describe, expect, it } from "vitest";
import { shippingFields, sql, TestClient } from "./app";

// Issue 27, the seller's screens for stock: the shop's stock settings, the products list's
// stock and low-stock filter, a product's stock history, restocking on refund, and the
// pinned product's stock on the live board with its "+N".

const card = { card_number: "4242424242424242", exp_month: 12, exp_year: 2099, cvc: "123" };

function loggedIn(email = "demo@example.com") {
  return new TestClient("localhost:3000").signInAs(email);
}

/** A product of the demo shop created through the API, its one variant given `stock` units (null: not tracked). */
async function product(seller: TestClient, name: string, stock: number | null, price = "10.00") {
  const created = await seller.json<{ id: number }>("/api/v1/shop/products/", { json: { name, price } });
  expect(created.status).toBe(201);
  await sql("UPDATE product_variants SET stock = ? WHERE product_id = ?", stock, created.body.id);
  return created.body.id;
}

const variantOf = async (productId: number) =>
  (
    await sql<{ id: number; stock: number | null; reserved: number }[]>(
      "SELECT id, stock, reserved FROM product_variants WHERE product_id = ?",
      productId,
    )
  )[0]!;

/** A shopper's order of `quantity` units placed and paid through the API (simulated card). */
async function paidOrder(productId: number, quantity: number, email = "paul@example.test") {
  const shopper = new TestClient("demo.localhost:3000");
  const order = await shopper.json<{ id: number }>("/api/v1/shop/orders/", {
    json: shippingFields({ email, total_amount: (10 * quantity).toFixed(2), items: [{ product: productId, quantity }] }),
  });
  expect(order.status).toBe(201);
  const intent = await shopper.json<{ client_secret: string }>("/api/v1/payment/pay/", {
    json: { order_id: order.body.id, provider_slug: "simulated" },
  });
  const paid = await shopper.json<{ status: string }>("/api/v1/payment/simulated/confirm/", {
    json: { client_secret: intent.body.client_secret, ...card },
  });
  expect(paid.body.status).toBe("succeeded");
  return order.body.id;
}

const shopSettings = async () =>
  (
    await sql<{ low_stock_threshold: number; hold_minutes: number }[]>(
      "SELECT low_stock_threshold, hold_minutes FROM shops WHERE subdomain = 'demo'",
    )
  )[0]!;

describe("the shop's stock settings", () => {
  const url = "/api/v1/customer/shop/customization/update/";

  it("are read and saved with the customization, through the API and the form", async () => {
    const demo = await loggedIn();
    const before = await demo.json<Record<string, unknown>>("/api/v1/customer/shop/customization/");
    expect(before.body).toMatchObject({ low_stock_threshold: 5, hold_minutes: 10 });
    const saved = await demo.json<Record<string, unknown>>(url, { method: "PUT", json: { low_stock_threshold: 3, hold_minutes: "15" } });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ low_stock_threshold: 3, hold_minutes: 15 });
    expect(await shopSettings()).toEqual({ low_stock_threshold: 3, hold_minutes: 15 });

    // The screen's form (multipart, without JavaScript) shows and saves them too.
    const page = await demo.html("/shop/customization");
    expect(page.html).toMatch(/<input[^>]*name="low_stock_threshold"[^>]*value="3"/);
    expect(page.html).toMatch(/<input[^>]*name="hold_minutes"[^>]*value="15"/);
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: "update-customization", low_stock_threshold: "0", hold_minutes: "60" })) {
      form.set(name, value);
    }
    form.set("csrf", demo.cookies.get("csrftoken") ?? "");
    const posted = await demo.request("/shop/customization", { method: "POST", body: form });
    expect(posted.status).toBe(302);
    expect(await shopSettings()).toEqual({ low_stock_threshold: 0, hold_minutes: 60 });
    await demo.json(url, { method: "PUT", json: { low_stock_threshold: 5, hold_minutes: 10 } });
  });

  it("refuses values out of range in both languages, changing nothing", async () => {
    const demo = await loggedIn();
    const english = await demo.json<{ errors: Record<string, string[]> }>(url, {
      method: "PUT",
      json: { low_stock_threshold: 100, hold_minutes: 1, shop_name: "Renamed" },
    });
    expect(english.status).toBe(400);
    expect(english.body.errors).toEqual({
      low_stock_threshold: ["Enter a whole number of units from 0 to 99."],
      hold_minutes: ["Enter a whole number of minutes from 2 to 60."],
    });
    const french = await demo.json<{ errors: Record<string, string[]> }>(url, {
      method: "PUT",
      json: { hold_minutes: 2.5 },
      headers: { "Accept-Language": "fr" },
    });
    expect(french.body.errors.hold_minutes).toEqual(["Saisissez un nombre entier de minutes de 2 à 60."]);
    expect(await shopSettings()).toEqual({ low_stock_threshold: 5, hold_minutes: 10 });
    expect((await sql<{ name: string }[]>("SELECT name FROM shops WHERE subdomain = 'demo'"))[0]!.name).not.toBe("Renamed");
  });

  it("are documented in the OpenAPI document, with the refund's restock", async () => {
    type Schema = { properties: Record<string, { description?: string }> };
    type Op = { requestBody: { content: { "application/json": { schema: Schema } } } };
    const document = (await new TestClient().json<{ paths: Record<string, Record<string, Op>> }>("/api/v1/openapi.json")).body;
    const customization = document.paths["/customer/shop/customization/update/"]!.put!.requestBody.content["application/json"].schema;
    expect(customization.properties.low_stock_threshold?.description).toContain("Only N left");
    expect(customization.properties.hold_minutes?.description).toContain("2 to 60");
    const refund = document.paths["/shop/orders/{id}/refunds/"]!.post!.requestBody.content["application/json"].schema;
    expect(refund.properties.restock?.description).toContain("pending or processing");
  });
});

describe("the products list and a product's stock history", () => {
  it("shows each product's stock and keeps the low ones under ?stock=low, without JavaScript", async () => {
    const demo = await loggedIn();
    const low = await product(demo, "Lowstock Lamp", 2);
    await product(demo, "Plenty Plates", 40);
    await product(demo, "Untracked Umbrella", null);
    const all = await demo.html("/dashboard/products");
    expect(all.status).toBe(200);
    const row = (html: string, name: string) =>
      [...html.matchAll(/<tr[^>]*data-testid="seller-product-row"[^>]*>([\s\S]*?)<\/tr>/g)].map((m) => m[1]!).find((r) => r.includes(name));
    expect(row(all.html, "Lowstock Lamp")).toContain("2 left");
    expect(row(all.html, "Lowstock Lamp")).toContain("Low stock");
    expect(row(all.html, "Plenty Plates")).toContain("40 left");
    expect(row(all.html, "Untracked Umbrella")).toContain("Not tracked");
    expect(all.html).toMatch(/<a [^>]*aria-current="page"[^>]*>All products<\/a>/);
    expect(all.html).toContain(`href="/dashboard/products/${low}/stock"`);

    const filtered = await demo.html("/dashboard/products?stock=low");
    expect(filtered.html).toMatch(/<a [^>]*aria-current="page"[^>]*>Low stock \(\d+\)<\/a>/);
    expect(row(filtered.html, "Lowstock Lamp")).toBeDefined();
    expect(row(filtered.html, "Plenty Plates")).toBeUndefined();
    expect(row(filtered.html, "Untracked Umbrella")).toBeUndefined();
  });

  it("lists a product's stock movements (a sale is automatic); another seller gets the 404 page", async () => {
    const demo = await loggedIn();
    const id = await product(demo, "History Hat", 4);
    const empty = await demo.html(`/dashboard/products/${id}/stock`);
    expect(empty.status).toBe(200);
    expect(empty.html).toContain("Stock of History Hat");
    expect(empty.html).toContain('data-testid="stock-history-empty"');

    const orderId = await paidOrder(id, 1);
    const page = await demo.html(`/dashboard/products/${id}/stock`);
    const rows = [...page.html.matchAll(/<tr[^>]*data-testid="stock-history-row"[^>]*data-kind="(\w+)"[^>]*>([\s\S]*?)<\/tr>/g)];
    expect(rows.map((r) => r[1])).toEqual(["sale"]);
    expect(rows[0]![2]).toContain(`href="/orders/${orderId}"`);
    expect(rows[0]![2]).toContain("Automatic");
    expect(rows[0]![2]).toMatch(/>-1</);

    const rival = await loggedIn("pending@example.com");
    expect((await rival.request(`/dashboard/products/${id}/stock`)).status).toBe(404);
    expect((await demo.request("/dashboard/products/0x1/stock")).status).toBe(404);
  });
});

describe("a refund that puts the units back in stock", () => {
  it("through the API: restock true puts them back and says so in the history", async () => {
    const demo = await loggedIn();
    const id = await product(demo, "Refund Ring", 3);
    const orderId = await paidOrder(id, 2);
    expect(await variantOf(id)).toMatchObject({ stock: 1, reserved: 0 });
    const refunded = await demo.json(`/api/v1/shop/orders/${orderId}/refunds/`, { json: { amount: "20.00", restock: true } });
    expect(refunded.status).toBe(201);
    expect(await variantOf(id)).toMatchObject({ stock: 3, reserved: 0 });
    const [movement] = await sql<{ kind: string; stock_delta: number; actor_user_id: number | null }[]>(
      "SELECT kind, stock_delta, actor_user_id FROM stock_movements WHERE product_id = ? AND kind = 'restock'",
      id,
    );
    expect(movement).toMatchObject({ kind: "restock", stock_delta: 2 });
    expect(movement!.actor_user_id).not.toBeNull();
    const refused = await demo.json<{ errors: Record<string, string[]> }>(`/api/v1/shop/orders/${orderId}/refunds/`, {
      json: { amount: "1.00", restock: "yes" },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors)).toEqual(["restock"]);
  });

  it("through the order's page: the box is ticked before shipping, and an unticked box leaves the stock", async () => {
    const demo = await loggedIn();
    const id = await product(demo, "Form Fan", 2);
    const orderId = await paidOrder(id, 1);
    const page = await demo.html(`/orders/${orderId}`);
    expect(page.html).toMatch(/<input[^>]*type="checkbox"[^>]*name="restock"[^>]*checked=""/);
    expect(page.html).toContain("Put the unit back in stock");
    // Unticked: the browser sends no restock field.
    const kept = await demo.request(`/orders/${orderId}`, { form: { intent: "refund", amount: "5.00", reason: "" } });
    expect(kept.status).toBe(302);
    expect((await variantOf(id)).stock).toBe(1);
    const restocked = await demo.request(`/orders/${orderId}`, { form: { intent: "refund", amount: "5.00", reason: "", restock: "on" } });
    expect(restocked.status).toBe(302);
    expect((await variantOf(id)).stock).toBe(2);
    // Nothing left to put back: the box is gone with the refundable rest.
    expect((await demo.html(`/orders/${orderId}`)).html).not.toContain('name="restock"');
  });
});

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

describe("the live board's stock", () => {
  async function liveWithPin(demo: TestClient, productId: number) {
    const started = await demo.request("/dashboard/lives", {
      form: { title: "Stock drop", platform: "tiktok", scheduled_at: "", timezone_offset: "0" },
    });
    const liveId = Number((started.headers.get("Location") ?? "").split("/").pop());
    expect((await demo.request(`/dashboard/lives/${liveId}`, { form: { intent: "pin", product_id: String(productId) } })).status).toBe(302);
    return liveId;
  }

  it("shows the pinned product's units and adds N (or 1) through plain forms, telling the board's stream", async () => {
    const demo = await loggedIn();
    const id = await product(demo, "Board Bag", 1);
    const liveId = await liveWithPin(demo, id);
    const board = await demo.html(`/dashboard/lives/${liveId}`);
    expect(board.html).toContain('data-testid="live-stock"');
    expect(board.html).toMatch(/data-testid="live-stock-left"[^>]*>1</);

    const cursor = (await sql<{ id: number }[]>("SELECT coalesce(max(id), 0) AS id FROM live_events"))[0]!.id;
    const stream = await demo.request(`/dashboard/lives/${liveId}/events?after=${cursor}`);
    expect(stream.status).toBe(200);
    const added = await demo.request(`/dashboard/lives/${liveId}`, {
      form: { intent: "add-stock", product_id: String(id), quantity: "3" },
    });
    expect(added.status).toBe(302);
    expect(added.headers.get("Location")).toBe(`/dashboard/lives/${liveId}`);
    await readUntil(stream.body!, (text) => text.includes("data: stock"));
    expect((await variantOf(id)).stock).toBe(4);
    await demo.request(`/dashboard/lives/${liveId}`, { form: { intent: "add-stock", product_id: String(id), quantity: "1" } });
    expect((await variantOf(id)).stock).toBe(5);
    expect((await demo.html(`/dashboard/lives/${liveId}`)).html).toMatch(/data-testid="live-stock-left"[^>]*>5</);
    const history = await sql<{ kind: string; stock_delta: number }[]>(
      "SELECT kind, stock_delta FROM stock_movements WHERE product_id = ? ORDER BY id",
      id,
    );
    expect(history).toEqual([
      { kind: "manual", stock_delta: 3 },
      { kind: "manual", stock_delta: 1 },
    ]);
    // The product's history says who added them, newest first.
    const rows = [
      ...(await demo.html(`/dashboard/products/${id}/stock`)).html.matchAll(/data-testid="stock-history-row"[^>]*>([\s\S]*?)<\/tr>/g),
    ];
    expect(rows.map((r) => [r[1]!.includes("Manual change"), r[1]!.includes("Dana Demo"), />\+1</.test(r[1]!)])).toEqual([
      [true, true, true],
      [true, true, false],
    ]);
  });

  it("refuses 0, a fraction, too many, another product or another seller's live, changing nothing", async () => {
    const demo = await loggedIn();
    const id = await product(demo, "Refused Robe", 2);
    const other = await product(demo, "Other Oven", 2);
    const liveId = await liveWithPin(demo, id);
    for (const form of [
      { quantity: "0", product_id: String(id) },
      { quantity: "1.5", product_id: String(id) },
      { quantity: "1000", product_id: String(id) },
      { quantity: "2", product_id: String(other) },
      { quantity: "2", product_id: "abc" },
    ]) {
      const answer = await demo.request(`/dashboard/lives/${liveId}`, { form: { intent: "add-stock", ...form } });
      expect({ form, status: answer.status }).toEqual({ form, status: 302 });
    }
    const rival = await loggedIn("pending@example.com");
    expect(
      (await rival.request(`/dashboard/lives/${liveId}`, { form: { intent: "add-stock", product_id: String(id), quantity: "5" } })).status,
    ).toBe(404);
    expect([(await variantOf(id)).stock, (await variantOf(other)).stock]).toEqual([2, 2]);
  });
});
