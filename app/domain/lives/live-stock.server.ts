import { and, eq, inArray, ne, sum } from "drizzle-orm";
import { ConflictError } from "~/domain/errors.server";
import { PAID_PAYMENT_STATUSES } from "~/domain/orders/payment-state";
import { productStockViews, type VariantStockView } from "~/domain/stock/seller-stock.server";
import { changeStock, type StockFigures } from "~/domain/stock/stock.server";
import type { BoardStockInput } from "~/schemas/stock-admin";
import { getDatabase } from "~db/client";
import { orderItems, orders, products, type Live } from "~db/schema";
import { getShopLive } from "./lives.server";

/** A variant of the pinned product on the board: its units now, and how many this live sold. */
export type BoardVariantStock = VariantStockView & { sold: number };

/** The pinned product's stock as the live board shows it (docs/lives.md). */
export type BoardStock = {
  productId: number;
  hasOptions: boolean;
  tracked: boolean;
  threshold: number;
  variants: BoardVariantStock[];
  /** Units of the product this live's paid orders bought (cancelled ones aside). */
  sold: number;
};

/**
 * The pinned product's units: on hand, held for unpaid checkouts, left, shoppers waiting,
 * and sold during this live, per variant. Read with the board, so it follows the live's
 * `stock` and `order` events like the rest of the board.
 */
export async function pinnedProductStock(live: Pick<Live, "id" | "shopId" | "pinnedProductId">): Promise<BoardStock | null> {
  if (live.pinnedProductId === null) return null;
  const db = getDatabase();
  const [product] = await db
    .select({ id: products.id, options: products.options })
    .from(products)
    .where(and(eq(products.id, live.pinnedProductId), eq(products.shopId, live.shopId)))
    .limit(1);
  if (!product) return null;
  const [views, soldRows] = await Promise.all([
    productStockViews([product]),
    db
      .select({ variantId: orderItems.variantId, units: sum(orderItems.quantity).mapWith(Number) })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          eq(orders.liveId, live.id),
          eq(orders.shopId, live.shopId),
          eq(orderItems.productId, product.id),
          inArray(orders.paymentStatus, [...PAID_PAYMENT_STATUSES]),
          ne(orders.status, "cancelled"),
        ),
      )
      .groupBy(orderItems.variantId),
  ]);
  const view = views.get(product.id);
  if (!view) return null;
  const sold = new Map(soldRows.map((row) => [row.variantId, row.units]));
  const variants = view.variants.map((v) => ({ ...v, sold: sold.get(v.id) ?? 0 }));
  return {
    productId: product.id,
    hasOptions: view.hasOptions,
    tracked: view.tracked,
    threshold: view.threshold,
    variants,
    sold: soldRows.reduce((total, row) => total + row.units, 0),
  };
}

/**
 * The board's "+N": units the seller found for the pinned product during the live. Refused
 * when the live ended or the pin changed since the board was drawn (the form names the
 * product it showed), so units never land on a product the seller did not see. The change
 * itself is the seller's stock change (history, waitlist offers, the live's `stock` event).
 */
export async function addPinnedStock(
  shopId: number,
  liveId: number,
  input: BoardStockInput,
  actorUserId: number,
): Promise<StockFigures & { variantName: string }> {
  const live = await getShopLive(shopId, liveId);
  if (live.endedAt) throw new ConflictError("lives.errors.ended");
  const stock = live.pinnedProductId === input.productId ? await pinnedProductStock(live) : null;
  if (!stock) throw new ConflictError("stock_admin.board.errors.pin_changed");
  const variant = stock.hasOptions ? stock.variants.find((v) => v.id === input.variantId) : stock.variants[0];
  if (!variant) throw new ConflictError("stock_admin.board.errors.pin_changed");
  const figures = await changeStock(
    shopId,
    stock.productId,
    { variantId: stock.hasOptions ? variant.id : null, adjust: input.quantity },
    actorUserId,
  );
  return { ...figures, variantName: variant.name };
}
