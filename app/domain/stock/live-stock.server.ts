import { eq } from "drizzle-orm";
import type { StockLabel } from "~/lib/stock-label";
import { getDatabase } from "~db/client";
import { lives, products } from "~db/schema";
import { productStock } from "./holds.server";
import { shopperStock } from "./shopper-stock.server";

/**
 * The pinned product's stock as a live's viewers see it, pushed over the live's event stream
 * (issue 27): during a drop holds and sales are many per second, so viewers do not reload
 * their page on each; the label travels in the event itself. It is read once per event per
 * node whatever the number of viewers: the events of one read of the live events (a batch)
 * share one read, and the reads of a live run one after the other, so every viewer gets
 * them in order. Each viewer is sent the stock when it connects, then only when it changed.
 */
export type PinnedStock = {
  product: number;
  label: StockLabel;
  /** Nothing is left of it, counted: the page offers the waitlist. */
  waitlist: boolean;
};

/** The live's pinned product's stock now (null: nothing pinned, or the product is gone). */
export async function readPinnedStock(liveId: number, now = new Date()): Promise<PinnedStock | null> {
  const [row] = await getDatabase()
    .select({ productId: products.id, priceCents: products.priceCents, isInStock: products.isInStock, archivedAt: products.archivedAt })
    .from(lives)
    .innerJoin(products, eq(products.id, lives.pinnedProductId))
    .where(eq(lives.id, liveId))
    .limit(1);
  if (!row || row.archivedAt) return null;
  const shown = shopperStock(row, (await productStock(getDatabase(), [row.productId], now)).get(row.productId));
  return { product: row.productId, label: shown.label, waitlist: shown.waitlist };
}

type Read = { covers: number; started: number | null; promise: Promise<PinnedStock | null> };
/** Per live, the latest read of its pinned stock (started, or waiting for its batch of events to end). */
const reads = new Map<number, Read>();
const MAX_LIVES = 1000;
/** A viewer who connects gets the latest read when it is this fresh (300 viewers arriving at once: a few reads). */
const CONNECT_FRESH_MS = 1000;

/**
 * The pinned stock as of the live's event `eventId` or later (`"connect"`: as of now, give
 * or take a second). Events delivered together share one read, which starts once they all
 * are (the next turn of the event loop); a read asked while another runs waits for it, so
 * the reads of a live end in the order they began.
 */
export function pinnedStockAfter(liveId: number, eventId: number | "connect"): Promise<PinnedStock | null> {
  const latest = reads.get(liveId);
  if (latest) {
    if (latest.started === null) {
      if (eventId !== "connect") latest.covers = Math.max(latest.covers, eventId);
      return latest.promise;
    }
    if (eventId === "connect" ? Date.now() - latest.started < CONNECT_FRESH_MS : latest.covers >= eventId) return latest.promise;
  }
  const read: Read = { covers: eventId === "connect" ? (latest?.covers ?? 0) : eventId, started: null, promise: Promise.resolve(null) };
  const before = latest?.promise.catch(() => null) ?? Promise.resolve(null);
  read.promise = before
    .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
    .then(() => {
      read.started = Date.now();
      return readPinnedStock(liveId);
    });
  if (reads.size >= MAX_LIVES && !reads.has(liveId)) reads.delete(reads.keys().next().value!);
  reads.set(liveId, read);
  return read.promise;
}

/**
 * One viewer's stream: sends the pinned stock (JSON) at once, then `onEvent(id)` for each
 * `stock` event of the live sends it again when it differs from what this viewer last got.
 */
export function pinnedStockFeed(
  liveId: number,
  send: (json: string) => void,
  onError: (error: unknown) => void,
): (eventId: number) => void {
  let last: string | null = null;
  const deliver = (read: Promise<PinnedStock | null>) =>
    read.then((stock) => {
      const json = JSON.stringify(stock);
      if (json === last) return;
      last = json;
      send(json);
    }, onError);
  void deliver(pinnedStockAfter(liveId, "connect"));
  return (eventId) => void deliver(pinnedStockAfter(liveId, eventId));
}

/** For tests: forget the reads in progress. */
export function resetPinnedStockReads(): void {
  reads.clear();
}
