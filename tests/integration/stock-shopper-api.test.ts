import { beforeAll, describe, expect, it } from "vitest";
import { loadApp, shippingFields, sql, sqlNow, TestClient } from "./app";

/**
 * Issue 27, the shopper's API: order items name their variant, a pending order says until
 * when its units are held, not enough units is a 409 `out_of_stock` that creates nothing,
 * and a sold-out product takes a waitlist sign-up (rate limited per client address).
 */
const fields = shippingFields({ reference: "STOCK-1" });
type OrderBody = {
  id: number;
  reserved_until: string | null;
  items: { product: { id: number }; variant: { id: number | null; name: string } | null; quantity: number; price: string }[];
};
type ErrorBody = { message: string; code?: string; errors?: Record<string, string[]> };

// The file's database is migrated and seeded when the app loads.
beforeAll(async () => void (await loadApp()));

const demoShopId = async () => (await sql<{ id: number }[]>("select id from shops where subdomain = 'demo'"))[0]!.id;
const orderCount = async () => (await sql<{ n: number }[]>("select count(*) as n from orders"))[0]!.n;
const reservedOf = async (variantId: number) =>
  (await sql<{ reserved: number }[]>("select reserved from product_variants where id = ?", variantId))[0]!.reserved;

/** A product of the demo shop whose units are counted (no options): its id and its one variant's. */
async function trackedProduct(stock: number, priceCents = 2000) {
  const shopId = await demoShopId();
  const [product] = await sql<{ id: number }[]>(
    `insert into products (shop_id, name, price_cents, created_at, updated_at) values (?, ?, ?, ${sqlNow()}, ${sqlNow()}) returning id`,
    shopId,
    `Counted ${Math.random().toString(36).slice(2, 8)}`,
    priceCents,
  );
  const [variant] = await sql<{ id: number }[]>(
    `insert into product_variants (product_id, shop_id, stock, created_at, updated_at) values (?, ?, ?, ${sqlNow()}, ${sqlNow()}) returning id`,
    product!.id,
    shopId,
    stock,
  );
  return { id: product!.id, variantId: variant!.id };
}

/** A sweater in sizes S (sold out), M (3 left, at 30.00) and L (untracked). */
async function sweater() {
  const shopId = await demoShopId();
  const [product] = await sql<{ id: number }[]>(
    `insert into products (shop_id, name, price_cents, options, created_at, updated_at) values (?, 'Drop Sweater', 2500, ?, ${sqlNow()}, ${sqlNow()}) returning id`,
    shopId,
    JSON.stringify([{ name: "Size", values: ["S", "M", "L"] }]),
  );
  const variant = async (size: string, position: number, stock: number | null, priceCents: number | null) =>
    (
      await sql<{ id: number }[]>(
        `insert into product_variants (product_id, shop_id, options, option_key, position, stock, price_cents, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ${sqlNow()}, ${sqlNow()}) returning id`,
        product!.id,
        shopId,
        JSON.stringify({ Size: size }),
        `size=${size.toLowerCase()}`,
        position,
        stock,
        priceCents,
      )
    )[0]!.id;
  return { id: product!.id, s: await variant("S", 0, 0, null), m: await variant("M", 1, 3, 3000), l: await variant("L", 2, null, null) };
}

const order = (client: TestClient, items: unknown[], total: string, headers?: Record<string, string>) =>
  client.json<OrderBody & ErrorBody>("/api/v1/shop/orders/", { json: { ...fields, total_amount: total, items }, headers });

describe("POST /api/v1/shop/orders/ with stock", () => {
  it("an item names its variant: its price, its name, and the hold's end", async () => {
    const product = await sweater();
    const shopper = new TestClient("demo.localhost:3000");
    const before = Date.now();
    const created = await order(shopper, [{ product: product.id, variant: product.m, quantity: 2 }], "60.00");
    expect(created.status).toBe(201);
    expect(created.body.items).toEqual([
      expect.objectContaining({
        product: expect.objectContaining({ id: product.id }),
        variant: { id: product.m, name: "M" },
        quantity: 2,
        price: "30.00",
      }),
    ]);
    // Held for the shop's hold time (10 minutes by default).
    const until = Date.parse(created.body.reserved_until!);
    expect(until).toBeGreaterThanOrEqual(before + 10 * 60_000 - 1000);
    expect(until).toBeLessThanOrEqual(Date.now() + 10 * 60_000 + 1000);
    expect(await reservedOf(product.m)).toBe(2);
    const read = await shopper.json<OrderBody>(`/api/v1/shop/orders/${created.body.id}/`);
    expect(read.body).toMatchObject({ reserved_until: created.body.reserved_until, items: [{ variant: { id: product.m, name: "M" } }] });
  });

  it("a product without options has no variant, and nothing counted has no hold end", async () => {
    const shopper = new TestClient("demo.localhost:3000");
    const created = await order(shopper, [{ product: 1, quantity: 1 }], "39.00");
    expect(created.status).toBe(201);
    expect(created.body.reserved_until).toBeNull();
    expect(created.body.items[0]!.variant).toBeNull();
    const counted = await trackedProduct(5);
    const held = await order(shopper, [{ product: counted.id, variant: null, quantity: 1 }], "20.00");
    expect(held.status).toBe(201);
    expect(held.body.reserved_until).not.toBeNull();
    expect(held.body.items[0]!.variant).toBeNull();
  });

  it("not enough units: 409 out_of_stock naming the line, in the shopper's language, and nothing created", async () => {
    const counted = await trackedProduct(2);
    const shopper = new TestClient("demo.localhost:3000");
    const before = await orderCount();
    const short = await order(shopper, [{ product: counted.id, quantity: 3 }], "60.00");
    expect(short.status).toBe(409);
    expect(short.body).toEqual({
      message: "Not enough left in stock for this order",
      code: "out_of_stock",
      errors: { "items.0.quantity": ["Only 2 left"] },
      request_id: expect.any(String),
    });
    const french = await order(shopper, [{ product: counted.id, quantity: 3 }], "60.00", { "Accept-Language": "fr" });
    expect(french.body).toMatchObject({ code: "out_of_stock", errors: { "items.0.quantity": ["Plus que 2"] } });
    expect(await orderCount()).toBe(before);
    expect(await reservedOf(counted.variantId)).toBe(0);
    // The last two go to one shopper; the next one is told it is sold out.
    expect((await order(shopper, [{ product: counted.id, quantity: 2 }], "40.00")).status).toBe(201);
    const soldOut = await order(new TestClient("demo.localhost:3000"), [{ product: counted.id, quantity: 1 }], "20.00");
    expect(soldOut.status).toBe(409);
    expect(soldOut.body).toMatchObject({ message: "Sold out", code: "out_of_stock", errors: { "items.0.quantity": ["Sold out"] } });
    expect(await orderCount()).toBe(before + 1);
  });

  it("refuses bad quantities and variants (400 per line, both languages) and changes nothing", async () => {
    const product = await sweater();
    const other = await sweater();
    const counted = await trackedProduct(5);
    const shopper = new TestClient("demo.localhost:3000");
    const before = await orderCount();
    for (const quantity of [0, -1, 1.5, 1000, 1e12, "two"]) {
      const refused = await order(shopper, [{ product: product.id, variant: product.m, quantity }], "30.00");
      expect(refused.status, String(quantity)).toBe(400);
      expect(Object.keys(refused.body.errors ?? {}), String(quantity)).toEqual(["items.0.quantity"]);
    }
    for (const variant of [-3, 0, 2.5, "M"]) {
      const refused = await order(shopper, [{ product: product.id, variant, quantity: 1 }], "30.00");
      expect(refused.status, String(variant)).toBe(400);
      expect(Object.keys(refused.body.errors ?? {}), String(variant)).toEqual(["items.0.variant"]);
    }
    const cases: [unknown, string, string][] = [
      [{ product: product.id, quantity: 1 }, "Choose an option", "Choisissez une option"],
      [
        { product: product.id, variant: other.m, quantity: 1 },
        "This option does not exist for this product",
        "Cette option n'existe pas pour ce produit",
      ],
      [
        { product: counted.id, variant: counted.variantId, quantity: 1 },
        "This product has no options to choose",
        "Ce produit n'a pas d'options à choisir",
      ],
    ];
    for (const [item, english, french] of cases) {
      const refused = await order(shopper, [item], "30.00");
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ "items.0.variant": [english] });
      const inFrench = await order(shopper, [item], "30.00", { "Accept-Language": "fr" });
      expect(inFrench.body.errors).toEqual({ "items.0.variant": [french] });
    }
    expect(await orderCount()).toBe(before);
    expect(await reservedOf(product.m)).toBe(0);
    expect(await reservedOf(counted.variantId)).toBe(0);
  });
});

describe("POST /api/v1/shop/products/{id}/waitlist/", () => {
  type Entry = { id: number; product: number; variant: number | null; email: string; created_at: string };
  const join = (body: unknown, clientAddress: string, options: { host?: string; headers?: Record<string, string>; productId: number }) =>
    new TestClient(options.host ?? "demo.localhost:3000").json<Entry & ErrorBody>(`/api/v1/shop/products/${options.productId}/waitlist/`, {
      json: body,
      clientAddress,
      headers: options.headers,
    });
  const entriesOf = async (productId: number) =>
    (await sql<{ n: number }[]>("select count(*) as n from waitlist_entries where product_id = ?", productId))[0]!.n;

  it("a sold-out product takes an email once (201, the same entry again), a sold-out variant too", async () => {
    const counted = await trackedProduct(0);
    const first = await join({ email: " Wendy@Example.test " }, "203.0.113.1", { productId: counted.id });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      id: expect.any(Number),
      product: counted.id,
      variant: null,
      email: "wendy@example.test",
      created_at: expect.any(String),
    });
    const again = await join({ email: "wendy@example.test" }, "203.0.113.1", { productId: counted.id });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await entriesOf(counted.id)).toBe(1);
    const product = await sweater();
    const size = await join({ email: "wendy@example.test", variant: product.s }, "203.0.113.1", { productId: product.id });
    expect(size.status).toBe(201);
    expect(size.body).toMatchObject({ product: product.id, variant: product.s });
  });

  it("refuses what can be bought (409), bad emails and variants (400), other shops and the main host (404), creating nothing", async () => {
    const product = await sweater();
    const address = "203.0.113.2";
    const available = await join({ email: "wes@example.test", variant: product.m }, address, { productId: product.id });
    expect(available.status).toBe(409);
    expect(available.body.message).toBe("This item is available: you can buy it now");
    const untracked = await join({ email: "wes@example.test" }, address, { productId: 1 });
    expect(untracked.status).toBe(409);
    const badEmail = await join({ email: "not-an-email" }, address, { productId: product.id, headers: { "Accept-Language": "fr" } });
    expect(badEmail.status).toBe(400);
    expect(Object.keys(badEmail.body.errors ?? {})).toEqual(["email"]);
    const noVariant = await join({ email: "wes@example.test" }, address, { productId: product.id });
    expect(noVariant.status).toBe(400);
    expect(noVariant.body.errors).toEqual({ variant: ["Choose an option"] });
    const foreign = await sweater();
    const otherVariant = await join({ email: "wes@example.test", variant: foreign.s }, address, { productId: product.id });
    expect(otherVariant.status).toBe(400);
    expect(otherVariant.body.errors).toEqual({ variant: ["This option does not exist for this product"] });
    // A list holding the variant's id is no id (it read as the id before, and joined).
    for (const variant of [[product.s], true]) {
      const odd = await join({ email: "wes@example.test", variant }, address, { productId: product.id });
      expect(odd.status, JSON.stringify(variant)).toBe(400);
      expect(odd.body.errors).toEqual({ variant: ["This option does not exist for this product"] });
    }
    expect((await join({ email: "wes@example.test" }, address, { productId: 99999 })).status).toBe(404);
    expect(
      (await join({ email: "wes@example.test", variant: product.s }, address, { productId: product.id, host: "localhost:3000" })).status,
    ).toBe(404);
    expect(await entriesOf(product.id)).toBe(0);
  });

  it("a flood from one address is refused after 10 in 10 minutes (429 with Retry-After), others still get in", async () => {
    const counted = await trackedProduct(0);
    const address = "203.0.113.3";
    for (let i = 0; i < 10; i++) {
      expect((await join({ email: `flood${i}@example.test` }, address, { productId: counted.id })).status).toBe(201);
    }
    const refused = await join({ email: "flood10@example.test" }, address, { productId: counted.id, headers: { "Accept-Language": "fr" } });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe("Trop de demandes. Veuillez patienter avant de réessayer.");
    expect(Number(refused.response.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await entriesOf(counted.id)).toBe(10);
    expect((await join({ email: "someone@example.test" }, "203.0.113.4", { productId: counted.id })).status).toBe(201);
  });
});
