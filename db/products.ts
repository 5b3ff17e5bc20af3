// Inserting products: every product has at least one variant (docs/stock.md), so a product
// without options is created with its one variant, in the same statement batch. Used by the
// catalogue domain, the demo seed and the tests' factories, so none can forget it.
import type { AppDatabase } from "./client";
import { products, productVariants, type Product } from "./schema";

export type NewProduct = typeof products.$inferInsert;
/** A variant of a product with options: its combination, and the key that makes it unique (`optionKey`). */
export type NewVariant = Pick<typeof productVariants.$inferInsert, "options" | "optionKey" | "sku" | "priceCents" | "stock">;

/**
 * Inserts products, each with its variant without options (`stock` null: not tracked), or
 * with `variants` (in that order) when it has options.
 */
export async function insertProducts(
  db: AppDatabase,
  rows: (NewProduct & { stock?: number | null; variants?: NewVariant[] })[],
): Promise<Product[]> {
  if (rows.length === 0) return [];
  const created = await db
    .insert(products)
    .values(rows.map(({ stock: _stock, variants: _variants, ...row }) => row))
    .returning();
  await db.insert(productVariants).values(
    created.flatMap((product, i): (typeof productVariants.$inferInsert)[] => {
      const own = { productId: product.id, shopId: product.shopId, createdAt: product.createdAt, updatedAt: product.updatedAt };
      const variants = rows[i]!.variants;
      if (!variants?.length) return [{ ...own, stock: rows[i]!.stock ?? null }];
      return variants.map((variant, position) => ({ ...own, ...variant, position }));
    }),
  );
  return created;
}
