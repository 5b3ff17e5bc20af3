import { randomInt } from "node:crypto";
import { and, count, desc, eq, inArray, isNull, ne, sql, sum } from "drizzle-orm";
import { ConflictError, NotFoundError, ValidationError } from "~/domain/errors.server";
import { PAID_PAYMENT_STATUSES, UNPAID_PAYMENT_STATUSES } from "~/domain/orders/payment-state";
import { REFUND_EVENT_KINDS, refundedCentsOfEvent } from "~/domain/orders/refund-events.server";
import { centsToDecimalString } from "~/lib/money";
import type { NewLive } from "~/schemas/lives";
import { isUniqueViolation } from "~db/errors";
import { getDatabase, writeTransaction } from "~db/client";
import { lives, orderEvents, orders, products, type Live } from "~db/schema";
import { markShopContentChanged } from "~/domain/shops/content-version.server";
import { recordLiveEvent } from "./live-events.server";
import { pendingLiveVisits } from "./visits.server";

/**
 * A live's code: six characters a viewer can read off a stream and type (no 0/o, 1/l/i),
 * about 887 million of them; unique in its shop, whose host the link is on.
 */
const CODE_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const CODE_LENGTH = 6;
export const LIVE_CODE_PATTERN = /^[a-z2-9]{6}$/;

function newLiveCode(): string {
  let code = "";
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** The live's public link, on the shop's address (`shopPublicUrl`: its primary domain when it has one). */
export function liveUrl(shopUrl: string, code: string): string {
  return `${shopUrl}/live/${code}`;
}

/** Starts a live: it gets its code, and its link opens at once. */
export async function createLive(shopId: number, input: NewLive, now = new Date()): Promise<Live> {
  for (let attempt = 0; ; attempt++) {
    try {
      const [live] = await writeTransaction((tx) =>
        tx
          .insert(lives)
          .values({
            shopId,
            code: newLiveCode(),
            title: input.title,
            platform: input.platform,
            language: input.language,
            scheduledAt: input.scheduledAt,
            chatChannel: input.chatChannel ?? null,
            createdAt: now,
          })
          .returning(),
      );
      return live!;
    } catch (error) {
      // Two lives of one shop drew the same code: draw again.
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

/** The seller's live, NotFound when it is another shop's. */
export async function getShopLive(shopId: number, liveId: number): Promise<Live> {
  const [live] = await getDatabase()
    .select()
    .from(lives)
    .where(and(eq(lives.id, liveId), eq(lives.shopId, shopId)))
    .limit(1);
  if (!live) throw new NotFoundError("lives.not_found");
  return live;
}

/** What a live's figures are: visits of its link, checkouts started and paid, revenue (net of refunds). */
export type LiveStats = {
  visits: number;
  checkouts: number;
  paidOrders: number;
  openCheckouts: number;
  revenueCents: number;
  /** Paid orders per visit (0 to 1); null before the first visit. */
  conversion: number | null;
};

/** The figures of several lives in two grouped, indexed queries. */
export async function liveStats(list: Pick<Live, "id" | "shopId" | "code" | "visits">[]): Promise<Map<number, LiveStats>> {
  const ids = list.map((l) => l.id);
  // Only the live's own shop's orders count, whatever an order's live_id says.
  const ofItsShop = inArray(orders.shopId, [...new Set(list.map((l) => l.shopId))]);
  const result = new Map<number, LiveStats>();
  if (ids.length === 0) return result;
  const db = getDatabase();
  const paid = inArray(orders.paymentStatus, [...PAID_PAYMENT_STATUSES]);
  // Open: not paid yet and still payable (neither canceled nor the order cancelled).
  const open = and(
    inArray(
      orders.paymentStatus,
      UNPAID_PAYMENT_STATUSES.filter((s) => s !== "canceled"),
    ),
    ne(orders.status, "cancelled"),
  );
  const rows = await db
    .select({
      liveId: orders.liveId,
      checkouts: count(),
      paidOrders: sql<number>`sum(case when ${paid} then 1 else 0 end)`.mapWith(Number),
      openCheckouts: sql<number>`sum(case when ${open} then 1 else 0 end)`.mapWith(Number),
      grossCents: sql<number>`sum(case when ${paid} then ${orders.totalAmountCents} else 0 end)`.mapWith(Number),
    })
    .from(orders)
    .where(and(inArray(orders.liveId, ids), ofItsShop))
    .groupBy(orders.liveId);
  // Refunds net of those that failed after they were counted.
  const refunds = await db
    .select({
      liveId: orders.liveId,
      cents: sum(refundedCentsOfEvent).mapWith(Number),
    })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(and(inArray(orders.liveId, ids), ofItsShop, inArray(orderEvents.kind, [...REFUND_EVENT_KINDS])))
    .groupBy(orders.liveId);
  const refunded = new Map(refunds.map((r) => [r.liveId, r.cents ?? 0]));
  const byLive = new Map(rows.map((r) => [r.liveId, r]));
  for (const live of list) {
    const row = byLive.get(live.id);
    // This node's visits of the last few seconds count too.
    const visits = live.visits + pendingLiveVisits(live.shopId, live.code);
    const paidOrders = row?.paidOrders ?? 0;
    result.set(live.id, {
      visits,
      checkouts: row?.checkouts ?? 0,
      paidOrders,
      openCheckouts: row?.openCheckouts ?? 0,
      revenueCents: (row?.grossCents ?? 0) - (refunded.get(live.id) ?? 0),
      conversion: visits > 0 ? Math.min(1, paidOrders / visits) : null,
    });
  }
  return result;
}

const NO_STATS: LiveStats = { visits: 0, checkouts: 0, paidOrders: 0, openCheckouts: 0, revenueCents: 0, conversion: null };

/** A shop's lives, newest first, with their figures (`offset` for the API's pages). */
export async function listLives(shopId: number, limit = 100, offset = 0): Promise<{ live: Live; stats: LiveStats }[]> {
  const rows = await getDatabase()
    .select()
    .from(lives)
    .where(eq(lives.shopId, shopId))
    .orderBy(desc(lives.createdAt), desc(lives.id))
    .limit(limit)
    .offset(offset);
  const stats = await liveStats(rows);
  return rows.map((live) => ({ live, stats: stats.get(live.id) ?? NO_STATS }));
}

/** How many lives the shop has run. */
export async function countLives(shopId: number): Promise<number> {
  const [row] = await getDatabase().select({ n: count() }).from(lives).where(eq(lives.shopId, shopId));
  return row?.n ?? 0;
}

/** One live with its figures. */
export async function liveWithStats(shopId: number, liveId: number): Promise<{ live: Live; stats: LiveStats }> {
  const live = await getShopLive(shopId, liveId);
  const stats = await liveStats([live]);
  return { live, stats: stats.get(live.id) ?? NO_STATS };
}

/** Ends a live: its link then says so. Ending an ended live changes nothing. */
export async function endLive(shopId: number, liveId: number, now = new Date()): Promise<Live> {
  const live = await getShopLive(shopId, liveId);
  if (live.endedAt) return live;
  const ended = await writeTransaction(async (tx) => {
    const [row] = await tx
      .update(lives)
      .set({ endedAt: now, updatedAt: now })
      .where(and(eq(lives.id, live.id), isNull(lives.endedAt)))
      .returning();
    // Ended meanwhile by another request: that one recorded the event.
    if (!row) return live;
    await recordLiveEvent(tx, live.id, "end");
    return row;
  });
  // The link's page is kept by the page cache: it must not serve the open live any more.
  await markShopContentChanged(shopId);
  return ended;
}

/**
 * Pins a product of the shop's catalogue on the live (null unpins): every viewer's live page
 * shows it. An archived product or another shop's is refused; so is an ended live.
 */
export async function pinLiveProduct(shopId: number, liveId: number, productId: number | null, now = new Date()): Promise<Live> {
  const live = await getShopLive(shopId, liveId);
  if (live.endedAt) throw new ConflictError("lives.errors.ended");
  if (productId !== null) {
    const [product] = await getDatabase()
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, productId), eq(products.shopId, shopId), isNull(products.archivedAt)))
      .limit(1);
    if (!product) throw new ValidationError("lives.errors.product", { product_id: ["lives.errors.product"] });
  }
  const pinned = await writeTransaction(async (tx) => {
    // Still open: a live ended since the check above is refused as one ended before it.
    const [row] = await tx
      .update(lives)
      .set({ pinnedProductId: productId, updatedAt: now })
      .where(and(eq(lives.id, live.id), isNull(lives.endedAt)))
      .returning();
    if (!row) throw new ConflictError("lives.errors.ended");
    await recordLiveEvent(tx, live.id, "pin");
    return row;
  });
  // The link's page is kept by the page cache: it must show the new pin.
  await markShopContentChanged(shopId);
  return pinned;
}

/**
 * The one-time reminder to this live's unpaid checkouts, `delayMinutes` after each started
 * (null: none). Each checkout is reminded once, whenever the delay is set or changed.
 */
export async function setLiveReminder(shopId: number, liveId: number, delayMinutes: number | null, now = new Date()): Promise<Live> {
  const live = await getShopLive(shopId, liveId);
  const [updated] = await writeTransaction((tx) =>
    tx.update(lives).set({ reminderDelayMinutes: delayMinutes, updatedAt: now }).where(eq(lives.id, live.id)).returning(),
  );
  return updated!;
}

/**
 * The Twitch channel whose chat is read while the live runs (null: none). Only a Twitch live
 * has one; an ended live is not read any more. The reader's lease is given up, so the node
 * that takes the live next reads the new channel.
 */
export async function setLiveChatChannel(shopId: number, liveId: number, chatChannel: string | null, now = new Date()): Promise<Live> {
  const live = await getShopLive(shopId, liveId);
  if (live.endedAt) throw new ConflictError("lives.errors.ended");
  if (chatChannel !== null && live.platform !== "twitch") {
    throw new ValidationError("lives.errors.chat_channel_platform", { chat_channel: ["lives.errors.chat_channel_platform"] });
  }
  if (chatChannel === live.chatChannel) return live;
  const [updated] = await writeTransaction((tx) =>
    tx.update(lives).set({ chatChannel, chatReader: null, chatReaderUntil: null, updatedAt: now }).where(eq(lives.id, live.id)).returning(),
  );
  return updated!;
}

/** A live as its shop's viewers see it: open or ended, with the pinned product if it is still sold. */
export async function publicLive(shopId: number, code: string) {
  if (!LIVE_CODE_PATTERN.test(code)) return null;
  const [row] = await getDatabase()
    .select({ live: lives, product: products })
    .from(lives)
    .leftJoin(products, and(eq(products.id, lives.pinnedProductId), isNull(products.archivedAt)))
    .where(and(eq(lives.shopId, shopId), eq(lives.code, code)))
    .limit(1);
  if (!row) return null;
  const { live, product } = row;
  return {
    id: live.id,
    code: live.code,
    title: live.title,
    platform: live.platform,
    ended: live.endedAt !== null,
    pinned: product
      ? {
          id: product.id,
          name: product.name,
          code: product.code,
          description: product.description,
          priceCents: product.priceCents,
          imageUrl: product.imagePath,
          isInStock: product.isInStock,
        }
      : null,
  };
}
export type PublicLive = NonNullable<Awaited<ReturnType<typeof publicLive>>>;

/** The API's live. */
export function liveResource(live: Live, stats: LiveStats, shopUrl: string) {
  return {
    id: live.id,
    code: live.code,
    title: live.title,
    platform: live.platform,
    language: live.language,
    chat_channel: live.chatChannel,
    url: liveUrl(shopUrl, live.code),
    status: live.endedAt ? ("ended" as const) : ("live" as const),
    scheduled_at: live.scheduledAt?.toISOString() ?? null,
    started_at: live.createdAt.toISOString(),
    ended_at: live.endedAt?.toISOString() ?? null,
    pinned_product_id: live.pinnedProductId,
    reminder_delay_minutes: live.reminderDelayMinutes,
    stats: {
      visits: stats.visits,
      checkouts_started: stats.checkouts,
      paid_orders: stats.paidOrders,
      open_checkouts: stats.openCheckouts,
      revenue: centsToDecimalString(stats.revenueCents),
      conversion_rate: stats.conversion === null ? null : Math.round(stats.conversion * 10_000) / 10_000,
    },
  };
}
