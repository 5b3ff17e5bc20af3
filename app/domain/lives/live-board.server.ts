import { and, asc, eq, isNull } from "drizzle-orm";
import { formatOrderNumber, listOrders } from "~/domain/orders/orders.server";
import { ordersCsv } from "~/domain/orders/orders-csv.server";
import { getDatabase } from "~db/client";
import { products } from "~db/schema";
import { latestLiveEventId } from "./live-events.server";
import { liveBoardClaims } from "./live-claims.server";
import { pinnedProductStock } from "./live-stock.server";
import { getShopLive, liveWithStats } from "./lives.server";

/** How many orders the board lists (newest first); the export has them all. */
export const LIVE_BOARD_ORDERS = 100;
/** How many products the pin list offers. */
const PIN_CHOICES = 500;

/**
 * Everything the live board shows, in one pass of indexed queries: the live and its
 * figures, its latest orders (newest first, with what the shopper wrote), the catalogue to
 * pin from (with the products' codes), the pinned product's stock, the live's claims and
 * their units per product, and the newest event id (the board's live updates start after it).
 */
export async function liveBoard(shopId: number, liveId: number) {
  // Read first: an event committed while the board renders is then delivered again, not lost.
  const eventCursor = await latestLiveEventId();
  const { live, stats } = await liveWithStats(shopId, liveId);
  const { items } = await listOrders(
    { kind: "live", shopId, liveId },
    { page: 1, page_size: LIVE_BOARD_ORDERS, view: "all", search: undefined },
  );
  const catalogue = await getDatabase()
    .select({ id: products.id, name: products.name, code: products.code, priceCents: products.priceCents, isInStock: products.isInStock })
    .from(products)
    .where(and(eq(products.shopId, shopId), isNull(products.archivedAt)))
    .orderBy(asc(products.name), asc(products.id))
    .limit(PIN_CHOICES);
  return {
    live,
    stats,
    eventCursor,
    orders: items.map((order) => ({
      id: order.id,
      number: formatOrderNumber(order.number),
      createdAt: order.createdAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
      customer: order.fullName,
      handle: order.socialNetworkHandle,
      reference: order.reference,
      content: order.content,
      totalCents: order.totalAmountCents,
      currency: order.currency,
      status: order.status,
      paymentStatus: order.paymentStatus,
      items: order.items.map((i) => ({ name: i.productName, quantity: i.quantity })),
    })),
    catalogue,
    pinned: catalogue.find((p) => p.id === live.pinnedProductId) ?? null,
    pinnedStock: await pinnedProductStock(live),
    ...(await liveBoardClaims(shopId, liveId)),
  };
}

/** All the live's orders (paid or not) as CSV, like the orders export. */
export async function liveOrdersCsv(shopId: number, liveId: number): Promise<string> {
  await getShopLive(shopId, liveId);
  return ordersCsv({ kind: "live", shopId, liveId }, { view: "all", search: undefined });
}
