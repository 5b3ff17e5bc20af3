import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createProduct, getSellerProduct, updateProduct } from "~/domain/catalogue/manage.server";
import { checkVariants } from "~/domain/catalogue/product-variants.server";
import { ConflictError, ValidationError } from "~/domain/errors.server";
import { createOrder } from "~/domain/orders/orders.server";
import { changeStock } from "~/domain/stock/stock.server";
import { productInputSchema, productPatchSchema } from "~/schemas/catalogue-admin";
import type { VariantInput } from "~/schemas/product-variants";
import { getDatabase } from "~db/client";
import { productVariants, products, shops, stockMovements, type Shop } from "~db/schema";
import { createShop, createUser, CHECKOUT_DETAILS, TEST_SHOPPER } from "./factories";

const details = CHECKOUT_DETAILS;
const shopper = TEST_SHOPPER;

const sizes = (stock: Record<string, number | null>): VariantInput[] =>
  Object.entries(stock).map(([size, units]) => ({ options: { Size: size }, stock: units }));

async function variantsOf(productId: number, withArchived = false) {
  const rows = await getDatabase()
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
  return rows.filter((v) => withArchived || v.archivedAt === null);
}

function errorOf(work: () => unknown): ValidationError {
  try {
    work();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error("no error");
}

async function rejection(work: Promise<unknown>): Promise<unknown> {
  return work.then(
    () => new Error("resolved"),
    (error: unknown) => error,
  );
}

async function orderVariant(shop: Shop, productId: number, variantId: number | undefined, quantity = 1, price = 1000) {
  return createOrder(shop, { ...details, totalAmountCents: price * quantity, items: [{ productId, variantId, quantity }] }, shopper);
}

describe("checkVariants", () => {
  it("derives the options in first-seen order, keeping the first spelling of each name and value", () => {
    const checked = checkVariants([
      { options: { Size: "S", Colour: "Red" } },
      { options: { colour: " blue ", size: "s" } },
      { options: { Size: "M", Colour: "RED" } },
    ]);
    expect(checked.options).toEqual([
      { name: "Size", values: ["S", "M"] },
      { name: "Colour", values: ["Red", "blue"] },
    ]);
    expect(checked.variants.map((v) => v.options)).toEqual([
      { Size: "S", Colour: "Red" },
      { Size: "S", Colour: "blue" },
      { Size: "M", Colour: "Red" },
    ]);
    expect(checked.variants.map((v) => v.key)).toEqual(["colour=red|size=s", "colour=blue|size=s", "colour=red|size=m"]);
  });

  it("refuses each broken rule, naming the variant", () => {
    expect(errorOf(() => checkVariants([{ options: { A: "1", B: "1", C: "1", D: "1" } }])).fieldErrors).toEqual({
      "variants.0.options": ["variants.errors.too_many_options?max=3"],
    });
    expect(errorOf(() => checkVariants([{ options: { A: "1", B: "1" } }, { options: { C: "1", D: "1" } }])).fieldErrors).toEqual({
      variants: ["variants.errors.too_many_options?max=3"],
    });
    expect(errorOf(() => checkVariants([{ options: { Size: " " } }, { options: { " ": "M" } }, { options: {} }])).fieldErrors).toEqual({
      "variants.0.options": ["variants.errors.option_empty"],
      "variants.1.options": ["variants.errors.option_empty"],
      "variants.2.options": ["variants.errors.options_required"],
    });
    expect(errorOf(() => checkVariants([{ options: { Size: "S", size: "M" } }])).fieldErrors).toEqual({
      "variants.0.options": ["variants.errors.option_twice"],
    });
    expect(errorOf(() => checkVariants([{ options: { Size: "S" } }, { options: { Size: "M", Colour: "Red" } }])).fieldErrors).toEqual({
      "variants.0.options": ["variants.errors.options_mismatch?names=Size%2C+Colour"],
    });
    expect(errorOf(() => checkVariants([{ options: { Size: "S" } }, { options: { Colour: "Red" } }])).fieldErrors).toMatchObject({
      "variants.0.options": [expect.stringContaining("options_mismatch")],
      "variants.1.options": [expect.stringContaining("options_mismatch")],
    });
    expect(errorOf(() => checkVariants([{ options: { Size: "M" } }, { options: { size: "m " } }])).fieldErrors).toEqual({
      "variants.1.options": ["variants.errors.duplicate"],
    });
    expect(
      errorOf(() =>
        checkVariants([
          { options: { Size: "S" }, stock: -1 },
          { options: { Size: "M" }, stock: 1.5 },
        ]),
      ).fieldErrors,
    ).toEqual({
      "variants.0.stock": ["variants.errors.stock_invalid"],
      "variants.1.stock": ["variants.errors.stock_invalid"],
    });
    expect(errorOf(() => checkVariants([{ options: { Size: "S" }, priceCents: 0 }])).fieldErrors).toEqual({
      "variants.0.price": ["catalogue.errors.price_invalid"],
    });
    const many = Array.from({ length: 101 }, (_, i) => ({ options: { Size: String(i) } }));
    expect(errorOf(() => checkVariants(many)).fieldErrors).toEqual({ variants: ["variants.errors.too_many?max=100"] });
    expect(checkVariants(many.slice(0, 100)).variants).toHaveLength(100);
  });
});

describe("createProduct with stock and variants", () => {
  it("creates a product without options with its tracked stock, recorded as the seller's", async () => {
    const shop = await createShop();
    const seller = await createUser();
    const product = await createProduct(shop.id, productInputSchema.parse({ name: "Mug", price: "9", stock: 7 }), null, seller.id);
    const [variant] = await variantsOf(product.id);
    expect(variant).toMatchObject({ options: {}, optionKey: "", stock: 7, reserved: 0 });
    expect(product.options).toEqual([]);
    const history = await getDatabase().select().from(stockMovements).where(eq(stockMovements.productId, product.id));
    expect(history).toMatchObject([{ kind: "manual", stockDelta: 7, stockAfter: 7, actorUserId: seller.id, variantId: variant!.id }]);
    const untracked = await createProduct(shop.id, productInputSchema.parse({ name: "Cap", price: "9" }), null);
    expect((await variantsOf(untracked.id))[0]?.stock).toBeNull();
  });

  it("creates one variant per combination and no default variant; the options come from the variants", async () => {
    const shop = await createShop();
    const product = await createProduct(
      shop.id,
      productInputSchema.parse({
        name: "Sweater",
        price: "40",
        variants: [
          { options: { Size: "S" }, stock: 5, sku: "SW-S" },
          { options: { Size: "M" }, stock: 0, price: "42.50" },
          { options: { Size: "L" } },
        ],
      }),
      null,
    );
    expect(product.options).toEqual([{ name: "Size", values: ["S", "M", "L"] }]);
    const variants = await variantsOf(product.id);
    expect(variants.map((v) => [v.options, v.stock, v.sku, v.priceCents, v.position])).toEqual([
      [{ Size: "S" }, 5, "SW-S", null, 0],
      [{ Size: "M" }, 0, null, 4250, 1],
      [{ Size: "L" }, null, null, null, 2],
    ]);
    // Its labels ("Only 5 left", "Sold out") are stored with it: the first hold does not renew the shop's pages.
    const [row] = await getDatabase().select({ labels: products.stockLabels }).from(products).where(eq(products.id, product.id));
    expect(row?.labels).toMatch(/^,\d+=low:5,\d+=sold_out,\d+=$/);
  });

  it("refuses stock together with variants, and bad variants, creating nothing", async () => {
    const shop = await createShop();
    const count = async () => (await getDatabase().select().from(products).where(eq(products.shopId, shop.id))).length;
    const both = await rejection(
      createProduct(shop.id, productInputSchema.parse({ name: "X", price: "1", stock: 3, variants: sizes({ S: 1 }) }), null),
    );
    expect(both).toBeInstanceOf(ValidationError);
    expect((both as ValidationError).fieldErrors).toEqual({ stock: ["variants.errors.stock_with_variants"] });
    const duplicate = await rejection(
      createProduct(shop.id, productInputSchema.parse({ name: "X", price: "1", variants: sizes({ S: 1, s: 2 }) }), null),
    );
    expect((duplicate as ValidationError).fieldErrors).toEqual({ "variants.1.options": ["variants.errors.duplicate"] });
    expect(await count()).toBe(0);
  });
});

describe("updateProduct with stock and variants", () => {
  it("matches variants by combination: updates, inserts, deletes, and archives the ordered ones", async () => {
    const shop = await createShop();
    const seller = await createUser();
    const product = await createProduct(
      shop.id,
      productInputSchema.parse({ name: "Tee", price: "10", variants: sizes({ S: 5, M: 5, L: 5 }) }),
      null,
    );
    const [small, medium] = await variantsOf(product.id);
    await orderVariant(shop, product.id, small!.id);
    const updated = await updateProduct(
      shop.id,
      product.id,
      productPatchSchema.parse({ variants: [...sizes({ XL: 2 }), { options: { Size: "m" }, stock: 9, sku: "T-M" }] }),
      null,
      seller.id,
    );
    expect(updated.options).toEqual([{ name: "Size", values: ["XL", "m"] }]);
    const live = await variantsOf(product.id);
    expect(live.map((v) => [v.options, v.stock, v.sku, v.position])).toEqual([
      [{ Size: "XL" }, 2, null, 0],
      [{ Size: "m" }, 9, "T-M", 1],
    ]);
    // M kept its row (and id); S, ordered, is archived; L, never ordered, is gone.
    expect(live[1]!.id).toBe(medium!.id);
    const all = await variantsOf(product.id, true);
    expect(all.filter((v) => v.archivedAt !== null).map((v) => v.id)).toEqual([small!.id]);
    expect(all).toHaveLength(3);
    const manual = await getDatabase().select().from(stockMovements).where(eq(stockMovements.variantId, medium!.id));
    expect(manual.at(-1)).toMatchObject({ kind: "manual", stockDelta: 4, stockAfter: 9, actorUserId: seller.id });

    // S again: the archived row comes back, with its stock and its holds.
    await updateProduct(shop.id, product.id, productPatchSchema.parse({ variants: sizes({ S: null, XL: null }) }), null);
    const back = await variantsOf(product.id);
    expect(back.map((v) => v.id)).toContain(small!.id);
    expect(back.find((v) => v.id === small!.id)).toMatchObject({ reserved: 1, archivedAt: null });
  });

  it("leaves a variant's stock, SKU and price alone when they are not sent", async () => {
    const shop = await createShop();
    const product = await createProduct(
      shop.id,
      productInputSchema.parse({ name: "Tee", price: "10", variants: [{ options: { Size: "S" }, stock: 4, sku: "A", price: 12 }] }),
      null,
    );
    await updateProduct(shop.id, product.id, productPatchSchema.parse({ variants: [{ options: { Size: "S" } }], name: "Tee 2" }), null);
    expect((await variantsOf(product.id))[0]).toMatchObject({ stock: 4, sku: "A", priceCents: 1200 });
    await updateProduct(
      shop.id,
      product.id,
      productPatchSchema.parse({ variants: [{ options: { Size: "S" }, sku: null, price: null, stock: null }] }),
      null,
    );
    expect((await variantsOf(product.id))[0]).toMatchObject({ stock: null, sku: null, priceCents: null });
  });

  it("refuses a stock below the units held (409) and changes nothing, the product's fields included", async () => {
    const shop = await createShop();
    const product = await createProduct(
      shop.id,
      productInputSchema.parse({ name: "Tee", price: "10", variants: sizes({ S: 3, M: 3 }) }),
      null,
    );
    const [small] = await variantsOf(product.id);
    await orderVariant(shop, product.id, small!.id, 2);
    const refused = await rejection(
      updateProduct(shop.id, product.id, productPatchSchema.parse({ name: "Renamed", variants: sizes({ S: 1, M: 8, XL: 1 }) }), null),
    );
    expect(refused).toBeInstanceOf(ConflictError);
    expect((refused as ConflictError).fieldErrors).toEqual({ "variants.0.stock": ["stock.errors.below_held?held=2"] });
    expect((await getSellerProduct(shop.id, product.id)).name).toBe("Tee");
    expect((await variantsOf(product.id)).map((v) => [v.options, v.stock])).toEqual([
      [{ Size: "S" }, 3],
      [{ Size: "M" }, 3],
    ]);
    // At the units held it goes through.
    await updateProduct(shop.id, product.id, productPatchSchema.parse({ variants: sizes({ S: 2, M: 3 }) }), null);
    expect((await variantsOf(product.id))[0]).toMatchObject({ stock: 2, reserved: 2 });
  });

  it("sets the stock of a product without options, and refuses it for one with options", async () => {
    const shop = await createShop();
    const plain = await createProduct(shop.id, productInputSchema.parse({ name: "Mug", price: "9" }), null);
    await updateProduct(shop.id, plain.id, productPatchSchema.parse({ stock: "4" }), null);
    expect((await variantsOf(plain.id))[0]).toMatchObject({ stock: 4 });
    await updateProduct(shop.id, plain.id, productPatchSchema.parse({ stock: null }), null);
    expect((await variantsOf(plain.id))[0]).toMatchObject({ stock: null });
    await updateProduct(shop.id, plain.id, productPatchSchema.parse({ stock: 2 }), null);
    await orderVariant(shop, plain.id, undefined, 1, 900);
    const below = await rejection(updateProduct(shop.id, plain.id, productPatchSchema.parse({ stock: 0 }), null));
    expect((below as ConflictError).fieldErrors).toEqual({ stock: ["stock.errors.below_held?held=1"] });

    const sized = await createProduct(shop.id, productInputSchema.parse({ name: "Tee", price: "9", variants: sizes({ S: 1 }) }), null);
    const refused = await rejection(updateProduct(shop.id, sized.id, productPatchSchema.parse({ stock: 3 }), null));
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).fieldErrors).toEqual({ stock: ["variants.errors.stock_has_options"] });
  });

  it("switches a product from no options to options and back", async () => {
    const shop = await createShop();
    const product = await createProduct(shop.id, productInputSchema.parse({ name: "Cap", price: "9", stock: 6 }), null);
    const [single] = await variantsOf(product.id);
    await orderVariant(shop, product.id, undefined, 1, 900);
    await updateProduct(shop.id, product.id, productPatchSchema.parse({ variants: sizes({ S: 1, M: 2 }) }), null);
    expect((await getSellerProduct(shop.id, product.id)).options).toEqual([{ name: "Size", values: ["S", "M"] }]);
    expect((await variantsOf(product.id)).map((v) => v.optionKey)).toEqual(["size=s", "size=m"]);
    // Ordered: the single variant is archived, not deleted.
    expect((await variantsOf(product.id, true)).find((v) => v.id === single!.id)?.archivedAt).not.toBeNull();

    await updateProduct(shop.id, product.id, productPatchSchema.parse({ variants: [], stock: 8 }), null);
    expect((await getSellerProduct(shop.id, product.id)).options).toEqual([]);
    const live = await variantsOf(product.id);
    expect(live).toHaveLength(1);
    expect(live[0]).toMatchObject({ id: single!.id, optionKey: "", stock: 8, reserved: 1 });
    // Never ordered: the sizes are gone.
    expect(await variantsOf(product.id, true)).toHaveLength(1);
  });

  it("renews the shop's pages when the stock it shows changes", async () => {
    const shop = await createShop();
    const product = await createProduct(shop.id, productInputSchema.parse({ name: "Cap", price: "9", stock: 50 }), null);
    const version = async () => (await getDatabase().select({ v: shops.contentVersion }).from(shops).where(eq(shops.id, shop.id)))[0]!.v;
    const before = await version();
    await updateProduct(shop.id, product.id, productPatchSchema.parse({ stock: 2 }), null);
    expect(await version()).toBeGreaterThan(before);
    const [row] = await getDatabase().select({ labels: products.stockLabels }).from(products).where(eq(products.id, product.id));
    expect(row?.labels).toBe("low:2");
  });
});

describe("changeStock bounds", () => {
  it("refuses a stock above a million units (a typo; sums would overflow)", async () => {
    const shop = await createShop();
    const seller = await createUser();
    const product = await createProduct(shop.id, productInputSchema.parse({ name: "Mug", price: "9", stock: 999_999 }), null);
    const refused = await rejection(changeStock(shop.id, product.id, { adjust: 2 }, seller.id));
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).fieldErrors).toEqual({ adjust: ["variants.errors.stock_too_high?max=1000000"] });
    expect(await changeStock(shop.id, product.id, { adjust: 1 }, seller.id)).toMatchObject({ stock: 1_000_000, available: 1_000_000 });
  });
});
