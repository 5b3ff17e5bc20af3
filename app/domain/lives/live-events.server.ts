import { and, eq, gt, lt, max, asc } from "drizzle-orm";
import { logger } from "~/lib/logger.server";
import { getDatabase, type Transaction } from "~db/client";
import { liveEvents } from "~db/schema";

/**
 * What changed in a live, for the screens that show it as it happens: `order` (placed, paid,
 * refunded or cancelled), `pin` (the pinned product changed), `end`, `stock` (the pinned product's units moved).
 */
export type LiveEventKind = "order" | "pin" | "end" | "stock" | "claim";
export type LiveEvent = { id: number; liveId: number; kind: LiveEventKind };
type Listener = (event: LiveEvent) => void;

/**
 * Recorded in the transaction that makes the change, so an event exists exactly when the
 * change was committed, whichever node made it.
 */
export async function recordLiveEvent(tx: Transaction, liveId: number, kind: LiveEventKind): Promise<void> {
  await tx.insert(liveEvents).values({ liveId, kind });
}

/**
 * One reader per node. While some screen on this node watches a live, the node reads the
 * events table every POLL_MS (one indexed range query, whatever the number of screens) and
 * hands each new event to the screens watching its live. The events table works the same on
 * SQLite and PostgreSQL and across nodes; a PostgreSQL `LISTEN` would save the half-second
 * but needs a connection held per node outside the pool (see docs/lives.md).
 */
const POLL_MS = 500;
const BATCH = 2000;
/**
 * PostgreSQL hands out ids when a transaction inserts, not when it commits, so an id may
 * become visible after a higher one. The reader remembers what it delivered above its
 * cursor and waits this long for a missing id (a rolled-back insert never comes) before
 * moving past it.
 */
const GAP_WAIT_MS = 10_000;

const listeners = new Map<number, Set<Listener>>();
let cursor: number | null = null;
const deliveredAboveCursor = new Set<number>();
const gapsSince = new Map<number, number>();
let timer: NodeJS.Timeout | null = null;
let reading: Promise<void> | null = null;
let starting: Promise<void> | null = null;

/**
 * Calls `listener` with every event of the live committed from now on (by any node);
 * resolves, once the node's reader knows where "now" is, to the unsubscribe.
 */
export async function subscribeToLive(liveId: number, listener: Listener): Promise<() => void> {
  let set = listeners.get(liveId);
  if (!set) listeners.set(liveId, (set = new Set()));
  set.add(listener);
  const unsubscribe = () => {
    set.delete(listener);
    if (set.size === 0 && listeners.get(liveId) === set) listeners.delete(liveId);
    if (listeners.size === 0) stopReading();
  };
  if (cursor === null) {
    starting ??= latestLiveEventId()
      .then((id) => {
        if (cursor === null && listeners.size > 0) cursor = id;
      })
      .finally(() => (starting = null));
    await starting;
  }
  startReading();
  return unsubscribe;
}

/** The newest event id (a screen rendered now has seen everything up to it). */
export async function latestLiveEventId(): Promise<number> {
  const [row] = await getDatabase()
    .select({ id: max(liveEvents.id) })
    .from(liveEvents);
  return row?.id ?? 0;
}

/** Whether the live changed after the event a screen was rendered at (it then reloads at once). */
export async function liveChangedSince(liveId: number, eventId: number): Promise<boolean> {
  const [row] = await getDatabase()
    .select({ id: liveEvents.id })
    .from(liveEvents)
    .where(and(eq(liveEvents.liveId, liveId), gt(liveEvents.id, eventId)))
    .limit(1);
  return row !== undefined;
}

/** Events are signals, not history: those older than a day go (the housekeeping sweep). */
export async function pruneLiveEvents(now = new Date()): Promise<void> {
  await getDatabase()
    .delete(liveEvents)
    .where(lt(liveEvents.createdAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
}

function startReading(): void {
  if (timer) return;
  timer = setInterval(() => {
    if (reading) return;
    reading = readEvents()
      .catch((error: unknown) => logger().error({ err: error }, "reading live events failed"))
      .finally(() => (reading = null));
  }, POLL_MS);
  timer.unref();
}

function stopReading(): void {
  if (timer) clearInterval(timer);
  timer = null;
  cursor = null;
  deliveredAboveCursor.clear();
  gapsSince.clear();
}

/** One read: deliver what is new, then move the cursor over what was delivered or given up on. */
export async function readEvents(now = Date.now()): Promise<void> {
  if (cursor === null) {
    // Screens subscribe after rendering what the database held: only later events matter.
    cursor = await latestLiveEventId();
    return;
  }
  const rows = await getDatabase()
    .select({ id: liveEvents.id, liveId: liveEvents.liveId, kind: liveEvents.kind })
    .from(liveEvents)
    .where(gt(liveEvents.id, cursor))
    .orderBy(asc(liveEvents.id))
    .limit(BATCH);
  let highest = cursor;
  for (const row of rows) {
    highest = Math.max(highest, row.id);
    if (deliveredAboveCursor.has(row.id)) continue;
    deliveredAboveCursor.add(row.id);
    for (const listener of listeners.get(row.liveId) ?? []) {
      try {
        listener(row);
      } catch (error) {
        logger().error({ err: error }, "a live event listener failed");
      }
    }
  }
  // Move over delivered ids and over gaps older than GAP_WAIT_MS; stop at a fresh gap.
  let next = cursor + 1;
  while (next <= highest) {
    if (deliveredAboveCursor.delete(next)) {
      gapsSince.delete(next);
    } else {
      const since = gapsSince.get(next) ?? now;
      gapsSince.set(next, since);
      if (now - since < GAP_WAIT_MS) break;
      gapsSince.delete(next);
    }
    cursor = next;
    next += 1;
  }
}

/** For tests: forget the reader's state (each test starts without screens). */
export function resetLiveEventReader(): void {
  listeners.clear();
  stopReading();
}
