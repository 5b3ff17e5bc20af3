import { beforeAll, describe, expect, it } from "vitest";
import { loadApp, onPostgres, shippingFields, sql, sqlNow, TestClient } from "./app";

// Issue 28 item 3: a shopper's paid orders share a parcel (same shop, email and address, not
// shipped yet, the same live or within the shop's window); the seller's parcels screen with
// its packing lists; one action ships a parcel, with one mail.

const card = { card_number: "4242424242424242", exp_month: 12, exp_year: 2099, cvc: "123" };
const shop = () => new TestClient("demo.localhost:3000");
const HOUR = 3_600_000;

beforeAll(() => loadApp());

async function sellerApi() {
  const client = new TestClient();
  expect((await client.json("/api/v1/account/auth/login/", { json: { email: "demo@example.com", password: "Demo1234!" } })).status).toBe(
    200,
  );
  return client;
}

async function sellerScreens() {
  const client = new TestClient();
  await client.request("/login");
  expect((await client.request("/login", { form: { email: "demo@example.com", password: "Demo1234!" } })).status).toBe(302);
  return client;
}

type Arrange = { fields?: Record<string, unknown>; liveId?: number; hoursLater?: number; base?: number };

/**
 * Places an order through the API and pays it; before paying, the order may be moved to a
 * live or to another placing time (`hoursLater` than `base`), which only a live's link or
 * the clock would otherwise give it.
 */
async function paidOrder(email: string, arrange: Arrange = {}) {
  const shopper = shop();
  const placed = await shopper.json<{ id: number; order_number: string }>("/api/v1/shop/orders/", {
    json: shippingFields({ full_name: "Pia Parcel", email, reference: "PCL", total_amount: "20.00", ...arrange.fields }),
  });
  expect(placed.status).toBe(201);
  const id = placed.body.id;
  if (arrange.liveId !== undefined) await sql("update orders set live_id = ? where id = ?", arrange.liveId, id);
  if (arrange.hoursLater !== undefined) {
    const at = (arrange.base ?? Date.now()) + arrange.hoursLater * HOUR;
    await sql("update orders set created_at = ? where id = ?", onPostgres() ? new Date(at) : at, id);
  }
  const pay = await shopper.json<{ client_secret: string }>("/api/v1/payment/pay/", { json: { order_id: id, provider_slug: "simulated" } });
  const paid = await shopper.json<{ status: string }>("/api/v1/payment/simulated/confirm/", {
    json: { client_secret: pay.body.client_secret, ...card },
  });
  expect(paid.body.status).toBe("succeeded");
  return { id, number: placed.body.order_number, shopper };
}

const parcelOf = async (orderId: number) =>
  (await sql<{ parcel_id: number | null }[]>("select parcel_id from orders where id = ?", orderId))[0]!.parcel_id;
const createdAt = async (orderId: number) =>
  Number((await sql<{ created_at: number }[]>("select created_at from orders where id = ?", orderId))[0]!.created_at);

let lives = 0;
async function insertLive() {
  const code = `pp${"23456789"[++lives % 8]}${"23456789"[Math.floor(lives / 8) % 8]}kk`;
  await sql(
    `insert into lives (shop_id, code, title, platform, visits, created_at, updated_at) values (1, ?, ?, 'tiktok', 0, ${sqlNow()}, ${sqlNow()})`,
    code,
    `Parcel live ${code}`,
  );
  return (await sql<{ id: number }[]>("select id from lives where code = ? and shop_id = 1", code))[0]!.id;
}

describe("which parcel a paid order joins", () => {
  it("one shopper's orders to one address share a parcel, however the address is typed; another address or email does not", async () => {
    const first = await paidOrder("pia@example.test");
    const parcel = await parcelOf(first.id);
    expect(parcel).toEqual(expect.any(Number));
    const again = await paidOrder("Pia@Example.test", {
      fields: { address: "  12 RUE victor   hugo ", zip_code: "44 000", city: "nantes" },
    });
    expect(await parcelOf(again.id)).toBe(parcel);
    const elsewhere = await paidOrder("pia@example.test", { fields: { address: "3 quai de la Fosse" } });
    expect(await parcelOf(elsewhere.id)).not.toBe(parcel);
    const someoneElse = await paidOrder("paul-parcel@example.test");
    expect(await parcelOf(someoneElse.id)).not.toBe(parcel);

    // An unpaid order is in no parcel; the API says which parcel each order is in.
    const unpaid = await shop().json<{ id: number; parcel_id: number | null }>("/api/v1/shop/orders/", {
      json: shippingFields({ email: "pia@example.test", reference: "PCL", total_amount: "20.00" }),
    });
    expect(unpaid.body.parcel_id).toBeNull();
    const demo = await sellerApi();
    expect((await demo.json<{ parcel_id: number }>(`/api/v1/shop/orders/${again.id}/`)).body.parcel_id).toBe(parcel);

    // A cancelled order leaves its parcel; the others stay in it.
    expect((await demo.json(`/api/v1/shop/orders/${again.id}/`, { method: "PATCH", json: { status: "cancelled" } })).status).toBe(200);
    expect(await parcelOf(again.id)).toBeNull();
    expect(await parcelOf(first.id)).toBe(parcel);
  });

  it("joins within the shop's window of the parcel's first order, or from the same live whenever it is placed", async () => {
    const first = await paidOrder("wendy@example.test");
    const base = await createdAt(first.id);
    const parcel = await parcelOf(first.id);
    expect(await parcelOf((await paidOrder("wendy@example.test", { hoursLater: 23, base })).id)).toBe(parcel);
    expect(await parcelOf((await paidOrder("wendy@example.test", { hoursLater: 25, base })).id)).not.toBe(parcel);

    // The same live joins whatever the time; another live or none, past the window, does not.
    const live = await insertLive();
    const onLive = await paidOrder("lena@example.test", { liveId: live });
    const liveBase = await createdAt(onLive.id);
    const liveParcel = await parcelOf(onLive.id);
    expect(await parcelOf((await paidOrder("lena@example.test", { liveId: live, hoursLater: 30, base: liveBase })).id)).toBe(liveParcel);
    expect(
      await parcelOf((await paidOrder("lena@example.test", { liveId: await insertLive(), hoursLater: 30, base: liveBase })).id),
    ).not.toBe(liveParcel);
    expect(await parcelOf((await paidOrder("lena@example.test", { hoursLater: 30, base: liveBase })).id)).not.toBe(liveParcel);
  });

  it("the seller sets the window (hours, a shop setting); bad values are refused in both languages and change nothing", async () => {
    const demo = await sellerApi();
    const url = "/api/v1/customer/shop/customization/update/";
    for (const value of [0, 169, "abc", 2.5]) {
      const en = await demo.json<{ errors: Record<string, string[]> }>(url, { method: "PUT", json: { parcel_window_hours: value } });
      expect(en.status).toBe(400);
      expect(en.body.errors.parcel_window_hours).toEqual(["Enter a whole number of hours from 1 to 168."]);
      const fr = await demo.json<{ errors: Record<string, string[]> }>(url, {
        method: "PUT",
        json: { parcel_window_hours: value },
        headers: { "Accept-Language": "fr" },
      });
      expect(fr.body.errors.parcel_window_hours).toEqual(["Indiquez un nombre entier d'heures, de 1 à 168."]);
    }
    expect((await demo.json<{ parcel_window_hours: number }>("/api/v1/customer/shop/customization/")).body.parcel_window_hours).toBe(24);

    expect((await demo.json(url, { method: "PUT", json: { parcel_window_hours: 2 } })).status).toBe(200);
    try {
      expect((await demo.json<{ parcel_window_hours: number }>("/api/v1/customer/shop/customization/")).body.parcel_window_hours).toBe(2);
      const first = await paidOrder("hana@example.test");
      const base = await createdAt(first.id);
      const parcel = await parcelOf(first.id);
      expect(await parcelOf((await paidOrder("hana@example.test", { hoursLater: 1, base })).id)).toBe(parcel);
      expect(await parcelOf((await paidOrder("hana@example.test", { hoursLater: 3, base })).id)).not.toBe(parcel);
    } finally {
      await demo.json(url, { method: "PUT", json: { parcel_window_hours: 24 } });
    }
  });
});

describe("the seller's parcels", () => {
  it("lists a parcel with its packing list and ships it in one action: every order, one carrier, one mail", async () => {
    const [sweater] = await sql<{ product_id: number; variant_id: number }[]>(
      "select p.id as product_id, v.id as variant_id from products p join product_variants v on v.product_id = p.id where p.shop_id = 1 and v.sku = 'SWT-M-RED'",
    );
    const item = { items: [{ product: sweater!.product_id, variant: sweater!.variant_id, quantity: 1 }], total_amount: "59.00" };
    const first = await paidOrder("sasha@example.test", { fields: { ...item, full_name: "Sasha Ships" } });
    const second = await paidOrder("sasha@example.test", { fields: { ...item, full_name: "Sasha Ships" } });
    const live = await paidOrder("sasha@example.test", { fields: { full_name: "Sasha Ships", reference: "R-7", content: "blue scarf" } });
    const parcel = (await parcelOf(first.id))!;
    expect(await parcelOf(second.id)).toBe(parcel);
    expect(await parcelOf(live.id)).toBe(parcel);

    const demo = await sellerScreens();
    const orders = await demo.html("/orders");
    expect(orders.html).toMatch(/href="\/orders\/parcels"[^>]*>To ship \(\d+\)</);
    const list = await demo.html("/orders/parcels");
    expect(list.status).toBe(200);
    const card = list.html.slice(list.html.indexOf(`Parcel ${parcel}<`));
    expect(card).toContain("Sasha Ships");
    expect(card).toContain(`#${first.number}`);
    expect(card).toContain(`#${second.number}`);
    // The packing list sums the variant over the parcel's orders, with its SKU; a live purchase says what was bought.
    expect(card).toMatch(/Chunky Knit Sweater<\/td><td[^>]*>M \/ Red<\/td><td[^>]*>SWT-M-RED<\/td><td[^>]*>2<\/td>/);
    expect(card).toContain("R-7 · blue scarf");
    expect(card).toContain(`action="/orders/parcels/${parcel}"`);
    const page = await demo.html(`/orders/parcels/${parcel}`);
    expect(page.status).toBe(200);
    expect(page.html).toContain("data-packing-list");

    // A bad tracking number: the page with the error, in both languages; nothing shipped, nothing mailed.
    const refused = await demo.html(`/orders/parcels/${parcel}`, {
      form: { intent: "ship", carrier: "ups", tracking_number: "<svg onload=x>" },
    });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("A tracking number is at least 3 letters, digits or dashes, nothing else.");
    const refusedFr = await demo.html(`/orders/parcels/${parcel}`, {
      form: { intent: "ship", carrier: "nope", tracking_number: "1Z999" },
      headers: { "Accept-Language": "fr" },
    });
    expect(refusedFr.status).toBe(400);
    expect(refusedFr.html).toContain("Choisissez l&#x27;un des transporteurs.");
    const statuses = async () =>
      (
        await sql<{ status: string; carrier: string | null }[]>(
          "select status, carrier from orders where parcel_id = ? order by id",
          parcel,
        )
      ).map((o) => `${o.status}:${o.carrier}`);
    expect(await statuses()).toEqual(["pending:null", "pending:null", "pending:null"]);

    const shipped = await demo.request(`/orders/parcels/${parcel}`, {
      form: { intent: "ship", carrier: "mondial_relay", tracking_number: "12345678", returnTo: "/orders/parcels" },
    });
    expect(shipped.status).toBe(302);
    expect(shipped.headers.get("Location")).toBe("/orders/parcels");
    expect(await statuses()).toEqual(["shipped:mondial_relay", "shipped:mondial_relay", "shipped:mondial_relay"]);
    const mails = await sql<{ to: string; subject: string; text: string }[]>(
      'select "to", subject, text from mail_outbox where dedupe_key = ? or dedupe_key in (?, ?, ?)',
      `parcel-shipped:${parcel}`,
      `order-status:${first.id}:shipped`,
      `order-status:${second.id}:shipped`,
      `order-status:${live.id}:shipped`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe("sasha@example.test");
    expect(mails[0]!.subject).toBe(`Demo Live Shop: your orders #${first.number}, #${second.number}, #${live.number} are on their way`);
    expect(mails[0]!.text).toContain(
      "Track your parcel: https://www.mondialrelay.fr/suivi-de-colis/?numeroExpedition=12345678&codePostal=44000",
    );

    // Every order says how it left; the parcel is off the screen, and cannot be shipped twice.
    const api = await sellerApi();
    const resource = await api.json<{ parcel_id: number; fulfillment: { carrier: string; tracking_number: string } }>(
      `/api/v1/shop/orders/${live.id}/`,
    );
    expect(resource.body).toMatchObject({ parcel_id: parcel, fulfillment: { carrier: "mondial_relay", tracking_number: "12345678" } });
    expect((await demo.html("/orders/parcels")).html).not.toContain(`Parcel ${parcel}<`);
    expect((await demo.html(`/orders/parcels/${parcel}`)).status).toBe(404);
    const twice = await demo.request(`/orders/parcels/${parcel}`, { form: { intent: "ship", carrier: "ups", tracking_number: "1Z999" } });
    expect(twice.status).toBe(302);
    expect((await demo.html("/orders/parcels")).html).toContain("This parcel was already shipped.");
    expect(await statuses()).toEqual(["shipped:mondial_relay", "shipped:mondial_relay", "shipped:mondial_relay"]);
    // A new order of that shopper starts a new parcel.
    expect(await parcelOf((await paidOrder("sasha@example.test")).id)).not.toBe(parcel);
  });

  it("an order shipped on its own leaves its parcel; the last one shipped closes it", async () => {
    const first = await paidOrder("olli@example.test");
    const second = await paidOrder("olli@example.test");
    const parcel = await parcelOf(first.id);
    const api = await sellerApi();
    expect(
      (await api.json(`/api/v1/shop/orders/${first.id}/fulfillment/`, { json: { carrier: "dhl", tracking_number: "1234567890" } })).status,
    ).toBe(200);
    expect(await parcelOf(first.id)).toBeNull();
    expect(await parcelOf(second.id)).toBe(parcel);
    expect(
      (await api.json(`/api/v1/shop/orders/${second.id}/fulfillment/`, { json: { carrier: "dhl", tracking_number: "1234567891" } })).status,
    ).toBe(200);
    expect(await parcelOf(second.id)).toBe(parcel);
    expect(await parcelOf((await paidOrder("olli@example.test")).id)).not.toBe(parcel);
    // Another seller's parcel page, or one that does not exist: not found.
    expect((await (await sellerScreens()).html("/orders/parcels/999999")).status).toBe(404);
  });
});
