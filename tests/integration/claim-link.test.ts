import { beforeAll, describe, expect, it } from "vitest";
import { loadApp, shippingFields, sql, sqlNow, TestClient } from "./app";
import { insertClaim, sweepClaimHold } from "./claims-db";

/**
 * Issue 29, item 4: a viewer's personal link `/live/{code}/c/{token}` shows everything their
 * handle claimed in the live and checks the held claims out as one order of the live (address
 * once, shipping once, one payment); a later claim is a second order into the same parcel.
 */
const text = (html: string) => html.replaceAll("<!-- -->", "");
const card = { card_number: "4242424242424242", exp_month: 12, exp_year: 2099, cvc: "123" };
const count = async (table: string) => (await sql<{ n: number }[]>(`select count(*) as n from ${table}`))[0]!.n;

let colissimo: number;

beforeAll(async () => {
  await loadApp();
  // The demo shop charges shipping: one rate for France.
  const seller = await new TestClient().signInAs("demo@example.com");
  const saved = await seller.json<{ zones: { rates: { id: number }[] }[] }>("/api/v1/customer/shop/shipping/", {
    method: "PUT",
    json: { zones: [{ name: "France", countries: ["FR"], rates: [{ name: "Colissimo", price: "4.90", free_from: null }] }], pickup: null },
  });
  expect(saved.status).toBe(200);
  colissimo = saved.body.zones[0]!.rates[0]!.id;
});

let lives = 0;
async function insertLive(title = "Claims night") {
  const code = `cl${"23456789"[++lives % 8]}${"23456789"[Math.floor(lives / 8) % 8]}mm`;
  await sql(
    `insert into lives (shop_id, code, title, platform, visits, created_at, updated_at) values (1, ?, ?, 'tiktok', 0, ${sqlNow()}, ${sqlNow()})`,
    code,
    `${title} ${code}`,
  );
  return { id: (await sql<{ id: number }[]>("select id from lives where code = ? and shop_id = 1", code))[0]!.id, code };
}

/** The demo product's variant: its only one, or the one with these option values. */
async function variantOf(productName: string, options: Record<string, string> = {}) {
  const rows = await sql<{ id: number; product_id: number; options: unknown; reserved: number; price: number }[]>(
    `select v.id, v.product_id, v.options, v.reserved, coalesce(v.price_cents, p.price_cents) as price
     from product_variants v join products p on p.id = v.product_id where p.name = ?`,
    productName,
  );
  const found = rows.find((row) => {
    const values = (typeof row.options === "string" ? JSON.parse(row.options) : row.options) as Record<string, string>;
    return Object.entries(options).every(([name, value]) => values[name] === value);
  });
  return { id: found!.id, productId: found!.product_id, priceCents: Number(found!.price) };
}

const reservedOf = async (variantId: number) =>
  (await sql<{ reserved: number }[]>("select reserved from product_variants where id = ?", variantId))[0]!.reserved;

/** The link's shipping form, posted as the page sends it (the bag's total, the rate chosen). */
const checkOut = (client: TestClient, path: string, totalCents: number, form: Record<string, string> = {}) =>
  client.request(path, {
    form: {
      intent: "shipping",
      ...shippingFields({
        email: "lea@example.test",
        total_amount: (totalCents / 100).toFixed(2),
        shipping_rate: String(colissimo),
        ...form,
      }),
    },
  });

async function pay(client: TestClient, orderId: number) {
  const started = await client.json<{ client_secret: string }>("/api/v1/payment/pay/", {
    json: { order_id: orderId, provider_slug: "simulated" },
  });
  const paid = await client.json<{ status: string }>("/api/v1/payment/simulated/confirm/", {
    json: { client_secret: started.body.client_secret, ...card },
  });
  expect(paid.body.status).toBe("succeeded");
}

const orderIdOf = (response: Response) => Number(/\/\?order=(\d+)&step=payment$/.exec(response.headers.get("Location") ?? "")?.[1]);

describe("a viewer's claim link", () => {
  it("shows everything the handle claimed in this live, with code, variant, quantity, price and status, and nobody else's", async () => {
    const live = await insertLive();
    await sql("update products set code = 'MUG1' where name = 'Ceramic Mug'");
    const mug = await variantOf("Ceramic Mug");
    const sweater = await variantOf("Chunky Knit Sweater", { Size: "M", Colour: "Red" });
    const lamp = await variantOf("Table Lamp Dune");
    const { token } = await insertClaim({ liveId: live.id, handle: "lea", variantId: mug.id, quantity: 2 });
    await insertClaim({ liveId: live.id, handle: "lea", variantId: sweater.id });
    await insertClaim({ liveId: live.id, handle: "lea", variantId: lamp.id, status: "waitlisted" });
    await insertClaim({ liveId: live.id, handle: "lea", variantId: mug.id, status: "released" });
    await insertClaim({ liveId: live.id, handle: "paul_other", variantId: lamp.id });

    const page = await new TestClient("demo.localhost:3000").html(`/live/${live.code}/c/${token}`);
    expect(page.status).toBe(200);
    expect(page.response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.response.headers.get("X-Robots-Tag")).toBe("noindex");
    const html = text(page.html);
    expect(html).toContain("Claimed in the chat as @lea");
    const lines = html.split('data-testid="claim-line"').slice(1);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain("Ceramic Mug");
    expect(lines[0]).toContain("MUG1");
    expect(lines[0]).toContain("2 units");
    expect(lines[0]).toContain(`€${((2 * mug.priceCents) / 100).toFixed(2)}`);
    expect(lines[0]).toContain("Held for you");
    expect(lines[0]).toContain('data-testid="hold-notice"');
    expect(lines[1]).toContain("Chunky Knit Sweater");
    expect(lines[1]).toContain("(M / Red)");
    expect(lines[2]).toContain("Waitlisted");
    expect(lines[2]).toContain("You are on the waitlist");
    expect(lines[3]).toContain("Released");
    // The checkout of the two held claims: the bag's total, the rate once.
    expect(html).toContain(`name="total_amount" value="${((2 * mug.priceCents + sweater.priceCents) / 100).toFixed(2)}"`);
    expect(html).toContain('name="shipping_rate"');
    // Never another viewer's claims.
    expect(html).not.toContain("paul_other");

    // In French too.
    const fr = text(
      (await new TestClient("demo.localhost:3000").html(`/live/${live.code}/c/${token}`, { headers: { "Accept-Language": "fr" } })).html,
    );
    expect(fr).toContain("Réservés dans le chat par @lea");
    expect(fr).toContain("Gardé pour vous");
    expect(fr).toContain("si un article revient, il apparaît ici");
  });

  it("keeps the claims in view when the shop cannot take payments yet, and says so instead of the form", async () => {
    const live = await insertLive();
    const { token } = await insertClaim({ liveId: live.id, handle: "lea", variantId: (await variantOf("Ceramic Mug")).id });
    const owner = "(select owner_id from shops where id = 1)";
    await sql(`update seller_profiles set stripe_charges_enabled = false where user_id = ${owner}`);
    try {
      const html = text((await new TestClient("demo.localhost:3000").html(`/live/${live.code}/c/${token}`)).html);
      expect(html).toContain('data-testid="claim-line"');
      expect(html).toContain('data-testid="payment-setup-error"');
      expect(html).not.toContain('name="full_name"');
    } finally {
      await sql(`update seller_profiles set stripe_charges_enabled = true where user_id = ${owner}`);
    }
  });

  it("is a 404 for a token of another live, an unknown or malformed token, and on the main site", async () => {
    const live = await insertLive();
    const other = await insertLive();
    const mug = await variantOf("Ceramic Mug");
    const { token } = await insertClaim({ liveId: live.id, handle: "lea", variantId: mug.id });
    const { token: otherToken } = await insertClaim({ liveId: other.id, handle: "lea", variantId: mug.id });
    const viewer = new TestClient("demo.localhost:3000");
    expect((await viewer.html(`/live/${other.code}/c/${token}`)).status).toBe(404);
    expect((await viewer.html(`/live/${live.code}/c/${otherToken}`)).status).toBe(404);
    expect((await viewer.html(`/live/${live.code}/c/${token.slice(0, -2)}xx`)).status).toBe(404);
    expect((await viewer.html(`/live/${live.code}/c/not%20a%20token`)).status).toBe(404);
    expect((await new TestClient().html(`/live/${live.code}/c/${token}`)).status).toBe(404);
    // A checkout posted with another live's token creates nothing.
    const orders = await count("orders");
    await viewer.request(`/live/${live.code}/c/${token}`);
    expect((await checkOut(viewer, `/live/${other.code}/c/${token}`, 1500)).status).toBe(404);
    expect(await count("orders")).toBe(orders);
  });

  it("checks the held claims out as one order of the live: their holds become the order's, one shipping fee; paid, they show paid", async () => {
    const live = await insertLive();
    const mug = await variantOf("Ceramic Mug");
    const sweater = await variantOf("Chunky Knit Sweater", { Size: "M", Colour: "Red" });
    const first = await insertClaim({ liveId: live.id, handle: "lea", variantId: mug.id, quantity: 2 });
    const second = await insertClaim({ liveId: live.id, handle: "lea", variantId: sweater.id });
    const path = `/live/${live.code}/c/${first.token}`;
    const reserved = [await reservedOf(mug.id), await reservedOf(sweater.id)];
    const lea = new TestClient("demo.localhost:3000");
    await lea.request(path);

    const subtotal = 2 * mug.priceCents + sweater.priceCents;
    const placed = await checkOut(lea, path, subtotal);
    expect(placed.status).toBe(302);
    const orderId = orderIdOf(placed);
    const [order] = await sql<Record<string, unknown>[]>(
      "select live_id, live_reference, total_amount_cents, shipping_amount_cents, shipping_rate_id, reserved_until from orders where id = ?",
      orderId,
    );
    expect(order).toMatchObject({
      live_id: live.id,
      live_reference: live.code,
      total_amount_cents: subtotal + 490,
      shipping_amount_cents: 490,
      shipping_rate_id: colissimo,
    });
    expect(await sql("select product_id, variant_id, quantity from order_items where order_id = ? order by id", orderId)).toEqual([
      { product_id: mug.productId, variant_id: mug.id, quantity: 2 },
      { product_id: sweater.productId, variant_id: sweater.id, quantity: 1 },
    ]);
    // The claims are the order's; their units are held by the order now, none taken twice.
    expect(
      await sql("select id, order_id from claims where link_id = (select link_id from claims where id = ?) order by id", first.id),
    ).toEqual([
      { id: first.id, order_id: orderId },
      { id: second.id, order_id: orderId },
    ]);
    expect(await sql("select state from stock_holds where claim_id in (?, ?)", first.id, second.id)).toEqual([
      { state: "released" },
      { state: "released" },
    ]);
    expect(await sql("select variant_id, quantity, state from stock_holds where order_id = ? order by variant_id", orderId)).toEqual(
      [
        { variant_id: mug.id, quantity: 2, state: "held" },
        { variant_id: sweater.id, quantity: 1, state: "held" },
      ].sort((a, b) => a.variant_id - b.variant_id),
    );
    expect([await reservedOf(mug.id), await reservedOf(sweater.id)]).toEqual(reserved);

    // The payment step is the shop's; the link says the claims wait for it, and checks nothing out twice.
    expect(text((await lea.html(`/?order=${orderId}&step=payment`)).html)).toContain('data-testid="hold-notice"');
    const waiting = text((await lea.html(path)).html);
    expect(waiting).toContain("Waiting for payment");
    expect(waiting).toContain(`href="/?order=${orderId}&amp;step=payment"`);
    expect(waiting).not.toContain('name="shipping_rate"');
    const twice = await checkOut(lea, path, subtotal);
    expect(twice.status).toBe(409);
    expect(text(await twice.text())).toContain('data-testid="claim-link-nothing-to-pay"');

    await pay(lea, orderId);
    const paid = text((await lea.html(path)).html);
    expect(paid.match(/data-testid="claim-status">Paid</g)).toHaveLength(2);
    expect(paid).toContain("Pending");
    expect(paid).toContain('data-testid="claim-link-nothing-to-pay"');
    expect(await sql("select state from stock_holds where order_id = ?", orderId)).toEqual([{ state: "sold" }, { state: "sold" }]);
  });

  it("pays a later claim of the same handle as a second order into the same parcel, with no second shipping fee", async () => {
    // Through the comments API, as a chat bot posts them.
    const live = await insertLive();
    await sql("update products set code = 'TOTE9' where name = 'Tote Bag Signature'");
    await sql("update products set code = 'MUG9' where name = 'Ceramic Mug'");
    const mug = await variantOf("Ceramic Mug");
    const tote = await variantOf("Tote Bag Signature");
    const bot = await new TestClient().signInAs("demo@example.com");
    const comment = async (text: string) => {
      const posted = await bot.json<{ claimed: boolean; claim: { link: string } }>(`/api/v1/shop/lives/${live.id}/comments/`, {
        json: { platform: "tiktok", author: { handle: "@Nina" }, text },
      });
      expect(posted.body.claimed).toBe(true);
      return new URL(posted.body.claim.link).pathname;
    };
    const path = await comment("SOLD MUG9");
    const nina = new TestClient("demo.localhost:3000");
    await nina.request(path);
    const firstOrder = orderIdOf(await checkOut(nina, path, mug.priceCents, { email: "nina@example.test" }));
    await pay(nina, firstOrder);
    const [{ parcel_id: parcel }] = (await sql<{ parcel_id: number }[]>("select parcel_id from orders where id = ?", firstOrder)) as [
      { parcel_id: number },
    ];
    expect(parcel).toEqual(expect.any(Number));

    // A claim after the payment joins the same link, offered into the parcel first, no fee.
    expect(await comment("je prends TOTE9")).toBe(path);
    const page = text((await nina.html(path)).html);
    expect(page.match(/data-testid="claim-line"/g)).toHaveLength(2);
    expect(page).toContain('name="shipping_rate" checked="" value="parcel"');
    expect(page).toContain("You have a parcel from this live not shipped yet");
    // The address is the paid order's (prefilled), the rate the parcel.
    expect(page).toContain('value="nina@example.test"');
    const secondOrder = orderIdOf(await checkOut(nina, path, tote.priceCents, { email: "nina@example.test", shipping_rate: "parcel" }));
    expect(secondOrder).not.toBe(firstOrder);
    expect(
      await sql("select total_amount_cents, shipping_amount_cents, shipping_parcel_id, live_id from orders where id = ?", secondOrder),
    ).toEqual([{ total_amount_cents: tote.priceCents, shipping_amount_cents: 0, shipping_parcel_id: parcel, live_id: live.id }]);
    await pay(nina, secondOrder);
    expect((await sql<{ parcel_id: number }[]>("select parcel_id from orders where id = ?", secondOrder))[0]!.parcel_id).toBe(parcel);
    expect(text((await nina.html(path)).html).match(/data-testid="claim-status">Paid</g)).toHaveLength(2);
    // The claims API says so too.
    const listed = await bot.json<{ results: { status: string }[] }>(`/api/v1/shop/lives/${live.id}/claims/`);
    expect(listed.body.results.map((c) => c.status)).toEqual(["paid", "paid"]);
  });

  it("takes the units of a hold that ran out again when some are left; sold out, it is refused and nobody is charged", async () => {
    const live = await insertLive();
    const lamp = await variantOf("Table Lamp Dune");
    const mug = await variantOf("Ceramic Mug");
    // Ran out, not swept yet: its units are still counted, checkout takes them over.
    const lapsed = await insertClaim({ liveId: live.id, handle: "omar", variantId: mug.id, minutes: -1 });
    const path = `/live/${live.code}/c/${lapsed.token}`;
    const omar = new TestClient("demo.localhost:3000");
    const page = text((await omar.html(path)).html);
    expect(page).toContain("Hold ended");
    expect(page).toContain('data-testid="hold-lapsed"');
    const retaken = orderIdOf(await checkOut(omar, path, mug.priceCents, { email: "omar@example.test" }));
    expect(await sql("select quantity, state from stock_holds where order_id = ?", retaken)).toEqual([{ quantity: 1, state: "held" }]);

    // Ran out and swept, then someone else bought the last units: sold out, not offered.
    const gone = await insertClaim({ liveId: live.id, handle: "omar", variantId: lamp.id, minutes: -1 });
    await sweepClaimHold(gone.id);
    const shown = text((await omar.html(path)).html);
    expect(shown).toContain('data-testid="hold-lapsed"');
    const left = (await sql<{ left: number }[]>("select stock - reserved as left from product_variants where id = ?", lamp.id))[0]!.left;
    // One unit short for two lapsed claims of it: the older one is offered, the newer is sold out.
    await sql("update product_variants set reserved = reserved + ? where id = ?", left - 1, lamp.id);
    const newer = await insertClaim({ liveId: live.id, handle: "omar", variantId: lamp.id, minutes: -1 });
    await sweepClaimHold(newer.id);
    const oneLeft = text((await omar.html(path)).html)
      .split('data-testid="claim-line"')
      .slice(1);
    expect(oneLeft[1]).toContain('data-testid="hold-lapsed"');
    expect(oneLeft[2]).toContain('data-testid="hold-sold-out"');
    await sql("update product_variants set reserved = reserved + 1 where id = ?", lamp.id);
    const soldOut = text((await omar.html(path)).html);
    expect(soldOut).toContain('data-testid="hold-sold-out"');
    expect(soldOut).toContain("You have not been charged");
    expect(soldOut).not.toContain('name="shipping_rate"');
    // The form drawn before it sold out is refused: nothing created, nothing charged.
    const [orders, payments] = [await count("orders"), await count("payment_transactions")];
    const refused = await checkOut(omar, path, lamp.priceCents, { email: "omar@example.test" });
    expect(refused.status).toBe(409);
    expect([await count("orders"), await count("payment_transactions")]).toEqual([orders, payments]);
    expect((await sql<{ order_id: number | null }[]>("select order_id from claims where id = ?", gone.id))[0]!.order_id).toBeNull();
    await sql("update product_variants set reserved = reserved - ? where id = ?", left, lamp.id);
  });
});
