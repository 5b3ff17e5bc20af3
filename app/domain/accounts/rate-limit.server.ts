import net from "node:net";
import { and, asc, count, eq, gte, inArray, lt } from "drizzle-orm";
import { getDatabase, lockKey, writeTransaction, type Queryable } from "~db/client";
import { rateLimitEvents } from "~db/schema";

/**
 * Sliding-window limits stored as rows (no process memory, so several app processes
 * share them): `hits` in the last `windowMs` for a key.
 */
export type RateLimit = { limit: number; windowMs: number };

export async function rateLimitStatus(key: string, { limit, windowMs }: RateLimit, now = Date.now(), db: Queryable = getDatabase()) {
  const since = new Date(now - windowMs);
  const [row] = await db
    .select({ n: count() })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.key, key), gte(rateLimitEvents.createdAt, since)));
  const hits = row?.n ?? 0;
  if (hits < limit) return { limited: false as const, retryAfterSeconds: 0 };
  const [oldest] = await db
    .select({ createdAt: rateLimitEvents.createdAt })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.key, key), gte(rateLimitEvents.createdAt, since)))
    .orderBy(asc(rateLimitEvents.createdAt))
    .limit(1);
  const freeAt = (oldest?.createdAt.getTime() ?? now) + windowMs;
  return { limited: true as const, retryAfterSeconds: Math.max(1, Math.ceil((freeAt - now) / 1000)) };
}

export async function recordHit(key: string, windowMs: number, now = Date.now()): Promise<void> {
  const db = getDatabase();
  await db.insert(rateLimitEvents).values({ key, createdAt: new Date(now) });
  // Forget what no window can see any more.
  await db.delete(rateLimitEvents).where(and(eq(rateLimitEvents.key, key), lt(rateLimitEvents.createdAt, new Date(now - windowMs))));
}

export async function clearHits(key: string): Promise<void> {
  await getDatabase().delete(rateLimitEvents).where(eq(rateLimitEvents.key, key));
}

/** One counter a request counts against: `limit` hits per `windowMs` under `key`. */
export type LimitRule = RateLimit & { key: string };

export type TakenHits = { limited: false; hitIds: number[] } | { limited: true; retryAfterSeconds: number };

/**
 * Counts a request against every rule *before* the work it guards, in one write
 * transaction: if any rule is full nothing is recorded and the caller is refused, else
 * a hit is recorded for each rule. Checking and recording apart (read the limit, do the
 * work, record a failure) let N parallel requests all read "under the limit"; here at
 * most `limit` of them get through. The hit ids let a caller take back hits that turned
 * out not to count (a successful login is not a failure).
 */
export async function takeHits(rules: LimitRule[], now = Date.now()): Promise<TakenHits> {
  return writeTransaction(async (tx): Promise<TakenHits> => {
    // Parallel requests of one client count one after the other (sorted: no lock-order deadlock).
    for (const key of [...new Set(rules.map((rule) => rule.key))].sort()) await lockKey(tx, `rate-limit:${key}`);
    let retryAfterSeconds = 0;
    for (const rule of rules) {
      const status = await rateLimitStatus(rule.key, rule, now, tx);
      if (status.limited) retryAfterSeconds = Math.max(retryAfterSeconds, status.retryAfterSeconds);
    }
    if (retryAfterSeconds > 0) return { limited: true as const, retryAfterSeconds };
    const hitIds: number[] = [];
    for (const rule of rules) {
      const [hit] = await tx
        .insert(rateLimitEvents)
        .values({ key: rule.key, createdAt: new Date(now) })
        .returning({ id: rateLimitEvents.id });
      hitIds.push(hit!.id);
    }
    for (const rule of rules) {
      await tx
        .delete(rateLimitEvents)
        .where(and(eq(rateLimitEvents.key, rule.key), lt(rateLimitEvents.createdAt, new Date(now - rule.windowMs))));
    }
    return { limited: false as const, hitIds };
  });
}

/** Takes back hits recorded by `takeHits`. */
export async function releaseHits(hitIds: number[]): Promise<void> {
  if (hitIds.length > 0) await getDatabase().delete(rateLimitEvents).where(inArray(rateLimitEvents.id, hitIds));
}

/**
 * The part of a client address that one client controls, as a rate-limit key. An IPv4
 * address is one client; an IPv6 client usually holds a whole /64 and can pick any address
 * in it, so the /64 prefix is the key (else every new address would start a fresh count).
 */
export function clientAddressKey(address: string): string {
  const mappedV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mappedV4) return mappedV4[1]!;
  const withoutZone = address.split("%")[0]!;
  if (!net.isIPv6(withoutZone)) return address;
  return `${expandIPv6(withoutZone).slice(0, 4).join(":")}::/64`;
}

/** The eight 16-bit groups of an IPv6 address, as lower-case hex without leading zeros. */
function expandIPv6(address: string): string[] {
  const [head = "", tail] = address.toLowerCase().split("::");
  const groups = (part: string) => (part ? part.split(":") : []);
  const toGroups = (part: string) =>
    groups(part).flatMap((group) => {
      // An embedded IPv4 tail (`::1.2.3.4`) is two groups.
      if (!group.includes(".")) return [group];
      const [a = 0, b = 0, c = 0, d = 0] = group.split(".").map(Number);
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)];
    });
  const left = toGroups(head);
  const right = tail === undefined ? [] : toGroups(tail);
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => "0");
  return [...left, ...(tail === undefined ? [] : zeros), ...right].map((group) => parseInt(group, 16).toString(16));
}
