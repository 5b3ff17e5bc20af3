// The demo shop's stock (issue 27, item 8): a few products count their stock, one has sizes
// and colours, one is nearly sold out; the rest sell as before. The seed writes variants
// below the domain, so their keys and options are checked against the domain's rules here.
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { optionKey, variantName } from "~/domain/catalogue/variants.server";
import { productStock } from "~/domain/stock/holds.server";
import { stockLabel } from "~/lib/stock-label";
import { getDatabase } from "~db/client";
import { seedDemoData } from "~db/seed";
import { products, productVariants, shops, stockMovements } from "~db/schema";

const fakeHash = async (password: string) => `test$${password}`;

describe("the demo shop's stock", () => {
  it("counts the stock of a few products, one in sizes and colours, one nearly sold out", async () => {
    const db = getDatabase();
    expect(await seedDemoData(db, fakeHash)).toBe(true);
    const [shop] = await db.select().from(shops).where(eq(shops.subdomain, "demo"));
    const catalogue = await db.select().from(products).where(eq(products.shopId, shop!.id)).orderBy(asc(products.id));
    const stock = await productStock(
      db,
      catalogue.map((p) => p.id),
      new Date(),
    );
    const byName = new Map(catalogue.map((p) => [p.name, { product: p, stock: stock.get(p.id)! }]));
    const counted = catalogue.filter((p) => stock.get(p.id)!.variants.some((v) => v.stock !== null)).map((p) => p.name);
    expect(counted).toEqual(["Ceramic Mug", "Table Lamp Dune", "Tote Bag Signature", "Chunky Knit Sweater"]);
    // The first page of the catalogue (10 products) sells without a count, as before.
    expect(catalogue.slice(0, 10).every((p) => !counted.includes(p.name))).toBe(true);

    const lamp = byName.get("Table Lamp Dune")!;
    expect(stockLabel(lamp.stock.variants[0]!.available, lamp.stock.threshold)).toEqual({ kind: "low", left: 2 });
    expect(byName.get("Ceramic Mug")!.stock.variants[0]).toMatchObject({ stock: 40, available: 40, options: {} });

    // The sweater: one variant per combination of its options, keyed as the domain keys them.
    const { product: sweater, stock: sweaterStock } = byName.get("Chunky Knit Sweater")!;
    expect(sweater.options).toEqual([
      { name: "Size", values: ["S", "M", "L"] },
      { name: "Colour", values: ["Red", "Blue"] },
    ]);
    const variants = await db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, sweater.id))
      .orderBy(asc(productVariants.position));
    expect(variants.map((v) => variantName(v.options, sweater.options))).toEqual([
      "S / Red",
      "S / Blue",
      "M / Red",
      "M / Blue",
      "L / Red",
      "L / Blue",
    ]);
    for (const variant of variants) {
      expect(variant.optionKey).toBe(optionKey(variant.options));
      expect(Object.keys(variant.options).sort()).toEqual(["Colour", "Size"]);
      for (const option of sweater.options) expect(option.values).toContain(variant.options[option.name]);
    }
    expect(new Set(variants.map((v) => v.optionKey)).size).toBe(6);
    const labels = sweaterStock.variants.map((v) => stockLabel(v.available, sweaterStock.threshold));
    expect(labels).toEqual([
      { kind: "low", left: 4 },
      { kind: "sold_out" },
      null,
      null,
      { kind: "low", left: 5 },
      { kind: "low", left: 2 },
    ]);
    // The large ones cost more than the product's price.
    expect(variants.map((v) => v.priceCents)).toEqual([null, null, null, null, 6400, 6400]);
    expect(sweater.priceCents).toBe(5900);

    // Each counted variant's history starts with the seller setting its stock.
    const history = await db.select().from(stockMovements).where(eq(stockMovements.shopId, shop!.id));
    expect(history).toHaveLength(3 + variants.length);
    expect(history.every((m) => m.kind === "manual" && m.actorUserId === shop!.ownerId && m.stockDelta === m.stockAfter)).toBe(true);
  });
});
