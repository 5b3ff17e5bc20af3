import { statementsOf } from "../support/statements";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createProduct as addProduct, getSellerProduct, listSellerProducts, updateProduct } from "~/domain/catalogue/manage.server";
import {
  listShopCategories,
  listShopProducts,
  productResource,
  sellerProductResource,
  withStock,
} from "~/domain/catalogue/products.server";
import { catalogueScreenQuerySchema, productListQuerySchema } from "~/schemas/catalogue";
import { productInputSchema, productPatchSchema } from "~/schemas/catalogue-admin";
import type { Shop } from "~db/schema";
import en from "../../locales/en/translation.json";
import { createCategory, createProduct, createShop } from "./factories";

/** The English text of a translation key such as `catalogue.errors.price_invalid`. */
function english(key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
}

const fieldErrorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), english(issue.message)]));

describe("productListQuerySchema (the API's names stop here)", () => {
  it("turns the API's query into the domain's camelCase query", () => {
    expect(
      productListQuerySchema.parse({ page: "2", page_size: "5", categories__slug: " hats ", search: " mug ", available: "1" }),
    ).toEqual({
      page: 2,
      pageSize: 5,
      categorySlug: "hats",
      search: "mug",
      available: true,
    });
    expect(productListQuerySchema.parse({})).toEqual({
      page: 1,
      pageSize: 10,
      categorySlug: undefined,
      search: undefined,
      available: undefined,
    });
  });

  it("refuses what the API refuses, naming the field", () => {
    const result = productListQuerySchema.safeParse({ page: "0", page_size: "101", available: "maybe" });
    expect(Object.keys(fieldErrorsOf(result)).sort()).toEqual(["available", "page", "page_size"]);
  });
});

describe("catalogueScreenQuerySchema (the shop's /products screen)", () => {
  it("reads the screen's `category` link as the same category filter", () => {
    expect(catalogueScreenQuerySchema.parse({ page: "3", category: "hats", search: "mug" })).toEqual({
      page: 3,
      pageSize: 10,
      categorySlug: "hats",
      search: "mug",
      available: undefined,
    });
  });

  it("falls back to defaults where the API answers 400, and caps the page", () => {
    expect(catalogueScreenQuerySchema.parse({ page: "abc" }).page).toBe(1);
    expect(catalogueScreenQuerySchema.parse({ page: "0" }).page).toBe(1);
    expect(catalogueScreenQuerySchema.parse({ page: "-2" }).page).toBe(1);
    expect(catalogueScreenQuerySchema.parse({ page: "999" }).page).toBe(50);
    expect(catalogueScreenQuerySchema.parse({ search: ` ${"x".repeat(120)} ` }).search).toBe("x".repeat(100));
    // The screen always uses the API's default page size and shows every availability.
    expect(catalogueScreenQuerySchema.parse({ page_size: "100", available: "false" })).toMatchObject({
      pageSize: 10,
      available: undefined,
    });
  });
});

describe("productInputSchema (form and API fields -> the domain's product input)", () => {
  it("maps snake_case fields to camelCase, price to cents", () => {
    expect(productInputSchema.parse({ name: " Mug ", price: "12.50", is_in_stock: "false", category: "mugs", remove_image: "on" })).toEqual(
      {
        name: "Mug",
        description: "",
        priceCents: 1250,
        isInStock: false,
        categorySlug: "mugs",
        removeImage: true,
      },
    );
    expect(productInputSchema.parse({ name: "Mug", price: 9, category: "" })).toMatchObject({ priceCents: 900, categorySlug: null });
  });

  it("leaves out of a patch what was not sent", () => {
    expect(productPatchSchema.parse({ price: "3" })).toEqual({
      name: undefined,
      description: undefined,
      priceCents: 300,
      isInStock: undefined,
      categorySlug: undefined,
      removeImage: undefined,
    });
  });

  it("reports bad input on the form's fields with the catalogue's texts", () => {
    expect(fieldErrorsOf(productInputSchema.safeParse({ name: "", price: "0" }))).toEqual({
      name: "The product name is required",
      price: "Enter a price above 0, e.g. 19.90",
    });
    expect(fieldErrorsOf(productPatchSchema.safeParse({ price: "abc" }))).toEqual({ price: "Enter a price above 0, e.g. 19.90" });
  });
});

describe("product queries return their category", () => {
  let shop: Shop;
  beforeAll(async () => {
    shop = await createShop({ currency: "EUR" });
    const hats = await createCategory(shop.id, "hats", "Hats");
    await createCategory(shop.id, "mugs", "Mugs");
    for (let i = 1; i <= 30; i++) await createProduct(shop.id, { name: `Hat ${i}`, categoryId: i % 2 ? hats.id : null });
  });

  afterEach(() => vi.restoreAllMocks());

  it("renders a catalogue page (products with categories, the category list) in three queries, however many products", async () => {
    const { result, statements } = await statementsOf(async () => ({
      page: await listShopProducts(shop.id, catalogueScreenQuerySchema.parse({ page: "3" }), { throughPage: true }),
      categories: await listShopCategories(shop.id),
    }));
    expect(result.page.items).toHaveLength(30);
    expect(result.page.items[0]).toMatchObject({ name: "Hat 1", categorySlug: "hats", categoryName: "Hats" });
    expect(result.page.items[1]).toMatchObject({ name: "Hat 2", categorySlug: null, categoryName: null });
    expect(statements).toBe(3);
  });

  it("lists the seller's products with categories in two queries", async () => {
    const { result, statements } = await statementsOf(() => listSellerProducts(shop.id));
    expect(result).toHaveLength(30);
    expect(result.find((p) => p.name === "Hat 29")).toMatchObject({ categorySlug: "hats", categoryName: "Hats", ordered: false });
    expect(statements).toBe(2);
  });

  it("lists the archived products last, the newest first within each group, on both engines", async () => {
    // PostgreSQL sorts NULL last in ascending order and SQLite first: the order must not follow the engine.
    const own = await createShop({ currency: "EUR" });
    const old = await createProduct(own.id, { name: "Old", archivedAt: new Date(Date.now() - 60_000) });
    const kept = await createProduct(own.id, { name: "Kept" });
    const gone = await createProduct(own.id, { name: "Gone", archivedAt: new Date() });
    const newest = await createProduct(own.id, { name: "Newest" });
    expect((await listSellerProducts(own.id)).map((p) => p.id)).toEqual([newest.id, kept.id, old.id, gone.id]);
  });

  it("reads one product with its category in one query, and create/update answer it too", async () => {
    const created = await addProduct(shop.id, productInputSchema.parse({ name: "Cap", price: "5", category: "hats" }), null);
    expect(created).toMatchObject({ name: "Cap", priceCents: 500, isInStock: true, categorySlug: "hats", categoryName: "Hats" });
    const { result, statements } = await statementsOf(() => getSellerProduct(shop.id, created.id));
    expect(result).toMatchObject({ categorySlug: "hats", categoryName: "Hats" });
    expect(statements).toBe(1);

    const renamed = await updateProduct(shop.id, created.id, productPatchSchema.parse({ name: "Cap 2" }), null);
    expect(renamed).toMatchObject({ name: "Cap 2", categorySlug: "hats", categoryName: "Hats" });
    const moved = await updateProduct(shop.id, created.id, productPatchSchema.parse({ category: "mugs" }), null);
    expect(moved).toMatchObject({ categorySlug: "mugs", categoryName: "Mugs" });
    const cleared = await updateProduct(shop.id, created.id, productPatchSchema.parse({ category: null }), null);
    expect(cleared).toMatchObject({ categorySlug: null, categoryName: null });
  });

  it("maps a product to the API's JSON in one place (the seller's view adds `archived` and the units on hand)", async () => {
    const [product] = await withStock([(await listSellerProducts(shop.id)).find((p) => p.name === "Hat 1")!]);
    const resource = productResource(product!, "EUR", "http://demo.localhost:3000");
    expect(resource).toEqual({
      id: product!.id,
      name: "Hat 1",
      code: null,
      description: "",
      price: "10.00",
      price_min: "10.00",
      price_max: "10.00",
      currency: "EUR",
      featured_image: null,
      is_in_stock: true,
      stock_available: null,
      category: "hats",
      category_name: "Hats",
      variants: [],
    });
    expect(sellerProductResource(product!, "EUR", "http://demo.localhost:3000")).toEqual({ ...resource, stock: null, archived: false });
  });
});
