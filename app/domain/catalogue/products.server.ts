import { and, asc, count, eq, isNull, sql, type SQL } from "drizzle-orm";
import { getDatabase, preparedRead } from "~db/client";
import { categories, products } from "~db/schema";
import { NotFoundError } from "~/domain/errors.server";
import { centsToDecimalString } from "~/lib/money";
import type { ProductListQuery } from "~/schemas/catalogue";

export type CatalogueProduct = {
  id: number;
  name: string;
  description: string;
  priceCents: number;
  imagePath: string | null;
  isInStock: boolean;
  categorySlug: string | null;
  categoryName: string | null;
  archivedAt?: Date | null;
};

/** `%term%` for a LIKE, with the user's own % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function productFilters(
  shopId: number,
  query: Pick<ProductListQuery, "categorySlug" | "search" | "available">,
  includeArchived: boolean,
): SQL[] {
  const filters: SQL[] = [eq(products.shopId, shopId)];
  if (!includeArchived) filters.push(isNull(products.archivedAt));
  if (query.categorySlug) filters.push(eq(categories.slug, query.categorySlug));
  if (query.available !== undefined) filters.push(eq(products.isInStock, query.available));
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(sql`(lower(${products.name}) like ${pattern} escape '\\' or lower(${products.description}) like ${pattern} escape '\\')`);
  }
  return filters;
}

/**
 * One page of a shop's live catalogue plus the total matching count (two indexed
 * queries). `throughPage` returns pages 1..page at once (the no-JS "Load more");
 * `includeArchived` is the seller's own view of the catalogue.
 */
export async function listShopProducts(
  shopId: number,
  query: ProductListQuery,
  options: { throughPage?: boolean; includeArchived?: boolean } = {},
): Promise<{ items: CatalogueProduct[]; count: number }> {
  const db = getDatabase();
  const where = and(...productFilters(shopId, query, options.includeArchived ?? false));
  const offset = options.throughPage ? 0 : (query.page - 1) * query.pageSize;
  const limit = options.throughPage ? query.page * query.pageSize : query.pageSize;
  const items = await db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      priceCents: products.priceCents,
      imagePath: products.imagePath,
      isInStock: products.isInStock,
      categorySlug: categories.slug,
      categoryName: categories.name,
      archivedAt: products.archivedAt,
    })
    .from(products)
    .leftJoin(categories, eq(categories.id, products.categoryId))
    .where(where)
    .orderBy(asc(products.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(products).leftJoin(categories, eq(categories.id, products.categoryId)).where(where);
  return { items, count: total?.n ?? 0 };
}

/** Page numbers past the end are an error (as in the API's page links). */
export function assertPageExists(page: number, pageSize: number, total: number): void {
  if (page > 1 && (page - 1) * pageSize >= total) throw new NotFoundError("errors.invalid_page");
}

export async function listShopCategories(shopId: number): Promise<{ slug: string; name: string }[]> {
  return getDatabase()
    .select({ slug: categories.slug, name: categories.name })
    .from(categories)
    .where(eq(categories.shopId, shopId))
    .orderBy(asc(categories.position), asc(categories.name));
}

/** The API's product shape (spec section 3); image URLs are absolute. The one mapping of a product to JSON. */
export function productResource(product: CatalogueProduct, currency: string, origin: string) {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    price: centsToDecimalString(product.priceCents),
    currency,
    featured_image: product.imagePath ? new URL(product.imagePath, origin).toString() : null,
    is_in_stock: product.isInStock,
    category: product.categorySlug,
    category_name: product.categoryName,
  };
}

/** The seller's view of a product (their own catalogue on the main host): the resource plus `archived`. */
export function sellerProductResource(product: CatalogueProduct, currency: string, origin: string) {
  return { ...productResource(product, currency, origin), archived: Boolean(product.archivedAt) };
}

// Each checkout page and shipping form reads its product.
const shopProductById = preparedRead("shop_product_by_id", (db) =>
  db
    .select()
    .from(products)
    .where(and(eq(products.shopId, sql.placeholder("shopId")), eq(products.id, sql.placeholder("productId")), isNull(products.archivedAt)))
    .limit(1),
);

/** A live product of the shop (for the checkout's summary), or null. */
export async function findShopProduct(shopId: number, productId: number) {
  if (!Number.isInteger(productId) || productId <= 0) return null;
  const [row] = await shopProductById({ shopId, productId });
  return row
    ? {
        id: row.id,
        name: row.name,
        description: row.description,
        priceCents: row.priceCents,
        imageUrl: row.imagePath,
        isInStock: row.isInStock,
      }
    : null;
}
