import { eq, sql } from "drizzle-orm";
import { isShopPageLoad } from "~/domain/shops/views.server";
import { writeTransaction } from "~db/client";
import { lives } from "~db/schema";

/**
 * Visits of live links counted since the last flush, per live: during a live every viewer
 * opens the link in the same minute, and a write per visit would queue their pages behind
 * the database writer (the same reason as the shop's page views).
 */
const pending = new Map<number, number>();

/** Counts a page load of a live's link (written by `flushLiveVisits`). */
export function recordLiveVisit(liveId: number, request: Request): void {
  if (!isShopPageLoad(request)) return;
  pending.set(liveId, (pending.get(liveId) ?? 0) + 1);
}

/** Visits this node counted and has not written yet (the live's figures add them). */
export function pendingLiveVisits(liveId: number): number {
  return pending.get(liveId) ?? 0;
}

/** Adds the counted visits in one transaction; a failed write drops its batch (a counter, not an order). */
export async function flushLiveVisits(): Promise<void> {
  if (pending.size === 0) return;
  const batch = [...pending];
  pending.clear();
  await writeTransaction(async (tx) => {
    for (const [liveId, visits] of batch) {
      await tx
        .update(lives)
        .set({ visits: sql`${lives.visits} + ${visits}` })
        .where(eq(lives.id, liveId));
    }
  });
}
