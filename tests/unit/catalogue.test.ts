import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { containsPattern, listShopCategories, listShopProducts } from "~/domain/catalogue/products.server";
import { productListQuerySchema } from "~/schemas/catalogue";
import { getDatabase } from "~db/client";
import { orderItems, orders, products, type Shop } from "~db/schema";
import { deleteProduct } from "~/domain/catalogue/manage.server";
import { orderInput, place } from "./stock-drops";
import { createCategory, createProduct, createShop } from "./factories";

let shop: Shop;
let other: Shop;
const query = (input: Record<string, string> = {}) => productListQuerySchema.parse(input);

beforeAll(async () => {
  shop = await createShop();
  other = await createShop();
  const hats = await createCategory(shop.id, "hats", "Hats");
  const mugs = await createCategory(shop.id, "mugs", "Mugs");
  for (let i = 1; i <= 12; i++) {
    await createProduct(shop.id, { name: `Hat ${i}`, categoryId: hats.id, isInStock: i % 3 !== 0 });
  }
  await createProduct(shop.id, { name: "Mug 100% ceramic", description: "Big_mug", categoryId: mugs.id });
  await createProduct(shop.id, { name: "Mug plain", categoryId: mugs.id });
  const archived = await createProduct(shop.id, { name: "Old hat", categoryId: hats.id });
  await getDatabase().update(products).set({ archivedAt: new Date() }).where(eq(products.id, archived.id));
  await createProduct(other.id, { name: "Hat of another shop" });
});

describe("listShopProducts", () => {
  it("pages the shop's live products with the total count", async () => {
    const first = await listShopProducts(shop.id, query());
    expect(first.count).toBe(14);
    expect(first.items).toHaveLength(10);
    const second = await listShopProducts(shop.id, query({ page: "2" }));
    expect(second.items.map((p) => p.name)).toEqual(["Hat 11", "Hat 12", "Mug 100% ceramic", "Mug plain"]);
  });

  it("never shows another shop's or archived products", async () => {
    const all = (await listShopProducts(shop.id, query({ page_size: "100" }))).items.map((p) => p.name);
    expect(all).not.toContain("Hat of another shop");
    expect(all).not.toContain("Old hat");
    expect((await listShopProducts(other.id, query())).count).toBe(1);
  });

  it("filters by category slug, availability and search", async () => {
    expect((await listShopProducts(shop.id, query({ categories__slug: "mugs" }))).count).toBe(2);
    expect((await listShopProducts(shop.id, query({ categories__slug: "nope" }))).count).toBe(0);
    expect((await listShopProducts(shop.id, query({ available: "true" }))).count).toBe(10);
    expect((await listShopProducts(shop.id, query({ available: "false" }))).count).toBe(4);
    expect((await listShopProducts(shop.id, query({ search: "MUG" }))).count).toBe(2);
    expect((await listShopProducts(shop.id, query({ search: "big_mug" }))).items.map((p) => p.name)).toEqual(["Mug 100% ceramic"]);
  });

  it("takes % and _ in a search literally", async () => {
    expect(containsPattern("100%")).toBe("%100\\%%");
    expect((await listShopProducts(shop.id, query({ search: "100%" }))).count).toBe(1);
    expect((await listShopProducts(shop.id, query({ search: "%" }))).count).toBe(1);
    expect((await listShopProducts(shop.id, query({ search: "_" }))).count).toBe(1);
  });

  it("returns pages 1..N at once for the no-JS Load more", async () => {
    const through = await listShopProducts(shop.id, query({ page: "2" }), { throughPage: true });
    expect(through.items).toHaveLength(14);
  });
});

describe("listShopCategories", () => {
  it("lists the shop's categories", async () => {
    expect(await listShopCategories(shop.id)).toEqual([
      { slug: "hats", name: "Hats" },
      { slug: "mugs", name: "Mugs" },
    ]);
    expect(await listShopCategories(other.id)).toEqual([]);
  });
});

describe("productListQuerySchema", () => {
  it("applies defaults and bounds", async () => {
    expect(query()).toMatchObject({ page: 1, pageSize: 10 });
    expect(productListQuerySchema.safeParse({ page_size: "101" }).success).toBe(false);
    expect(productListQuerySchema.safeParse({ page: "0" }).success).toBe(false);
    expect(productListQuerySchema.safeParse({ page: "abc" }).success).toBe(false);
    expect(productListQuerySchema.safeParse({ available: "maybe" }).success).toBe(false);
  });
});

describe("deleting a product while it is ordered", () => {
  it("archives it instead when the order came first, so the order keeps its product", async () => {
    const shop = await createShop();
    const scarves = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createProduct(shop.id, { name: `Scarf ${i}`, priceCents: 2500, stock: 3 })),
    );
    // Six products, each ordered and deleted at the same time.
    await Promise.allSettled(
      scarves.flatMap((scarf, i) => [place(shop, i, orderInput({ productId: scarf.id }, 2500)), deleteProduct(shop.id, scarf.id)]),
    );
    // A delete counted no order, then the order was placed, then the product was deleted from under it.
    const items = await getDatabase()
      .select({ productId: orderItems.productId })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.shopId, shop.id));
    expect(items.filter((item) => item.productId === null)).toEqual([]);
  });
});
