import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadApp, shippingFields, sql, sqlNow, TestClient } from "./app";

/**
 * Issue 27, item 2: a live's viewers see the pinned product's "Only N left" become "Sold out"
 * as others buy, from the label the live's stream carries (no reload), and the page renders
 * it without JavaScript.
 */
beforeAll(() => loadApp());

const open: (() => Promise<void>)[] = [];
afterAll(async () => {
  await Promise.all(open.map((close) => close()));
});

/** The `stock` events of a stream, read as they come. */
function stockEvents(response: Response) {
  const reader = response.body!.getReader();
  open.push(() => reader.cancel());
  const decoder = new TextDecoder();
  let buffer = "";
  return async function next(): Promise<unknown> {
    for (;;) {
      const match = /event: stock\ndata: (.*)\n\n/.exec(buffer);
      if (match) {
        buffer = buffer.slice(match.index + match[0].length);
        return JSON.parse(match[1]!);
      }
      const { value, done } = await reader.read();
      if (done) throw new Error("the stream ended");
      buffer += decoder.decode(value, { stream: true });
    }
  };
}

describe("a live's pinned product stock", () => {
  it("is rendered on the page and pushed to the stream as holds take the units, down to Sold out", async () => {
    const [shop] = await sql<{ id: number }[]>("select id from shops where subdomain = 'demo'");
    const [product] = await sql<{ id: number }[]>(
      `insert into products (shop_id, name, price_cents, created_at, updated_at) values (?, 'Drop Cap', 2000, ${sqlNow()}, ${sqlNow()}) returning id`,
      shop!.id,
    );
    await sql(
      `insert into product_variants (product_id, shop_id, stock, created_at, updated_at) values (?, ?, 3, ${sqlNow()}, ${sqlNow()})`,
      product!.id,
      shop!.id,
    );
    await sql(
      `insert into lives (shop_id, code, title, platform, visits, pinned_product_id, created_at, updated_at) values (?, 'drop27', 'Cap drop', 'tiktok', 0, ?, ${sqlNow()}, ${sqlNow()})`,
      shop!.id,
      product!.id,
    );
    const page = (await new TestClient("demo.localhost:3000").html("/live/drop27")).html.replaceAll("<!-- -->", "");
    expect(page).toMatch(/data-testid="pinned-stock"[^>]*><span[^>]*>Only 3 left<\/span>/);

    const response = await new TestClient("demo.localhost:3000").request("/live/drop27/events", {
      headers: { Accept: "text/event-stream" },
      clientAddress: "198.51.100.77",
    });
    expect(response.status).toBe(200);
    const next = stockEvents(response);
    // What it is now, as the stream opens.
    expect(await next()).toEqual({ product: product!.id, label: { kind: "low", left: 3 }, waitlist: false });
    const buy = (quantity: number) =>
      new TestClient("demo.localhost:3000").json("/api/v1/shop/orders/", {
        json: shippingFields({ total_amount: (20 * quantity).toFixed(2), items: [{ product: product!.id, quantity }] }),
      });
    expect((await buy(1)).status).toBe(201);
    expect(await next()).toEqual({ product: product!.id, label: { kind: "low", left: 2 }, waitlist: false });
    expect((await buy(2)).status).toBe(201);
    expect(await next()).toEqual({ product: product!.id, label: { kind: "sold_out" }, waitlist: true });
    // The page says so too (the page cache's version moved with the label).
    const after = (await new TestClient("demo.localhost:3000").html("/live/drop27")).html.replaceAll("<!-- -->", "");
    expect(after).toContain(">Sold out</span>");
    expect(after).toContain("Tell me when it is back");
    // The live's link takes the waitlist's email itself (its form posts to the link).
    const viewer = new TestClient("demo.localhost:3000");
    const sold = (await viewer.html(`/live/drop27?product_id=${product!.id}`)).html.replaceAll("<!-- -->", "");
    expect(sold).toContain(`action="/live/drop27?product_id=${product!.id}"`);
    const joined = await viewer.request(`/live/drop27?product_id=${product!.id}`, {
      form: { intent: "waitlist", product: String(product!.id), email: "viewer@example.test" },
      clientAddress: "198.51.100.78",
    });
    expect(joined.status).toBe(200);
    expect((await joined.text()).replaceAll("<!-- -->", "")).toContain("Done: we will email viewer@example.test once when it is back.");
    expect(await sql("select email from waitlist_entries where product_id = ?", product!.id)).toEqual([{ email: "viewer@example.test" }]);
  });
});
