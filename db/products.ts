// Inserting products: every product has at least one variant (docs/stock.md), so a product
// without options is created with its one variant, in the same statement batch. Used by the
// catalogue domain, the demo seed and the tests' factories, so none can forget it.
import type { ProductOption } from "../app/lib/stock-kinds";
import { optionKey } from "../app/lib/variant-options";
import type { AppDatabase } from "./client";
import { products, productVariants, type Product, type ProductVariant } from "./schema";

export type NewProduct = typeof products.$inferInsert;
/** One combination of a product's options, with its own stock and, optionally, SKU and price. */
export type NewVariant = { options: Record<string, string>; stock: number | null; sku?: string | null; priceCents?: number | null };

/**
 * Inserts products, each with its variant without options (`stock` null: not tracked), or
 * with `variants` (in that order, their `position`) when it has options.
 */
export async function insertProducts(
  db: AppDatabase,
  rows: (NewProduct & { stock?: number | null; variants?: NewVariant[] })[],
): Promise<Product[]> {
  return (await insertProductsWithVariants(db, rows)).map((r) => r.product);
}

async function insertProductsWithVariants(
  db: AppDatabase,
  rows: (NewProduct & { stock?: number | null; variants?: NewVariant[] })[],
): Promise<{ product: Product; variants: ProductVariant[] }[]> {
  if (rows.length === 0) return [];
  const created = await db
    .insert(products)
    .values(rows.map(({ stock: _stock, variants: _variants, ...row }) => row))
    .returning();
  const variants = await db
    .insert(productVariants)
    .values(
      created.flatMap((product, i): (typeof productVariants.$inferInsert)[] => {
        const own = { productId: product.id, shopId: product.shopId, createdAt: product.createdAt, updatedAt: product.updatedAt };
        const given = rows[i]!.variants;
        if (!given?.length) return [{ ...own, stock: rows[i]!.stock ?? null }];
        return given.map((variant, position) => ({
          ...own,
          options: variant.options,
          optionKey: optionKey(variant.options),
          position,
          sku: variant.sku ?? null,
          priceCents: variant.priceCents ?? null,
          stock: variant.stock,
        }));
      }),
    )
    .returning();
  return created.map((product) => ({ product, variants: variants.filter((v) => v.productId === product.id) }));
}

/**
 * Inserts a product with options (`options`, e.g. Size S/M/L) and one variant per
 * combination given: the demo seed and the tests build products with sizes and colours
 * without the catalogue domain. The caller gives combinations consistent with the
 * product's options; the product's stock labels are computed on its first stock change.
 */
export async function insertProductWithVariants(
  db: AppDatabase,
  row: NewProduct & { options: ProductOption[] },
  variants: NewVariant[],
): Promise<{ product: Product; variants: ProductVariant[] }> {
  const [created] = await insertProductsWithVariants(db, [{ ...row, variants }]);
  return created!;
}
