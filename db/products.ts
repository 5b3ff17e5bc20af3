// Inserting products: every product has at least one variant (docs/stock.md), so a product
// without options is created with its one variant, in the same statement batch. Used by the
// catalogue domain, the demo seed and the tests' factories, so none can forget it.
import type { AppDatabase } from "./client";
import { products, productVariants, type Product } from "./schema";

export type NewProduct = typeof products.$inferInsert;

/** Inserts products, each with its variant without options (`stock` null: not tracked). */
export async function insertProducts(db: AppDatabase, rows: (NewProduct & { stock?: number | null })[]): Promise<Product[]> {
  if (rows.length === 0) return [];
  const created = await db
    .insert(products)
    .values(rows.map(({ stock: _stock, ...row }) => row))
    .returning();
  await db.insert(productVariants).values(
    created.map((product, i) => ({
      productId: product.id,
      shopId: product.shopId,
      stock: rows[i]!.stock ?? null,
      createdAt: product.createdAt,
      updatedAt: product.updatedAt,
    })),
  );
  return created;
}
