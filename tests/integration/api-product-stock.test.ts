import { describe, expect, it } from "vitest";
import { shippingFields, sql, TestClient } from "./app";

type ErrorBody = { message: string; code?: string; errors?: Record<string, string[]> };
type Variant = {
  id: number;
  options: Record<string, string>;
  name: string;
  sku: string | null;
  price: string | null;
  stock?: number | null;
  stock_available: number | null;
  is_in_stock: boolean;
};
type Product = {
  id: number;
  price: string;
  price_min: string;
  price_max: string;
  is_in_stock: boolean;
  stock?: number | null;
  stock_available: number | null;
  variants: Variant[];
};
type Page = { count: number; results: Product[] };

const signedIn = (email: string, host?: string) => new TestClient(host).signInAs(email);
const demoSeller = () => signedIn("demo@example.com");

const sweater = {
  name: "Drop sweater",
  price: "40",
  variants: [
    { options: { Size: "S", Colour: "Red" }, stock: 3, sku: "SW-S-R" },
    { options: { Size: "M", Colour: "Red" }, stock: 0, price: "42.50" },
    { options: { Size: "L", Colour: "Blue" }, stock: null },
  ],
};

async function createSweater(seller: TestClient, body: object = sweater) {
  const created = await seller.json<Product>("/api/v1/shop/products/", { json: body });
  expect(created.status).toBe(201);
  return created.body;
}

const variantRows = (productId: number) =>
  sql<{ id: number; stock: number | null; reserved: number; archived_at: unknown }[]>(
    "select id, stock, reserved, archived_at from product_variants where product_id = ? order by position, id",
    productId,
  );

describe("products with stock and variants (API)", () => {
  it("creates a product with variants and answers its stock, to the seller and to shoppers", async () => {
    const seller = await demoSeller();
    const created = await createSweater(seller);
    expect(created).toMatchObject({
      price: "40.00",
      price_min: "40.00",
      price_max: "42.50",
      is_in_stock: true,
      stock: null,
      stock_available: null,
    });
    expect(created.variants.map((v) => [v.name, v.sku, v.price, v.stock, v.stock_available, v.is_in_stock])).toEqual([
      ["S / Red", "SW-S-R", null, 3, 3, true],
      ["M / Red", null, "42.50", 0, 0, false],
      ["L / Blue", null, null, null, null, true],
    ]);
    expect((await seller.json<Product>(`/api/v1/shop/products/${created.id}/`)).body).toEqual(created);

    // The shop's catalogue: the same figures, without the units on hand.
    const page = await new TestClient("demo.localhost:3000").json<Page>("/api/v1/shop/products/?page_size=100&search=drop%20sweater");
    const shown = page.body.results.find((p) => p.id === created.id)!;
    expect(shown).not.toHaveProperty("stock");
    expect(shown.variants[0]).not.toHaveProperty("stock");
    expect(shown.variants.map((v) => v.stock_available)).toEqual([3, 0, null]);

    // Only units that are left count as available.
    const sold = await createSweater(seller, { name: "Drop sweater gone", price: "10", variants: [{ options: { Size: "S" }, stock: 0 }] });
    const available = await new TestClient("demo.localhost:3000").json<Page>(
      "/api/v1/shop/products/?page_size=100&available=true&search=drop",
    );
    expect(available.body.results.map((p) => p.id)).toContain(created.id);
    expect(available.body.results.map((p) => p.id)).not.toContain(sold.id);
  });

  it("updates variants by their combination and a product's own stock", async () => {
    const seller = await demoSeller();
    const created = await createSweater(seller);
    const [small] = created.variants;
    const patched = await seller.json<Product>(`/api/v1/shop/products/${created.id}/`, {
      method: "PATCH",
      json: {
        variants: [
          { options: { Colour: "red", Size: "s" }, stock: 7 },
          { options: { Size: "XL", Colour: "Blue" }, stock: 1 },
        ],
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.variants.map((v) => [v.id === small!.id, v.name, v.stock, v.sku])).toEqual([
      // The same row (and id) for S / Red, now spelled and ordered as sent.
      [true, "red / s", 7, "SW-S-R"],
      [false, "Blue / XL", 1, null],
    ]);
    expect(patched.body.stock).toBe(8);

    const back = await seller.json<Product>(`/api/v1/shop/products/${created.id}/`, { method: "PATCH", json: { variants: [], stock: 5 } });
    expect(back.body).toMatchObject({ variants: [], stock: 5, stock_available: 5 });
    const plain = await seller.json<Product>(`/api/v1/shop/products/${created.id}/`, { method: "PATCH", json: { stock: null } });
    expect(plain.body).toMatchObject({ stock: null, stock_available: null, is_in_stock: true });
  });

  it("refuses bad stock and variants with a 400 in both languages, changing nothing", async () => {
    const seller = await demoSeller();
    const created = await createSweater(seller);
    const before = await variantRows(created.id);
    const cases: [object, string][] = [
      [{ variants: [{ options: { Size: "S", Colour: "Red" }, stock: 1.5 }] }, "variants.0.stock"],
      [{ variants: [{ options: { Size: "S", Colour: "Red" }, stock: 1_000_001 }] }, "variants.0.stock"],
      [{ variants: [{ options: { Size: "S", Colour: "Red" }, stock: -1 }] }, "variants.0.stock"],
      [{ variants: [{ options: { Size: "S" } }, { options: { Size: "M", Colour: "Red" } }] }, "variants.0.options"],
      [{ variants: [{ options: { Size: "S" } }, { options: { size: "s" } }] }, "variants.1.options"],
      [{ variants: [{ options: { A: "1", B: "1", C: "1", D: "1" } }] }, "variants.0.options"],
      [{ variants: Array.from({ length: 101 }, (_, i) => ({ options: { Size: String(i) } })) }, "variants"],
      [{ variants: [{ options: { Size: "S" } }], stock: 3 }, "stock"],
      [{ stock: 3 }, "stock"],
      [{ variants: "S, M" }, "variants"],
    ];
    for (const [json, field] of cases) {
      const refused = await seller.json<ErrorBody>(`/api/v1/shop/products/${created.id}/`, { method: "PATCH", json });
      expect(refused.status, JSON.stringify(json).slice(0, 80)).toBe(400);
      expect(Object.keys(refused.body.errors ?? {}), JSON.stringify(json).slice(0, 80)).toContain(field);
    }
    const french = await seller.json<ErrorBody>(`/api/v1/shop/products/${created.id}/`, {
      method: "PATCH",
      json: { variants: [{ options: { Size: "S" } }, { options: { size: "s" } }] },
      headers: { "Accept-Language": "fr" },
    });
    expect(french.body.errors?.["variants.1.options"]).toEqual(["Cette combinaison d'options figure déjà dans la liste"]);
    const english = await seller.json<ErrorBody>(`/api/v1/shop/products/${created.id}/`, { method: "PATCH", json: { stock: 3 } });
    expect(english.body.errors?.stock).toEqual(["This product has options: change the stock of each variant"]);
    expect(await variantRows(created.id)).toEqual(before);
  });
});

describe("POST /api/v1/shop/products/{id}/stock/", () => {
  it("adds, removes and sets units, answering the new figures", async () => {
    const seller = await demoSeller();
    const created = await createSweater(seller);
    const [small, , large] = created.variants;
    const path = `/api/v1/shop/products/${created.id}/stock/`;
    expect((await seller.json(path, { json: { variant: small!.id, adjust: 4 } })).body).toEqual({
      variant: small!.id,
      stock: 7,
      stock_available: 7,
      reserved: 0,
    });
    expect((await seller.json(path, { json: { variant: small!.id, adjust: -2 } })).body).toMatchObject({ stock: 5 });
    expect((await seller.json(path, { json: { variant: small!.id, set: 9 } })).body).toMatchObject({ stock: 9, stock_available: 9 });
    // Setting a count starts counting a variant that was not counted.
    expect((await seller.json(path, { json: { variant: large!.id, set: 2 } })).body).toMatchObject({ variant: large!.id, stock: 2 });
    const history = await sql<{ kind: string; stock_after: number }[]>(
      "select kind, stock_after from stock_movements where variant_id = ? order by id",
      small!.id,
    );
    expect(history.map((h) => [h.kind, h.stock_after])).toEqual([
      ["manual", 3],
      ["manual", 7],
      ["manual", 5],
      ["manual", 9],
    ]);
  });

  it("refuses a change below the units held (409), with the held count", async () => {
    const seller = await demoSeller();
    const product = (await seller.json<Product>("/api/v1/shop/products/", { json: { name: "Held mug", price: "10", stock: 3 } })).body;
    const shopper = new TestClient("demo.localhost:3000");
    const order = await shopper.json("/api/v1/shop/orders/", {
      json: shippingFields({ reference: "HELD-1", total_amount: "20.00", items: [{ product: product.id, quantity: 2 }] }),
    });
    expect(order.status).toBe(201);
    const path = `/api/v1/shop/products/${product.id}/stock/`;
    const below = await seller.json<ErrorBody>(path, { json: { set: 1 } });
    expect(below.status).toBe(409);
    expect(below.body.errors).toEqual({ set: ["2 units are held for shoppers: the stock cannot go below that"] });
    const removed = await seller.json<ErrorBody>(path, { json: { adjust: -2 }, headers: { "Accept-Language": "fr" } });
    expect(removed.status).toBe(409);
    expect(removed.body.errors?.adjust?.[0]).toMatch(/^2 unités/);
    expect((await seller.json(path, { json: { set: 2 } })).body).toEqual({
      variant: expect.any(Number),
      stock: 2,
      stock_available: 0,
      reserved: 2,
    });
  });

  it("answers bad input with a clear 4xx in both languages, changing nothing", async () => {
    const seller = await demoSeller();
    const created = await createSweater(seller);
    const other = await createSweater(seller, { ...sweater, name: "Other sweater" });
    const plain = (await seller.json<Product>("/api/v1/shop/products/", { json: { name: "Plain mug", price: "10", stock: 3 } })).body;
    const untracked = (await seller.json<Product>("/api/v1/shop/products/", { json: { name: "Free mug", price: "10" } })).body;
    const small = created.variants[0]!.id;
    const path = `/api/v1/shop/products/${created.id}/stock/`;
    const before = await variantRows(created.id);
    const cases: [string, object, number, string][] = [
      [path, { variant: small, adjust: 1.5 }, 400, "adjust"],
      [path, { variant: small, adjust: 0 }, 400, "adjust"],
      [path, { variant: small, adjust: 2_000_000 }, 400, "adjust"],
      [path, { variant: small, set: 1_000_001 }, 400, "set"],
      [path, { variant: small, set: -1 }, 400, "set"],
      [path, { variant: small, set: "many" }, 400, "set"],
      [path, { variant: small, set: 1, adjust: 1 }, 400, "non_field_errors"],
      [path, { variant: small }, 400, "non_field_errors"],
      [path, { adjust: 1 }, 400, "variant"],
      [path, { variant: other.variants[0]!.id, adjust: 1 }, 400, "variant"],
      [path, { variant: "S", adjust: 1 }, 400, "variant"],
      [`/api/v1/shop/products/${plain.id}/stock/`, { variant: small, adjust: 1 }, 400, "variant"],
      [`/api/v1/shop/products/${untracked.id}/stock/`, { adjust: 1 }, 409, "adjust"],
    ];
    for (const [target, json, status, field] of cases) {
      const answer = await seller.json<ErrorBody>(target, { json });
      expect(answer.status, JSON.stringify(json)).toBe(status);
      expect(Object.keys(answer.body.errors ?? {}), JSON.stringify(json)).toEqual([field]);
    }
    const french = await seller.json<ErrorBody>(path, { json: { variant: small, adjust: 0 }, headers: { "Accept-Language": "fr" } });
    expect(french.body.errors?.adjust).toEqual(["Saisissez un nombre entier d'unités à ajouter ou retirer : pas 0, au plus 1 000 000"]);
    expect((await seller.json(`/api/v1/shop/products/999999/stock/`, { json: { adjust: 1 } })).status).toBe(404);
    expect(await variantRows(created.id)).toEqual(before);
    expect((await variantRows(plain.id))[0]?.stock).toBe(3);
  });

  it("is the shop's seller's only: shoppers, other users and other sellers change nothing", async () => {
    const seller = await demoSeller();
    const created = await createSweater(seller);
    const small = created.variants[0]!.id;
    const path = `/api/v1/shop/products/${created.id}/stock/`;
    const json = { variant: small, set: 99 };
    expect((await new TestClient().json(path, { json })).status).toBe(401);
    expect((await new TestClient("demo.localhost:3000").json(path, { json })).status).toBe(401);
    const admin = await signedIn("admin@example.com");
    expect((await admin.json(path, { json })).status).toBe(403);
    // A shopper sending a stock with a product: refused like any product change.
    const shopper = new TestClient("demo.localhost:3000");
    expect((await shopper.json("/api/v1/shop/products/", { json: { name: "Sneaky", price: "1", stock: 5 } })).status).toBe(401);
    expect((await shopper.json(`/api/v1/shop/products/${created.id}/`, { method: "PATCH", json: { stock: 5 } })).status).toBe(401);
    expect((await variantRows(created.id))[0]?.stock).toBe(3);
  });
});
