import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { clientAddressKey } from "~/domain/accounts/rate-limit.server";
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

/**
 * A viewer counts once per live and half hour: reloading the link adds nothing, so the
 * conversion shown to the seller is paid orders per viewer, not per page load. The page is
 * the same bytes for everyone (no cookie), so a viewer is its client address and user agent,
 * remembered by this process only as a keyed hash (the key is random per process) of at most
 * MAX_VIEWERS entries, least recently seen forgotten first (one forgotten counts again).
 */
export const VISIT_WINDOW_MS = 30 * 60 * 1000;
export const MAX_VIEWERS = 50_000;
const viewerKey = crypto.randomBytes(32);
/** Viewer -> when their last visit was counted; a Map iterates oldest first (re-set on each sight). */
const viewers = new Map<string, number>();

function viewerOf(shopId: number, code: string, request: Request, clientAddress: string): string {
  const agent = request.headers.get("User-Agent") ?? "";
  return crypto
    .createHmac("sha256", viewerKey)
    .update(`${shopId}\n${code}\n${clientAddressKey(clientAddress)}\n${agent}`)
    .digest("base64url")
    .slice(0, 22);
}

/** Counts a page load of a live's link, once per viewer and half hour (written by `flushLiveVisits`; an unknown code adds to nothing). */
export function recordLiveVisit(shopId: number, code: string, request: Request, clientAddress: string, now = Date.now()): void {
  if (!isShopPageLoad(request)) return;
  const viewer = viewerOf(shopId, code, request, clientAddress);
  const countedAt = viewers.get(viewer);
  viewers.delete(viewer);
  if (countedAt !== undefined && now - countedAt < VISIT_WINDOW_MS) {
    viewers.set(viewer, countedAt);
    return;
  }
  viewers.set(viewer, now);
  if (viewers.size > MAX_VIEWERS) viewers.delete(viewers.keys().next().value!);
  const key = `${shopId}|${code}`;
  const entry = pending.get(key);
  if (entry) entry.visits += 1;
  else pending.set(key, { shopId, code, visits: 1 });
}

/** How many viewers this process remembers (tests: the memory stays bounded). */
export function rememberedViewers(): number {
  return viewers.size;
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
