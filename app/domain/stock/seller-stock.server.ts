import { and, count, desc, eq } from "drizzle-orm";
import { displayName } from "~/domain/accounts/users.server";
import { listSellerProducts, getSellerProduct, type SellerProductRow } from "~/domain/catalogue/manage.server";
import { variantName } from "~/domain/catalogue/variants.server";
import { formatOrderNumber } from "~/domain/orders/orders.server";
import { productAvailable } from "~/lib/stock-label";
import type { ProductOption, StockMovementKind } from "~/lib/stock-kinds";
import { getDatabase } from "~db/client";
import { orders, productVariants, stockMovements, users } from "~db/schema";
import { productStock } from "./holds.server";
import { waitingCounts } from "./waitlist.server";

/**
 * The seller's view of stock (issue 27, item 6): what is left, held and awaited per product
 * and variant, the low-stock filter of the products list and each product's stock history.
 */

/** One variant as the seller's screens show it. `held`: units of unpaid orders and offers still running. */
export type VariantStockView = {
  id: number;
  /** "M / Blue"; "" for a product without options. */
  name: string;
  stock: number | null;
  held: number;
  available: number | null;
  waiting: number;
};

/** A product's stock at a glance: totals over its tracked variants, and each variant. */
export type ProductStockView = {
  /** At least one variant counts its stock. */
  tracked: boolean;
  hasOptions: boolean;
  /** Units that can be bought (tracked variants only); null when none is tracked. */
  available: number | null;
  /** Units on hand (sold ones are gone, held ones still count). */
  onHand: number | null;
  held: number;
  waiting: number;
  /** Nothing left to buy (every variant tracked, none available). */
  soldOut: boolean;
  /** A tracked variant is at the shop's threshold or below (sold out included): the low-stock filter. */
  low: boolean;
  threshold: number;
  variants: VariantStockView[];
};

/**
 * The stock of these products, in one pass whatever their number: `productStock` (their
 * variants and the holds that ran out) and the waitlist's counts.
 */
export async function productStockViews(
  productList: { id: number; options: ProductOption[] }[],
  now = new Date(),
): Promise<Map<number, ProductStockView>> {
  const ids = productList.map((p) => p.id);
  const [stock, waiting] = await Promise.all([productStock(getDatabase(), ids, now), waitingCounts(ids)]);
  const result = new Map<number, ProductStockView>();
  for (const product of productList) {
    const current = stock.get(product.id);
    if (!current) continue;
    const variants = current.variants.map((v): VariantStockView => ({
      id: v.id,
      name: variantName(v.options, product.options),
      stock: v.stock,
      held: v.stock === null || v.available === null ? 0 : v.stock - v.available,
      available: v.available,
      waiting: waiting.get(v.id) ?? 0,
    }));
    const tracked = variants.filter((v) => v.available !== null);
    const sum = (values: number[]) => values.reduce((total, n) => total + n, 0);
    result.set(product.id, {
      tracked: tracked.length > 0,
      hasOptions: product.options.length > 0,
      available: tracked.length > 0 ? sum(tracked.map((v) => v.available!)) : null,
      onHand: tracked.length > 0 ? sum(tracked.map((v) => v.stock!)) : null,
      held: sum(variants.map((v) => v.held)),
      waiting: sum(variants.map((v) => v.waiting)),
      soldOut: productAvailable(variants) === 0,
      low: tracked.some((v) => v.available! <= current.threshold),
      threshold: current.threshold,
      variants,
    });
  }
  return result;
}

export type SellerProductWithStock = SellerProductRow & { stock: ProductStockView | null };

/**
 * /dashboard/products: the shop's products with their stock; `lowStock` keeps the products on
 * sale (not archived) with a tracked variant at the threshold or below. `lowCount` is that
 * number whatever the filter (the filter's link says it), `liveCount` the products not archived.
 */
export async function sellerProductsWithStock(
  shopId: number,
  filter: { lowStock: boolean },
): Promise<{ products: SellerProductWithStock[]; lowCount: number; liveCount: number }> {
  const rows = await listSellerProducts(shopId);
  const stock = await productStockViews(rows);
  const withStock = rows.map((row) => ({ ...row, stock: stock.get(row.id) ?? null }));
  const isLow = (p: SellerProductWithStock) => p.archivedAt === null && p.stock?.low === true;
  const low = withStock.filter(isLow);
  return {
    products: filter.lowStock ? low : withStock,
    lowCount: low.length,
    liveCount: rows.filter((p) => p.archivedAt === null).length,
  };
}

/** What a stock movement was, for the history's "what" column. */
export type StockHistoryEntry = {
  id: number;
  at: string;
  kind: StockMovementKind;
  /** The order a sale, release or restock belongs to ("0012"), if any. */
  orderNumber: string | null;
  orderId: number | null;
  variant: string;
  stockDelta: number;
  reservedDelta: number;
  stockAfter: number | null;
  /** Who changed it; null for the shop's own processes (a sale, a hold that ran out). */
  by: string | null;
};

export const STOCK_HISTORY_PAGE_SIZE = 25;

/**
 * A product's stock history, newest first, a page at a time, with its stock now. 404 for
 * another shop's product; archived products keep their history.
 */
export async function productStockHistory(shopId: number, productId: number, page: number) {
  const product = await getSellerProduct(shopId, productId);
  const db = getDatabase();
  const where = and(eq(stockMovements.productId, product.id), eq(stockMovements.shopId, shopId));
  const [rows, [total], stock] = await Promise.all([
    db
      .select({ movement: stockMovements, orderNumber: orders.number, actor: users, variantOptions: productVariants.options })
      .from(stockMovements)
      .innerJoin(productVariants, eq(productVariants.id, stockMovements.variantId))
      .leftJoin(orders, eq(orders.id, stockMovements.orderId))
      .leftJoin(users, eq(users.id, stockMovements.actorUserId))
      .where(where)
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
      .limit(STOCK_HISTORY_PAGE_SIZE)
      .offset((page - 1) * STOCK_HISTORY_PAGE_SIZE),
    db.select({ n: count() }).from(stockMovements).where(where),
    productStockViews([product]),
  ]);
  const entries = rows.map(({ movement: m, orderNumber, actor, variantOptions }): StockHistoryEntry => ({
    id: m.id,
    at: m.createdAt.toISOString(),
    kind: m.kind,
    orderNumber: orderNumber === null ? null : formatOrderNumber(orderNumber),
    orderId: m.orderId,
    variant: variantName(variantOptions, product.options),
    stockDelta: m.stockDelta,
    reservedDelta: m.reservedDelta,
    stockAfter: m.stockAfter,
    by: actor ? displayName(actor) : null,
  }));
  return {
    product: { id: product.id, name: product.name, archived: product.archivedAt !== null },
    stock: stock.get(product.id) ?? null,
    entries,
    count: total?.n ?? 0,
    page,
    pageSize: STOCK_HISTORY_PAGE_SIZE,
  };
}
export type ProductStockHistory = Awaited<ReturnType<typeof productStockHistory>>;
