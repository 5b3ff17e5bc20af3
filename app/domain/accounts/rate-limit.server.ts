import { and, asc, count, eq, gte, lt } from "drizzle-orm";
import { getDatabase } from "~db/client";
import { rateLimitEvents } from "~db/schema";

/**
 * Sliding-window limits stored as rows (no process memory, so several app processes
 * share them): `hits` in the last `windowMs` for a key.
 */
export type RateLimit = { limit: number; windowMs: number };

export function rateLimitStatus(key: string, { limit, windowMs }: RateLimit, now = Date.now()) {
  const db = getDatabase();
  const since = new Date(now - windowMs);
  const [row] = db
    .select({ n: count() })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.key, key), gte(rateLimitEvents.createdAt, since)))
    .all();
  const hits = row?.n ?? 0;
  if (hits < limit) return { limited: false as const, retryAfterSeconds: 0 };
  const oldest = db
    .select({ createdAt: rateLimitEvents.createdAt })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.key, key), gte(rateLimitEvents.createdAt, since)))
    .orderBy(asc(rateLimitEvents.createdAt))
    .limit(1)
    .get();
  const freeAt = (oldest?.createdAt.getTime() ?? now) + windowMs;
  return { limited: true as const, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now) / 1000)) };
}

export function recordHit(key: string, windowMs: number, now = Date.now()): void {
  const db = getDatabase();
  db.insert(rateLimitEvents).values({ key, createdAt: new Date(now) }).run();
  // Forget what no window can see any more.
  db.delete(rateLimitEvents)
    .where(and(eq(rateLimitEvents.key, key), lt(rateLimitEvents.createdAt, new Date(now - windowMs))))
    .run();
}

export function clearHits(key: string): void {
  getDatabase().delete(rateLimitEvents).where(eq(rateLimitEvents.key, key)).run();
}
