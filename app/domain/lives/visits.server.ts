import { and, eq, sql } from "drizzle-orm";
import { isShopPageLoad } from "~/domain/shops/views.server";
import { writeTransaction } from "~db/client";
import { lives } from "~db/schema";

/**
 * Visits of live links counted since the last flush, per shop and code: during a live every
 * viewer opens the link in the same minute, and a write per visit would queue their pages
 * behind the database writer (the same reason as the shop's page views). Counted by code, so
 * that the page cache can count the pages it serves without looking the live up.
 */
const pending = new Map<string, { shopId: number; code: string; visits: number }>();

/** Counts a page load of a live's link (written by `flushLiveVisits`; an unknown code adds to nothing). */
export function recordLiveVisit(shopId: number, code: string, request: Request): void {
  if (!isShopPageLoad(request)) return;
  const key = `${shopId}|${code}`;
  const entry = pending.get(key);
  if (entry) entry.visits += 1;
  else pending.set(key, { shopId, code, visits: 1 });
}

/** Visits this node counted and has not written yet (the live's figures add them). */
export function pendingLiveVisits(shopId: number, code: string): number {
  return pending.get(`${shopId}|${code}`)?.visits ?? 0;
}

/** Adds the counted visits in one transaction; a failed write drops its batch (a counter, not an order). */
export async function flushLiveVisits(): Promise<void> {
  if (pending.size === 0) return;
  const batch = Array.from(pending, ([, entry]) => entry);
  pending.clear();
  await writeTransaction(async (tx) => {
    for (const { shopId, code, visits } of batch) {
      await tx
        .update(lives)
        .set({ visits: sql`${lives.visits} + ${visits}` })
        .where(and(eq(lives.shopId, shopId), eq(lives.code, code)));
    }
  });
}
