import { and, asc, count, eq, isNull, not, sql, type SQL } from "drizzle-orm";
import { getDatabase, preparedRead } from "~db/client";
import { categories, products, productVariants } from "~db/schema";
import { NotFoundError } from "~/domain/errors.server";
import { productStock, unitsHeldPastEnd, type ProductStock } from "~/domain/stock/holds.server";
import { centsToDecimalString } from "~/lib/money";
import { productAvailable } from "~/lib/stock-label";
import type { ProductOption } from "~/lib/stock-kinds";
import type { ProductListQuery } from "~/schemas/catalogue";
import { orderedVariantOptions, variantName } from "./variants.server";

export type CatalogueProduct = {
  id: number;
  name: string;
  description: string;
  priceCents: number;
  imagePath: string | null;
  isInStock: boolean;
  options: ProductOption[];
  /** Its short code for claims in a live's chat ("A7"), in capitals; null: none. */
  code: string | null;
  categorySlug: string | null;
  categoryName: string | null;
  archivedAt?: Date | null;
};

/** `%term%` for a LIKE, with the user's own % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * On sale (the seller's switch) and a unit to sell: a live variant not tracked, or with units
 * neither sold nor held (holds past their end are free, as in `productStock`).
 */
function isAvailable(now: Date): SQL {
  const expiredHeld = unitsHeldPastEnd(productVariants.id, now);
  return sql`(${eq(products.isInStock, true)} and exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id} and ${productVariants.archivedAt} is null and (${productVariants.stock} is null or ${productVariants.stock} - ${productVariants.reserved} + ${expiredHeld} > 0)))`;
}

function productFilters(
  shopId: number,
  query: Pick<ProductListQuery, "categorySlug" | "search" | "available">,
  includeArchived: boolean,
): SQL[] {
  const filters: SQL[] = [eq(products.shopId, shopId)];
  if (!includeArchived) filters.push(isNull(products.archivedAt));
  if (query.categorySlug) filters.push(eq(categories.slug, query.categorySlug));
  if (query.available !== undefined) filters.push(query.available ? isAvailable(new Date()) : not(isAvailable(new Date())));
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
      options: products.options,
      code: products.code,
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

/** Products with their stock (`productStock`: a few queries for the whole page, whatever its size). */
export async function withStock<P extends { id: number }>(items: P[]): Promise<(P & { stock: ProductStock | undefined })[]> {
  const stock = await productStock(
    getDatabase(),
    items.map((p) => p.id),
    new Date(),
  );
  return items.map((item) => ({ ...item, stock: stock.get(item.id) }));
}

type ResourceProduct = CatalogueProduct & { stock: ProductStock | undefined };

/** On sale and a unit left (or not counted): what `is_in_stock` says, for the product and each variant. */
const sellable = (onSale: boolean, available: number | null) => onSale && (available === null || available > 0);

/**
 * The API's product shape (spec section 3, issue 27); image URLs are absolute. The one mapping
 * of a product to JSON. `variants` is [] for a product without options; a variant's `price`
 * is null when it is the product's; `price_min`/`price_max` span the variants' prices.
 */
export function productResource(product: ResourceProduct, currency: string, origin: string) {
  const variants = product.stock?.variants ?? [];
  const available = product.stock ? productAvailable(variants) : null;
  const prices = variants.length ? variants.map((v) => v.priceCents ?? product.priceCents) : [product.priceCents];
  return {
    id: product.id,
    name: product.name,
    code: product.code,
    description: product.description,
    price: centsToDecimalString(product.priceCents),
    price_min: centsToDecimalString(Math.min(...prices)),
    price_max: centsToDecimalString(Math.max(...prices)),
    currency,
    featured_image: product.imagePath ? new URL(product.imagePath, origin).toString() : null,
    is_in_stock: sellable(product.isInStock, available),
    stock_available: available,
    category: product.categorySlug,
    category_name: product.categoryName,
    variants:
      product.options.length === 0
        ? []
        : variants.map((v) => ({
            id: v.id,
            options: orderedVariantOptions(v.options, product.options),
            name: variantName(v.options, product.options),
            sku: v.sku,
            price: v.priceCents === null ? null : centsToDecimalString(v.priceCents),
            stock_available: v.available,
            is_in_stock: sellable(product.isInStock, v.available),
          })),
  };
}

/**
 * The seller's view of a product (their own catalogue on the main host): the resource plus
 * `archived`, and the units on hand (`stock`: the sum of the variants', null when one is not
 * counted), the product's and each variant's.
 */
export function sellerProductResource(product: ResourceProduct, currency: string, origin: string) {
  const resource = productResource(product, currency, origin);
  const variants = product.stock?.variants ?? [];
  const onHand = new Map(variants.map((v) => [v.id, v.stock]));
  const stock = variants.length && variants.every((v) => v.stock !== null) ? variants.reduce((sum, v) => sum + v.stock!, 0) : null;
  return {
    ...resource,
    stock,
    variants: resource.variants.map((v) => ({ ...v, stock: onHand.get(v.id) ?? null })),
    archived: Boolean(product.archivedAt),
  };
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
        options: row.options,
      }
    : null;
}
