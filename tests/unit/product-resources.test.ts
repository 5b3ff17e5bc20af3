import { statementsOf } from "../support/statements";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createProduct } from "~/domain/catalogue/manage.server";
import { listShopProducts, productResource, sellerProductResource, withStock } from "~/domain/catalogue/products.server";
import { createOrder } from "~/domain/orders/orders.server";
import { productStock } from "~/domain/stock/holds.server";
import { productListQuerySchema } from "~/schemas/catalogue";
import { productInputSchema } from "~/schemas/catalogue-admin";
import { getDatabase } from "~db/client";
import { orders, type Shop } from "~db/schema";
import { createShop, CHECKOUT_DETAILS, TEST_SHOPPER } from "./factories";

const details = CHECKOUT_DETAILS;
const shopper = TEST_SHOPPER;
const ORIGIN = "http://demo.localhost:3000";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function order(shop: Shop, productId: number, variantId: number | undefined, quantity: number, unitCents: number) {
  return createOrder(shop, { ...details, totalAmountCents: unitCents * quantity, items: [{ productId, variantId, quantity }] }, shopper);
}

async function resourceOf(shop: Shop, productId: number) {
  const { items } = await listShopProducts(shop.id, productListQuerySchema.parse({ page_size: "100" }), { includeArchived: true });
  const [product] = await withStock(items.filter((p) => p.id === productId));
  return { public: productResource(product!, "EUR", ORIGIN), seller: sellerProductResource(product!, "EUR", ORIGIN) };
}

describe("the product resource's stock", () => {
  it("shows each variant's units left, price and name, the price range, and the seller's units on hand", async () => {
    const shop = await createShop();
    const product = await createProduct(
      shop.id,
      productInputSchema.parse({
        name: "Sweater",
        price: "40",
        variants: [
          { options: { Size: "S", Colour: "Red" }, stock: 3, sku: "SW-S" },
          { options: { Size: "M", Colour: "Red" }, stock: 0, price: "42" },
          { options: { Size: "L", Colour: "Blue" }, stock: null, price: "39.5" },
        ],
      }),
      null,
    );
    const before = await resourceOf(shop, product.id);
    const [small, medium, large] = before.public.variants;
    await order(shop, product.id, small!.id, 2, 4000);
    const { public: resource, seller } = await resourceOf(shop, product.id);
    expect(resource).toMatchObject({ price: "40.00", price_min: "39.50", price_max: "42.00", is_in_stock: true, stock_available: null });
    expect(resource.variants).toEqual([
      {
        id: small!.id,
        options: { Size: "S", Colour: "Red" },
        name: "S / Red",
        sku: "SW-S",
        price: null,
        stock_available: 1,
        is_in_stock: true,
      },
      {
        id: medium!.id,
        options: { Size: "M", Colour: "Red" },
        name: "M / Red",
        sku: null,
        price: "42.00",
        stock_available: 0,
        is_in_stock: false,
      },
      {
        id: large!.id,
        options: { Size: "L", Colour: "Blue" },
        name: "L / Blue",
        sku: null,
        price: "39.50",
        stock_available: null,
        is_in_stock: true,
      },
    ]);
    expect(resource).not.toHaveProperty("stock");
    expect(resource.variants[0]).not.toHaveProperty("stock");
    // One variant is not counted: neither is the product's stock.
    expect(seller.stock).toBeNull();
    expect(seller.variants.map((v) => v.stock)).toEqual([3, 0, null]);
  });

  it("gives each variant's options in the product's order (PostgreSQL's jsonb reads them back sorted by length)", async () => {
    const shop = await createShop();
    const product = await createProduct(
      shop.id,
      productInputSchema.parse({ name: "Scarf", price: "20", variants: [{ options: { Colour: "Red", Size: "S" }, stock: 3 }] }),
      null,
    );
    const { public: resource, seller } = await resourceOf(shop, product.id);
    expect(Object.keys(resource.variants[0]!.options)).toEqual(["Colour", "Size"]);
    expect(Object.keys(seller.variants[0]!.options)).toEqual(["Colour", "Size"]);
  });

  it("is sold out when no unit is left or the seller switched it off", async () => {
    const shop = await createShop();
    const product = await createProduct(
      shop.id,
      productInputSchema.parse({
        name: "Tee",
        price: "10",
        variants: [
          { options: { Size: "S" }, stock: 2 },
          { options: { Size: "M" }, stock: 1 },
        ],
      }),
      null,
    );
    const { public: first } = await resourceOf(shop, product.id);
    await order(shop, product.id, first.variants[0]!.id, 2, 1000);
    await order(shop, product.id, first.variants[1]!.id, 1, 1000);
    const { public: resource, seller } = await resourceOf(shop, product.id);
    expect(resource).toMatchObject({ is_in_stock: false, stock_available: 0 });
    // Held, not sold yet: still on hand.
    expect(seller.stock).toBe(3);

    const plain = await createProduct(shop.id, productInputSchema.parse({ name: "Mug", price: "9", stock: 4, is_in_stock: false }), null);
    expect((await resourceOf(shop, plain.id)).public).toMatchObject({
      is_in_stock: false,
      stock_available: 4,
      variants: [],
      price_min: "9.00",
    });
    expect((await resourceOf(shop, plain.id)).seller.stock).toBe(4);
  });

  it("reads the stock of a whole page in at most two queries, however many products", async () => {
    const shop = await createShop();
    for (let i = 0; i < 12; i++) await createProduct(shop.id, productInputSchema.parse({ name: `P${i}`, price: "5", stock: 3 }), null);
    const { items } = await listShopProducts(shop.id, productListQuerySchema.parse({ page_size: "100" }));
    await order(shop, items[0]!.id, undefined, 1, 500);
    const { result: page, statements } = await statementsOf(() => withStock(items));
    expect(statements).toBeLessThanOrEqual(2);
    expect(page.every((p) => p.stock?.variants.length === 1)).toBe(true);
  });
});

describe("the `available` filter", () => {
  it("counts the units left: a tracked product with none is not available, until a hold runs out", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const shop = await createShop();
    const ids = {
      untracked: (await createProduct(shop.id, productInputSchema.parse({ name: "Untracked", price: "5" }), null)).id,
      off: (await createProduct(shop.id, productInputSchema.parse({ name: "Off", price: "5", is_in_stock: false }), null)).id,
      last: (await createProduct(shop.id, productInputSchema.parse({ name: "Last", price: "5", stock: 1 }), null)).id,
      none: (
        await createProduct(
          shop.id,
          productInputSchema.parse({ name: "None", price: "5", variants: [{ options: { Size: "S" }, stock: 0 }] }),
          null,
        )
      ).id,
    };
    const names = async (available: string) =>
      (await listShopProducts(shop.id, productListQuerySchema.parse({ available }))).items.map((p) => p.name).sort();
    expect(await names("true")).toEqual(["Last", "Untracked"]);
    expect(await names("false")).toEqual(["None", "Off"]);
    await order(shop, ids.last, undefined, 1, 500);
    expect(await names("true")).toEqual(["Untracked"]);
    expect(await names("false")).toEqual(["Last", "None", "Off"]);
    vi.setSystemTime(Date.now() + 11 * 60_000);
    expect(await names("true")).toEqual(["Last", "Untracked"]);
    expect((await listShopProducts(shop.id, productListQuerySchema.parse({ available: "true" }))).count).toBe(2);
  });

  it("keeps a unit taken while the provider decides its payment, as the product's stock does", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const shop = await createShop();
    const last = await createProduct(shop.id, productInputSchema.parse({ name: "Last", price: "5", stock: 1 }), null);
    const placed = await order(shop, last.id, undefined, 1, 500);
    // The shopper's card is being checked (3-D Secure) when the hold's time runs out.
    await getDatabase().update(orders).set({ paymentStatus: "processing" }).where(eq(orders.id, placed.id));
    const availableNames = async () =>
      (await listShopProducts(shop.id, productListQuerySchema.parse({ available: "true" }))).items.map((p) => p.name);
    vi.setSystemTime(Date.now() + 11 * 60_000);
    expect(await availableNames()).toEqual([]);
    expect((await productStock(getDatabase(), [last.id], new Date())).get(last.id)?.variants[0]?.available).toBe(0);
    // A payment abandoned half-way gives the unit back in the end.
    vi.setSystemTime(Date.now() + 16 * 60_000);
    expect(await availableNames()).toEqual(["Last"]);
  });
});
