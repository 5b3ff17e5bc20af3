import { beforeAll, describe, expect, it } from "vitest";
import { shippingFields, sql, sqlNow, TestClient } from "./app";

/** Issue 28, item 2: shipping zones and rates, the country list, and an order's shipping. */
const text = (html: string) => html.replaceAll("<!-- -->", "");
const orderCount = async () => (await sql<{ n: number }[]>("select count(*) as n from orders"))[0]!.n;
const zoneCount = async () => (await sql<{ n: number }[]>("select count(*) as n from shipping_zones"))[0]!.n;

type Rate = { id: number; name: string; price: string; free_from: string | null; delivery: string };
type Settings = {
  zones: { id: number; name: string; countries: string[]; rates: Rate[] }[];
  pickup: { id: number; address: string } | null;
};

const seller = new TestClient();
const SETTINGS = {
  zones: [
    {
      name: "France",
      countries: ["FR"],
      rates: [
        { name: "Colissimo", price: "4.90", free_from: "60", delivery: "2-3 days" },
        { name: "Express", price: 12, free_from: null },
      ],
    },
    { name: "Europe", countries: ["be", "Allemagne"], rates: [{ name: "Europe", price: "9.90", free_from: null, delivery: "" }] },
  ],
  pickup: null,
};
let rates: Record<string, number> = {};

async function shopper() {
  const client = new TestClient("demo.localhost:3000");
  await client.request("/products");
  return client;
}

beforeAll(async () => {
  const { status } = await seller.json("/api/v1/account/auth/login/", { json: { email: "demo@example.com", password: "Demo1234!" } });
  expect(status).toBe(200);
});

describe("the seller's shipping setting (API)", () => {
  it("answers a shop that includes shipping in its prices: no rate to choose", async () => {
    const rates = await (await shopper()).json("/api/v1/shop/shipping/?country=FR");
    expect(rates.body).toEqual({ country: "FR", shipping_included: true, ships_to: true, results: [] });
  });

  it("refuses a negative price, a free-from below zero and an unknown country, in the reader's language, storing nothing", async () => {
    const bad = {
      zones: [{ name: "Bad", countries: ["FR", "XX"], rates: [{ name: "Neg", price: "-4", free_from: "-1" }] }],
      pickup: null,
    };
    const en = await seller.json<{ errors: Record<string, string[]> }>("/api/v1/customer/shop/shipping/", { method: "PUT", json: bad });
    expect(en.status).toBe(400);
    expect(en.body.errors).toEqual({
      "zones.0.countries.1": ["Unknown country: XX"],
      "zones.0.rates.0.price": ["The price must be an amount of 0 or more, with at most two decimals"],
      "zones.0.rates.0.free_from": ['"Free from" must be an amount of 0 or more, with at most two decimals, or empty'],
    });
    const fr = await seller.json<{ errors: Record<string, string[]> }>("/api/v1/customer/shop/shipping/", {
      method: "PUT",
      json: bad,
      headers: { "Accept-Language": "fr" },
    });
    expect(fr.status).toBe(400);
    expect(fr.body.errors["zones.0.rates.0.price"]).toEqual(["Le prix doit être un montant positif ou nul, avec au plus deux décimales"]);
    expect(fr.body.errors["zones.0.countries.1"]).toEqual(["Pays inconnu : XX"]);
    expect(await zoneCount()).toBe(0);
    expect((await seller.json<Settings>("/api/v1/customer/shop/shipping/")).body).toEqual({ zones: [], pickup: null });
  });

  it("replaces the whole setting and answers it with its ids", async () => {
    const saved = await seller.json<Settings>("/api/v1/customer/shop/shipping/", { method: "PUT", json: SETTINGS });
    expect(saved.status).toBe(200);
    expect(saved.body.zones.map((zone) => [zone.name, zone.countries])).toEqual([
      ["France", ["FR"]],
      ["Europe", ["BE", "DE"]],
    ]);
    expect(saved.body.zones[0]!.rates[0]).toMatchObject({ name: "Colissimo", price: "4.90", free_from: "60.00", delivery: "2-3 days" });
    rates = Object.fromEntries(saved.body.zones.flatMap((zone) => zone.rates.map((rate) => [rate.name, rate.id])));
    expect((await seller.json<Settings>("/api/v1/customer/shop/shipping/")).body).toEqual(saved.body);
  });

  it("answers the rates of a country to anyone on the shop, cheapest first", async () => {
    const client = await shopper();
    const france = await client.json<{ ships_to: boolean; results: { name: string; price: string }[] }>(
      "/api/v1/shop/shipping/?country=fr",
    );
    expect(france.status).toBe(200);
    expect(france.body.results.map((rate) => [rate.name, rate.price])).toEqual([
      ["Colissimo", "4.90"],
      ["Express", "12.00"],
    ]);
    const japan = await client.json<{ ships_to: boolean; results: unknown[] }>("/api/v1/shop/shipping/?country=JP");
    expect(japan.body).toMatchObject({ shipping_included: false, ships_to: false, results: [] });
    expect((await client.json("/api/v1/shop/shipping/?country=XX")).status).toBe(400);
  });
});

describe("an order's shipping through the API", () => {
  const order = (extra: Record<string, unknown>) =>
    shippingFields({
      reference: "",
      items: [{ product: 1, quantity: 1 }],
      total_amount: "43.90",
      shipping_rate: rates.Colissimo,
      ...extra,
    });

  it("takes a country's name as existing clients send it, a rate, and a total with shipping", async () => {
    const client = await shopper();
    const created = await client.json<Record<string, unknown>>("/api/v1/shop/orders/", { json: order({ country: "France" }) });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      country: "FR",
      total_amount: "43.90",
      subtotal_amount: "39.00",
      shipping_amount: "4.90",
      shipping_method: { id: rates.Colissimo, name: "Colissimo" },
    });
  });

  it("refuses a wrong total, a rate of another shop and a country not shipped to, creating nothing", async () => {
    const client = await shopper();
    const [pending] = await sql<{ id: number }[]>("select id from shops where subdomain = ?", "pending-crafts");
    await sql("insert into shipping_zones (shop_id, name, countries, position) values (?, 'Theirs', '[\"FR\"]', 0)", pending!.id);
    const [zone] = await sql<{ id: number }[]>("select id from shipping_zones where shop_id = ?", pending!.id);
    await sql(
      "insert into shipping_rates (shop_id, zone_id, name, price_cents, delivery, position) values (?, ?, 'Theirs', 100, '', 0)",
      pending!.id,
      zone!.id,
    );
    const [theirs] = await sql<{ id: number }[]>("select id from shipping_rates where shop_id = ?", pending!.id);
    const before = await orderCount();

    const total = await client.json<{ errors: Record<string, string[]> }>("/api/v1/shop/orders/", {
      json: order({ total_amount: "39.00" }),
    });
    expect(total.status).toBe(400);
    expect(total.body.errors.total_amount).toEqual(["The total must be €43.90: the items plus shipping"]);
    const foreign = await client.json<{ errors: Record<string, string[]> }>("/api/v1/shop/orders/", {
      json: order({ shipping_rate: theirs!.id }),
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors.shipping_rate).toEqual(["This shipping method is not one of this shop's"]);
    const japan = await client.json<{ errors: Record<string, string[]> }>("/api/v1/shop/orders/", {
      json: order({ country: "Japon" }),
      headers: { "Accept-Language": "fr" },
    });
    expect(japan.status).toBe(400);
    expect(japan.body.errors.country).toEqual(["Cette boutique ne livre pas dans ce pays : Japon"]);
    const unknown = await client.json<{ errors: Record<string, string[]> }>("/api/v1/shop/orders/", { json: order({ country: "Frnace" }) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors.country).toEqual(["Choose a country from the list"]);
    const none = await client.json<{ errors: Record<string, string[]> }>("/api/v1/shop/orders/", { json: order({ shipping_rate: null }) });
    expect(none.body.errors.shipping_rate).toEqual(["Choose a shipping method"]);
    expect(await orderCount()).toBe(before);
  });
});

describe("the checkout's country and shipping step (plain posts, as without JavaScript)", () => {
  const postShipping = (client: TestClient, form: Record<string, string>) =>
    client.request("/?index&product_id=1", {
      form: { intent: "shipping", ...shippingFields(), product_id: "1", quantity: "1", total_amount: "39.00", ...form },
    });

  it("lists the countries for autofill, the shop's own first, and the rates of the country shown", async () => {
    const html = text((await (await shopper()).html("/?product_id=1")).html);
    expect(html).toMatch(/<select[^>]*name="country"[^>]*autoComplete="country"|<select[^>]*autoComplete="country"[^>]*name="country"/i);
    expect(html).toMatch(/<select[^>]*name="country"[^>]*>\s*<option value="FR" selected="">France<\/option>/);
    expect(html).toContain("Colissimo");
    expect(html).toContain("Express");
    expect(html).not.toMatch(new RegExp(`name="shipping_rate"[^>]*value="${rates.Europe}"`));
  });

  it("refuses a rate of another country (the country changed without JavaScript) and shows that country's rates", async () => {
    const client = await shopper();
    const before = await orderCount();
    const changed = await postShipping(client, { country: "BE", shipping_rate: String(rates.Colissimo) });
    expect(changed.status).toBe(400);
    const html = text(await changed.text());
    expect(html).toContain("This shipping method does not deliver to the country chosen: choose another one");
    expect(html).toContain(`name="shipping_rate" checked="" value="${rates.Europe}"`);
    expect(html).not.toMatch(new RegExp(`name="shipping_rate"[^>]*value="${rates.Colissimo}"`));
    expect(await orderCount()).toBe(before);
  });

  it("says a country is not shipped to before payment", async () => {
    const client = await shopper();
    const before = await orderCount();
    const refused = await postShipping(client, { country: "JP", shipping_rate: String(rates.Colissimo) });
    expect(refused.status).toBe(400);
    expect(text(await refused.text())).toContain("This shop does not ship to Japan");
    expect(await orderCount()).toBe(before);
  });

  it("places the order with the rate chosen; the payment step shows subtotal, shipping and total", async () => {
    const client = await shopper();
    const placed = await postShipping(client, { country: "BE", shipping_rate: String(rates.Europe) });
    expect(placed.status).toBe(302);
    const orderId = Number(/order=(\d+)/.exec(placed.headers.get("Location")!)![1]);
    expect(
      await sql("select country, total_amount_cents, shipping_amount_cents, shipping_method from orders where id = ?", orderId),
    ).toEqual([{ country: "BE", total_amount_cents: 4890, shipping_amount_cents: 990, shipping_method: "Europe" }]);
    const payment = text((await client.html(`/?order=${orderId}&step=payment`)).html);
    expect(payment).toMatch(/Subtotal<\/dt><dd[^>]*>€39.00/);
    expect(payment).toMatch(/Shipping \(Europe\)<\/dt><dd[^>]*>€9.90/);
    expect(payment).toMatch(/Total<\/dt><dd[^>]*>€48.90/);
    // Back to shipping: the form's amount is the subtotal again, its rate the one chosen.
    const back = text((await client.html(`/?order=${orderId}&step=shipping`)).html);
    expect(back).toContain(`name="shipping_rate" checked="" value="${rates.Europe}"`);
    // An order from when the country was typed: its name is read as the code in the list.
    await sql("update orders set country = 'belgique' where id = ?", orderId);
    const typed = text((await client.html(`/?order=${orderId}&step=shipping`)).html);
    expect(typed).toContain('<option value="BE" selected="">Belgium</option>');
  });

  it("checks out a bag with a rate: its lines' total is the subtotal, the rate's price is added (free from its threshold)", async () => {
    const client = await shopper();
    await client.request("/bag", { form: { intent: "add", product: "1", quantity: "2" } }); // 2 × 39 €
    const page = text((await client.html("/?bag=1")).html);
    expect(page).toContain("Colissimo");
    const bagOrder = (form: Record<string, string>) =>
      client.request("/?index&bag=1", { form: { intent: "shipping", ...shippingFields(), bag: "1", total_amount: "78.00", ...form } });
    const placed = await bagOrder({ country: "BE", shipping_rate: String(rates.Europe) });
    expect(placed.status).toBe(302);
    const orderId = Number(/order=(\d+)/.exec(placed.headers.get("Location")!)![1]);
    expect(await sql("select total_amount_cents, shipping_amount_cents, shipping_method from orders where id = ?", orderId)).toEqual([
      { total_amount_cents: 8790, shipping_amount_cents: 990, shipping_method: "Europe" },
    ]);
    // Colissimo is free from 60 €: a bag of 78 € ships for nothing.
    await client.request("/bag", { form: { intent: "add", product: "1", quantity: "2" } });
    const free = await bagOrder({ country: "FR", shipping_rate: String(rates.Colissimo) });
    expect(free.status).toBe(302);
    const freeId = Number(/order=(\d+)/.exec(free.headers.get("Location")!)![1]);
    expect(await sql("select total_amount_cents, shipping_amount_cents from orders where id = ?", freeId)).toEqual([
      { total_amount_cents: 7800, shipping_amount_cents: 0 },
    ]);
  });
});

describe("Add to my parcel: a second order of a live pays no shipping", () => {
  const email = "pia.parcel@example.test";
  const card = { card_number: "4242424242424242", exp_month: 12, exp_year: 2099, cvc: "123" };
  const idOf = (response: Response) => Number(/order=(\d+)/.exec(response.headers.get("Location")!)![1]);
  let live: { id: number; code: string };
  const liveOrder = (client: TestClient, form: Record<string, string>, headers?: Record<string, string>) =>
    client.request(`/live/${live.code}`, {
      form: { intent: "shipping", ...shippingFields({ email, reference: "R-7", total_amount: "25.00", ...form }) },
      headers,
    });
  async function pay(client: TestClient, orderId: number) {
    const pay = await client.json<{ client_secret: string }>("/api/v1/payment/pay/", {
      json: { order_id: orderId, provider_slug: "simulated" },
    });
    const paid = await client.json<{ status: string }>("/api/v1/payment/simulated/confirm/", {
      json: { client_secret: pay.body.client_secret, ...card },
    });
    expect(paid.body.status).toBe("succeeded");
  }
  const order = async (id: number) =>
    (
      await sql<Record<string, unknown>[]>(
        "select total_amount_cents, shipping_amount_cents, shipping_method, shipping_rate_id, shipping_parcel_id, parcel_id, live_id from orders where id = ?",
        id,
      )
    )[0]!;
  const pia = new TestClient("demo.localhost:3000");
  let parcelId: number;

  beforeAll(async () => {
    await sql(
      `insert into lives (shop_id, code, title, platform, visits, created_at, updated_at) values (1, 'pkpkpk', 'Parcel live', 'tiktok', 0, ${sqlNow()}, ${sqlNow()})`,
    );
    live = { id: (await sql<{ id: number }[]>("select id from lives where code = 'pkpkpk'"))[0]!.id, code: "pkpkpk" };
    await pia.request(`/live/${live.code}`);
    const first = await liveOrder(pia, { shipping_rate: String(rates.Colissimo) });
    expect(first.status).toBe(302);
    await pay(pia, idOf(first));
    parcelId = (await order(idOf(first))).parcel_id as number;
    expect(parcelId).toEqual(expect.any(Number));
  });

  it("is offered on the live's shipping step to the shopper of that parcel, first and chosen, and to nobody else", async () => {
    const page = text((await pia.html(`/live/${live.code}`)).html);
    expect(page).toContain('name="shipping_rate" checked="" value="parcel"');
    expect(page).toContain("Add to my parcel");
    expect(page).toContain("You have a parcel from this live not shipped yet: this order goes in it, with no second shipping fee.");
    expect(page).toContain(`Use the same email (${email}) and address (12 rue Victor Hugo, 44000 Nantes) as that parcel.`);
    const stranger = text((await (await shopper()).html(`/live/${live.code}`)).html);
    expect(stranger).not.toContain('value="parcel"');
    expect(stranger).not.toContain(email);
  });

  it("places the order with no shipping, named as added to the parcel; it joins the parcel when paid", async () => {
    const placed = await liveOrder(pia, { shipping_rate: "parcel", total_amount: "30.00" });
    expect(placed.status).toBe(302);
    const id = idOf(placed);
    expect(await order(id)).toEqual({
      total_amount_cents: 3000,
      shipping_amount_cents: 0,
      shipping_method: "Added to parcel",
      shipping_rate_id: null,
      shipping_parcel_id: parcelId,
      parcel_id: null,
      live_id: live.id,
    });
    const payment = text((await pia.html(`/?order=${id}&step=payment`)).html);
    expect(payment).toMatch(/Shipping \(Added to parcel\)<\/dt><dd[^>]*>Free/);
    expect(payment).toMatch(/Total<\/dt><dd[^>]*>€30.00/);
    // Back to shipping: "Add to my parcel" is still the choice.
    expect(text((await pia.html(`/?order=${id}&step=shipping`)).html)).toContain('name="shipping_rate" checked="" value="parcel"');
    await pay(pia, id);
    expect((await order(id)).parcel_id).toBe(parcelId);
  });

  it("is refused, nothing created, for another address or a stranger who knows the email and address, in the shopper's language", async () => {
    const before = await orderCount();
    const moved = await liveOrder(pia, { shipping_rate: "parcel", address: "3 place du Commerce" });
    expect(moved.status).toBe(400);
    expect(text(await moved.text())).toContain("This order cannot go in a parcel of yours: it needs the same email and address");
    const stranger = await shopper();
    await stranger.request(`/live/${live.code}`);
    const refused = await liveOrder(stranger, { shipping_rate: "parcel" }, { "Accept-Language": "fr" });
    expect(refused.status).toBe(400);
    expect(text(await refused.text())).toContain("Cette commande ne peut pas rejoindre un de vos colis");
    expect(await orderCount()).toBe(before);
  });

  it('takes shipping_rate "parcel" in the API: total without shipping, the method names the parcel; a stranger gets a 400', async () => {
    const body = shippingFields({
      email,
      reference: "",
      items: [{ product: 1, quantity: 1 }],
      total_amount: "39.00",
      shipping_rate: "parcel",
    });
    const created = await pia.json<Record<string, unknown>>("/api/v1/shop/orders/", { json: body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      total_amount: "39.00",
      subtotal_amount: "39.00",
      shipping_amount: "0.00",
      shipping_method: { id: null, name: "Added to parcel", parcel_id: parcelId },
    });
    const before = await orderCount();
    const refused = await (await shopper()).json<{ errors: Record<string, string[]> }>("/api/v1/shop/orders/", { json: body });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({
      shipping_rate: [
        "This order cannot go in a parcel of yours: it needs the same email and address as your parcel not shipped yet. Choose a shipping method.",
      ],
    });
    expect(await orderCount()).toBe(before);
  });
});

describe("the Shipping tab (plain forms)", () => {
  it("shows the zones and rates, refuses a negative price in the seller's language, and adds a zone", async () => {
    const page = text((await seller.html("/account?section=shipping")).html);
    expect(page).toContain("Europe");
    expect(page).toContain('value="Colissimo"');
    const before = await zoneCount();
    const form = {
      intent: "add-zone",
      name: "Suisse",
      countries: "CH, Liechtenstein",
      rate_name: "Poste",
      price: "-3",
      free_from: "",
      delivery: "",
    };
    const refused = await seller.html("/account?section=shipping&lng=fr", { form });
    expect(refused.status).toBe(400);
    expect(text(refused.html)).toContain("Le prix doit être un montant positif ou nul");
    expect(await zoneCount()).toBe(before);
    const added = await seller.request("/account?section=shipping", { form: { ...form, price: "15" } });
    expect(added.status).toBe(302);
    const [zone] = await sql<{ countries: string | string[] }[]>("select countries from shipping_zones where name = 'Suisse'");
    // JSON text on SQLite, jsonb (read as an array) on PostgreSQL.
    const countries: unknown = typeof zone!.countries === "string" ? JSON.parse(zone!.countries) : zone!.countries;
    expect(countries).toEqual(["CH", "LI"]);
  });

  it("names an unknown country beside the countries field, keeping what was typed, in the seller's language", async () => {
    const before = await zoneCount();
    const form = {
      intent: "add-zone",
      name: "Far away",
      countries: "CH, Narnia",
      rate_name: "Poste",
      price: "5",
      free_from: "",
      delivery: "",
    };
    const refused = await seller.html("/account?section=shipping&lng=fr", { form });
    expect(refused.status).toBe(400);
    expect(refused.html).toMatch(/<input id="new-zone-countries"[^>]*aria-invalid="true"[^>]*value="CH, Narnia"/);
    expect(text(refused.html)).toMatch(/id="new-zone-countries-error"[^>]*><li>[^<]*Narnia/);
    expect(await zoneCount()).toBe(before);
  });

  it("saves a pickup address, says beside it when it is too short, and an empty address offers no pickup", async () => {
    const pickup = async () => (await seller.json<Settings>("/api/v1/customer/shop/shipping/")).body.pickup;
    const saved = await seller.request("/account?section=shipping", {
      form: { intent: "save-pickup", address: "3 rue des Halles, Nantes" },
    });
    expect(saved.status).toBe(302);
    expect(await pickup()).toMatchObject({ address: "3 rue des Halles, Nantes" });
    const short = await seller.html("/account?section=shipping", { form: { intent: "save-pickup", address: "abc" } });
    expect(short.status).toBe(400);
    expect(short.html).toMatch(/<input id="pickup-address"[^>]*aria-invalid="true"[^>]*value="abc"/);
    expect(text(short.html)).toMatch(/id="pickup-address-error"[^>]*><li>The pickup address must be at least 5 characters/);
    expect(await pickup()).toMatchObject({ address: "3 rue des Halles, Nantes" });
    const cleared = await seller.request("/account?section=shipping", { form: { intent: "save-pickup", address: "" } });
    expect(cleared.status).toBe(302);
    expect(await pickup()).toBeNull();
  });
});
