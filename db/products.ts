// Inserting products: every product has at least one variant (docs/stock.md), so a product
// without options is created with its one variant, in the same statement batch. Used by the
// catalogue domain, the demo seed and the tests' factories, so none can forget it.
import type { ProductOption } from "../app/lib/stock-kinds";
import type { AppDatabase } from "./client";
import { products, productVariants, type Product, type ProductVariant } from "./schema";

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

/** One combination of a product's options, with its own stock and, optionally, SKU and price. */
export type NewVariant = { options: Record<string, string>; stock: number | null; sku?: string | null; priceCents?: number | null };

/**
 * The key that makes a combination unique in its product ("colour=blue|size=m"): the same
 * rule as the catalogue domain's `optionKey` (app/domain/catalogue/variants.server.ts; the
 * db layer cannot import it, tests/unit/stock-demo.test.ts checks they agree).
 */
function variantKey(options: Record<string, string>): string {
  return Object.entries(options)
    .map(([name, value]) => `${name.trim().toLowerCase()}=${value.trim().toLowerCase()}`)
    .sort()
    .join("|");
}

/**
 * Inserts a product with options (`options`, e.g. Size S/M/L) and one variant per
 * combination given, in the order given (their `position`): the demo seed and the tests
 * build products with sizes and colours without the catalogue domain. The caller gives
 * combinations consistent with the product's options; the product's stock labels are
 * computed on its first stock change.
 */
export async function insertProductWithVariants(
  db: AppDatabase,
  row: NewProduct & { options: ProductOption[] },
  variants: NewVariant[],
): Promise<{ product: Product; variants: ProductVariant[] }> {
  const [product] = await db.insert(products).values(row).returning();
  const created = await db
    .insert(productVariants)
    .values(
      variants.map((variant, position) => ({
        productId: product!.id,
        shopId: product!.shopId,
        options: variant.options,
        optionKey: variantKey(variant.options),
        position,
        sku: variant.sku ?? null,
        priceCents: variant.priceCents ?? null,
        stock: variant.stock,
        createdAt: product!.createdAt,
        updatedAt: product!.updatedAt,
      })),
    )
    .returning();
  return { product: product!, variants: created };
}
