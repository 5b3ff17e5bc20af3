import { beforeAll, describe, expect, it } from "vitest";
import { loadApp, shippingFields, sql, sqlNow, TestClient } from "./app";

/** Issue 16, items 2 and 4: a live's public link is its checkout; the reminder brings unpaid shoppers back to their payment. */
type LiveApp = { sendDueLiveReminders(now?: Date): Promise<number>; flushLiveVisits(): Promise<void> };
const liveApp = async () => (await loadApp()) as unknown as LiveApp;

const shopper = () => new TestClient("demo.localhost:3000");

// Migrations run when the app loads, before the tests arrange rows.
beforeAll(() => loadApp());

let codes = 0;
/** A live of the demo shop (id 1), open or ended, with a pinned product. */
async function insertLive(options: { ended?: boolean; pinned?: number | null; shopId?: number } = {}) {
  // Codes use no 0 or 1: the counter's octal digits are written with 2-9.
  const code = `kk${(++codes).toString(8).replace(/[0-7]/g, (d) => "23456789"[Number(d)]!)}`.padEnd(6, "k");
  await sql(
    `insert into lives (shop_id, code, title, platform, pinned_product_id, visits, ended_at, created_at, updated_at)
     values (?, ?, ?, 'tiktok', ?, 0, ${options.ended ? sqlNow() : "null"}, ${sqlNow()}, ${sqlNow()})`,
    options.shopId ?? 1,
    code,
    `Friday drop ${code}`,
    options.pinned ?? null,
  );
  const [live] = await sql<{ id: number }[]>("select id from lives where code = ? and shop_id = ?", code, options.shopId ?? 1);
  return { id: live!.id, code };
}

async function placeLiveOrder(client: TestClient, code: string, fields: Record<string, string> = {}) {
  await client.request(`/live/${code}`);
  const placed = await client.request(`/live/${code}`, {
    form: { intent: "shipping", ...shippingFields({ reference: "R-12", content: "the red scarf", total_amount: "25.00", ...fields }) },
  });
  expect(placed.status).toBe(302);
  const orderId = Number(/order=(\d+)/.exec(placed.headers.get("Location")!)![1]);
  return { orderId, location: placed.headers.get("Location")! };
}

describe("a live's link on the shop host", () => {
  it("is the live's checkout: its title, the pinned product with a Buy link, and no live reference to type", async () => {
    const live = await insertLive({ pinned: 1 });
    const { status, html } = await shopper().html(`/live/${live.code}`);
    expect(status).toBe(200);
    expect(html).toContain(`Friday drop ${live.code}`);
    expect(html).toContain('data-testid="pinned-product"');
    expect(html).toContain(`href="/live/${live.code}?product_id=1"`);
    expect(html).toContain(`<input type="hidden" name="live_reference" value="${live.code}"/>`);
    expect(html).not.toMatch(/<input[^>]*name="live_reference"[^>]*type="text"/);
    // The page says which live it is in its title.
    expect(html).toMatch(/<title>Demo Live Shop live: Friday drop/);
  });

  it("places the order as the live's, whatever live reference the form sends, and signals the live's board", async () => {
    const live = await insertLive();
    const client = shopper();
    const { orderId, location } = await placeLiveOrder(client, live.code, { live_reference: "someone-elses" });
    expect(location).toBe(`/?order=${orderId}&step=payment`);
    const [order] = await sql<{ live_id: number; live_reference: string; reference: string; content: string }[]>(
      "select live_id, live_reference, reference, content from orders where id = ?",
      orderId,
    );
    expect(order).toEqual({ live_id: live.id, live_reference: live.code, reference: "R-12", content: "the red scarf" });
    const events = await sql<{ kind: string }[]>("select kind from live_events where live_id = ?", live.id);
    expect(events.map((e) => e.kind)).toEqual(["order"]);
    // The payment continues on the shop's checkout, which shows that order to this shopper.
    expect((await client.html(location)).html).toContain('name="card_number"');
  });

  it("buys the pinned product: the catalogue purchase of that product, for that live", async () => {
    const live = await insertLive({ pinned: 1 });
    const client = shopper();
    const page = await client.html(`/live/${live.code}?product_id=1`);
    expect(page.html).toContain('data-testid="purchase-quantity"');
    expect(page.html).not.toContain(`href="/live/${live.code}?product_id=1"`);
    const [product] = await sql<{ price_cents: number }[]>("select price_cents from products where id = 1");
    const placed = await client.request(`/live/${live.code}?product_id=1`, {
      form: {
        intent: "shipping",
        product_id: "1",
        quantity: "1",
        ...shippingFields({ total_amount: (product!.price_cents / 100).toFixed(2), live_reference: live.code }),
      },
    });
    expect(placed.status).toBe(302);
    const orderId = Number(/order=(\d+)/.exec(placed.headers.get("Location")!)![1]);
    const [order] = await sql<{ live_id: number; n: number }[]>(
      "select o.live_id, (select count(*) from order_items i where i.order_id = o.id and i.product_id = 1) as n from orders o where o.id = ?",
      orderId,
    );
    expect(order).toEqual({ live_id: live.id, n: 1 });
  });

  it("an ended live says so (410) and points to the shop; an unknown code is 404, and so is the main host", async () => {
    const ended = await insertLive({ ended: true });
    const { status, html } = await shopper().html(`/live/${ended.code}`);
    expect(status).toBe(410);
    expect(html).toContain("This live has ended");
    expect(html).toContain('href="/products"');
    expect(html).not.toContain('name="intent" value="shipping"');
    expect((await shopper().request("/live/zzzzzz")).status).toBe(404);
    expect((await shopper().request("/live/not-a-code")).status).toBe(404);
    const open = await insertLive();
    expect((await new TestClient("localhost:3000").request(`/live/${open.code}`)).status).toBe(404);
    // Another shop's live is not this shop's.
    const elsewhere = await insertLive({ shopId: 2 });
    expect((await shopper().request(`/live/${elsewhere.code}`)).status).toBe(404);
  });

  it("is kept by the page cache for anonymous viewers, and the seller's pin or end reaches the next viewer at once", async () => {
    const live = await insertLive({ pinned: 1 });
    // A viewer who already has the CSRF cookie: an answer that sets no cookie is what the cache keeps.
    const viewer = shopper();
    await viewer.request("/api/v1/shop/categories/");
    const first = await viewer.html(`/live/${live.code}`);
    expect(first.html).toContain("Buy now: Silk Scarf Aurora");
    // The same bytes for every viewer, which a CDN may keep and revalidate.
    expect((await shopper().html(`/live/${live.code}`)).html).toBe(first.html);
    expect(first.response.headers.get("CDN-Cache-Control")).toBe("public, no-cache");
    const etag = first.response.headers.get("ETag")!;
    expect((await shopper().request(`/live/${live.code}`, { headers: { "If-None-Match": etag } })).status).toBe(304);
    const seller = await new TestClient().signInAs("demo@example.com");
    expect((await seller.json(`/api/v1/shop/lives/${live.id}/pin/`, { json: { product_id: 2 } })).status).toBe(200);
    const pinned = await viewer.html(`/live/${live.code}`);
    expect(pinned.html).toContain("Buy now: Denim Jacket Classic");
    expect(pinned.response.headers.get("ETag")).not.toBe(etag);
    expect((await seller.json(`/api/v1/shop/lives/${live.id}/end/`, { method: "POST" })).status).toBe(200);
    expect((await viewer.request(`/live/${live.code}`)).status).toBe(410);
  });

  it("in French too", async () => {
    const live = await insertLive({ pinned: 1 });
    const client = shopper();
    // ?lng= stores the choice and comes back to the page without it.
    await client.request(`/live/${live.code}?lng=fr`);
    expect((await client.html(`/live/${live.code}`)).html).toContain("Épinglé par le vendeur");
    const ended = await insertLive({ ended: true });
    expect((await client.html(`/live/${ended.code}`)).html).toContain("Ce live est terminé");
  });

  it("counts page loads of the link as visits, once per viewer: not reloads, data requests or bots", async () => {
    const live = await insertLive();
    const client = shopper();
    // One viewer reloading the cached page a hundred times is one visit.
    for (let i = 0; i < 100; i++) {
      const page = await client.request(`/live/${live.code}`, {
        headers: { "Sec-Fetch-Dest": "document" },
        clientAddress: "198.51.100.30",
      });
      expect(page.status).toBe(200);
      expect(page.headers.get("Set-Cookie")).toBeNull();
    }
    await client.request(`/live/${live.code}`, { clientAddress: "198.51.100.31" });
    await client.request(`/live/${live.code}.data`, { headers: { "Sec-Fetch-Dest": "empty" }, clientAddress: "198.51.100.32" });
    await client.request(`/live/${live.code}`, {
      headers: { "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" },
      clientAddress: "198.51.100.33",
    });
    await (await liveApp()).flushLiveVisits();
    const [row] = await sql<{ visits: number }[]>("select visits from lives where id = ?", live.id);
    expect(row!.visits).toBe(2);
  });

  it("streams the seller's pin to the live page's viewers (Server-Sent Events)", async () => {
    const live = await insertLive();
    const response = await shopper().request(`/live/${live.code}/events`);
    expect(response.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toContain("no-transform");
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = "";
    const read = async (until: string) => {
      while (!received.includes(until)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`stream ended before ${until}`);
        received += decoder.decode(value);
      }
    };
    await read("retry:");
    // The node's reader starts from the newest event; orders are not a viewer's business.
    await sql(`insert into live_events (live_id, kind, created_at) values (?, 'order', ${sqlNow()})`, live.id);
    await sql(`insert into live_events (live_id, kind, created_at) values (?, 'pin', ${sqlNow()})`, live.id);
    await read("data: pin");
    expect(received).not.toContain("data: order");
    await reader.cancel();
  });

  it("tells a viewer at once of a pin made between their page's render and their stream", async () => {
    const live = await insertLive({ pinned: 2 });
    const opened = async (shown: string) => {
      const response = await shopper().request(`/live/${live.code}/events?pinned=${shown}`);
      const reader = response.body!.getReader();
      let received = "";
      while (!received.includes("retry:")) received += new TextDecoder().decode((await reader.read()).value);
      await reader.cancel();
      return received;
    };
    // The page showed nothing pinned, or another product: a pin event before anything else happens.
    expect(await opened("none")).toContain("event: change\ndata: pin");
    expect(await opened("1")).toContain("data: pin");
    // The page shows the pinned product: nothing to tell.
    expect(await opened("2")).not.toContain("data: pin");
  });
});

describe("the live's payment reminder", () => {
  it("mails each unpaid checkout of the live once, after the delay, with a link that lets any device pay that order only", async () => {
    const live = await insertLive();
    const first = await placeLiveOrder(shopper(), live.code, { email: "late.payer@example.test" });
    const other = await placeLiveOrder(shopper(), live.code, { email: "other.payer@example.test" });
    await sql("update lives set reminder_delay_minutes = 30 where id = ?", live.id);
    const app = await liveApp();
    // Not yet due.
    expect(await app.sendDueLiveReminders(new Date(Date.now() + 29 * 60_000))).toBe(0);
    expect(await app.sendDueLiveReminders(new Date(Date.now() + 31 * 60_000))).toBe(2);
    expect(await app.sendDueLiveReminders(new Date(Date.now() + 61 * 60_000))).toBe(0);
    const mails = await sql<{ text: string }[]>(
      "select text from mail_outbox where template = 'live_reminder' and \"to\" = ?",
      "late.payer@example.test",
    );
    expect(mails).toHaveLength(1);
    const link = /https?:\/\/demo\.localhost:3000(\/order-status\/[A-Za-z0-9_-]{43})/.exec(mails[0]!.text)![1]!;

    // Another device: the link opens the order and lets this browser pay it.
    const device = shopper();
    const status = await device.html(link);
    expect(status.status).toBe(200);
    expect(status.html).toContain(`href="/?order=${first.orderId}&amp;step=payment"`);
    expect(device.cookies.has("order_link")).toBe(true);
    expect((await device.html(`/?order=${first.orderId}&step=payment`)).html).toContain('name="card_number"');
    const paid = await device.request(`/?index&order=${first.orderId}&step=payment`, {
      form: { intent: "pay-card", order: String(first.orderId), card_number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" },
    });
    expect(paid.headers.get("Location")).toBe(`/?order=${first.orderId}&step=success`);
    const [row] = await sql<{ payment_status: string }[]>("select payment_status from orders where id = ?", first.orderId);
    expect(row!.payment_status).toBe("succeeded");
    // Never anyone else's order.
    const foreign = await device.request(`/?index&order=${other.orderId}&step=payment`, {
      form: { intent: "pay-card", order: String(other.orderId), card_number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" },
    });
    expect(foreign.status).toBe(404);
    expect((await device.html(`/order-confirmation/${other.orderId}`)).status).toBe(404);
  });

  it("lets the link's holder pay the order but not rewrite it; the browser that placed it still can", async () => {
    const live = await insertLive();
    const placer = shopper();
    const placed = await placeLiveOrder(placer, live.code, { email: "forwarded@example.test" });
    await sql("update lives set reminder_delay_minutes = 5 where id = ?", live.id);
    await (await liveApp()).sendDueLiveReminders(new Date(Date.now() + 10 * 60_000));
    const [mail] = await sql<{ text: string }[]>(
      "select text from mail_outbox where template = 'live_reminder' and \"to\" = ?",
      "forwarded@example.test",
    );
    const link = /https?:\/\/demo\.localhost:3000(\/order-status\/[A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
    const stored = () =>
      sql<{ full_name: string; email: string; address: string; total_amount_cents: number }[]>(
        "select full_name, email, address, total_amount_cents from orders where id = ?",
        placed.orderId,
      );
    const before = await stored();

    // A forwarded mail: another device opens the link.
    const holder = shopper();
    expect((await holder.html(link)).status).toBe(200);
    expect(holder.cookies.has("order_link")).toBe(true);
    const rewrite = (client: TestClient, name: string) =>
      client.request(`/?index&order=${placed.orderId}&step=shipping`, {
        form: {
          intent: "shipping",
          order: String(placed.orderId),
          ...shippingFields({
            full_name: name,
            email: `${name.toLowerCase()}@example.test`,
            address: "9 other street",
            reference: "R-12",
            total_amount: "25.00",
          }),
        },
      });
    const refused = await rewrite(holder, "Mallory");
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Only the browser that placed this order");
    expect(await stored()).toEqual(before);
    // Its checkout shows the payment step, read-only: no way back to the shipping form.
    for (const step of ["shipping", "payment"]) {
      const page = await holder.html(`/?order=${placed.orderId}&step=${step}`);
      expect(page.html).toContain('data-testid="details-locked"');
      expect(page.html).toContain('name="card_number"');
      expect(page.html).not.toContain('value="shipping"');
      expect(page.html).not.toContain(`href="/?order=${placed.orderId}&amp;step=shipping"`);
    }

    // The browser that placed the order still edits it.
    const page = await placer.html(`/?order=${placed.orderId}&step=payment`);
    expect(page.html).toContain(`href="/?order=${placed.orderId}&amp;step=shipping"`);
    expect(page.html).not.toContain('data-testid="details-locked"');
    expect((await placer.html(`/?order=${placed.orderId}&step=shipping`)).html).toContain('value="shipping"');
    const edited = await rewrite(placer, "Paula");
    expect(edited.status).toBe(302);
    expect(await stored()).toEqual([{ ...before[0]!, full_name: "Paula", email: "paula@example.test", address: "9 other street" }]);
  });

  it("skips paid and cancelled checkouts, and lives without a reminder", async () => {
    const live = await insertLive();
    const paid = await placeLiveOrder(shopper(), live.code, { email: "paid@example.test" });
    const cancelled = await placeLiveOrder(shopper(), live.code, { email: "cancelled@example.test" });
    await sql("update orders set payment_status = 'succeeded' where id = ?", paid.orderId);
    await sql("update orders set status = 'cancelled', payment_status = 'canceled' where id = ?", cancelled.orderId);
    const silent = await insertLive();
    await placeLiveOrder(shopper(), silent.code, { email: "no-reminder@example.test" });
    await sql("update lives set reminder_delay_minutes = 5 where id = ?", live.id);
    await (await liveApp()).sendDueLiveReminders(new Date(Date.now() + 24 * 60 * 60_000));
    const sent = await sql<{ to: string }[]>(
      "select \"to\" from mail_outbox where template = 'live_reminder' and \"to\" in ('paid@example.test', 'cancelled@example.test', 'no-reminder@example.test')",
    );
    expect(sent).toEqual([]);
  });
});
