import { and, desc, eq, inArray, max, sql } from "drizzle-orm";
import { claimFromComment, liveClaims, type ClaimOutcome, type ClaimRefusal, type ClaimResource } from "~/domain/claims/claims.server";
import { DomainError } from "~/domain/errors.server";
import { PAID_PAYMENT_STATUSES } from "~/domain/orders/payment-state";
import { messageKey } from "~/lib/messages";
import type { BoardClaim } from "~/schemas/lives";
import { getDatabase } from "~db/client";
import { claims, orders, products } from "~db/schema";

/** How many claims the board lists (newest first); the API lists them all. */
export const LIVE_BOARD_CLAIMS = 100;

/** Units claimed in a live for one product: held (not paid yet, hold running), paid, waiting for a unit. */
export type ProductClaimCounts = { productId: number; name: string; code: string | null; held: number; paid: number; waiting: number };

/**
 * Per product claimed in the live (most recently claimed first), its units held, paid and
 * waiting, in one grouped query on the live's claims. Paid is read from the claim's order,
 * and a held claim past its end counts no more (as `liveClaims` shows it expired).
 */
export async function liveClaimCounts(shopId: number, liveId: number, now = new Date()): Promise<ProductClaimCounts[]> {
  // Never null (a claim without an order is not paid), so that "not paid" holds for it.
  const paid = sql`(${claims.status} = 'paid' or (${orders.id} is not null and ${inArray(orders.paymentStatus, [...PAID_PAYMENT_STATUSES])}))`;
  const units = (condition: ReturnType<typeof sql>) =>
    sql<number>`coalesce(sum(case when ${condition} then ${claims.quantity} else 0 end), 0)`.mapWith(Number);
  return getDatabase()
    .select({
      productId: claims.productId,
      name: products.name,
      code: products.code,
      held: units(sql`not ${paid} and ${claims.status} = 'held' and ${claims.heldUntil} > ${sql.param(now, claims.heldUntil)}`),
      paid: units(paid),
      waiting: units(sql`not ${paid} and ${claims.status} = 'waitlisted'`),
    })
    .from(claims)
    .innerJoin(products, eq(products.id, claims.productId))
    .leftJoin(orders, eq(orders.id, claims.orderId))
    .where(and(eq(claims.liveId, liveId), eq(claims.shopId, shopId)))
    .groupBy(claims.productId, products.name, products.code)
    .orderBy(desc(max(claims.id)));
}

/** The board's claims part: the latest claims (newest first) and the counts per product. */
export async function liveBoardClaims(shopId: number, liveId: number): Promise<{ claims: ClaimResource[]; counts: ProductClaimCounts[] }> {
  const [list, counts] = [await liveClaims(shopId, liveId), await liveClaimCounts(shopId, liveId)];
  return { claims: list.slice(0, LIVE_BOARD_CLAIMS), counts };
}

/** What a claim typed on the board did when it was taken: held for the viewer, or the viewer waits for a unit. */
export type BoardClaimOutcome = Extract<ClaimOutcome, { claimed: true }> | { claimed: false; reason: "sold_out"; waitlisted: true };

/** Refusals about what the seller typed (no code, an unknown one, an option missing): the text is to be fixed. */
const TYPED_REFUSALS: ReadonlySet<ClaimRefusal> = new Set(["not_a_claim", "unknown_code", "ambiguous_variant"]);

/**
 * A claim the board refused: nothing was claimed, held or put on a waitlist. About what was
 * typed, a 400; refused by the live or the stock as they are now (not on sale, the viewer's
 * cap, the live ended), a 409. The message is also the typed box's error (`comment`), so the
 * board shows it beside the text the seller fixes rather than types again.
 */
export class BoardClaimRefusedError extends DomainError {
  readonly status: 400 | 409;
  override readonly code: ClaimRefusal;
  constructor(reason: ClaimRefusal, typed: BoardClaim) {
    const handle = `@${typed.handle}`;
    const values = { handle, text: `${handle} ${typed.text}` };
    const key = `lives.board.claims.outcome.${reason}`;
    super(key, values, { comment: [messageKey(key, values)] });
    this.code = reason;
    this.status = TYPED_REFUSALS.has(reason) ? 400 : 409;
  }
}

/**
 * The seller claims for a viewer a comment read on screen ("@lea A7 M"): the claim path of
 * every comment (`claimFromComment`, platform "board"), without a claim word, since the
 * seller types only the handle, the code and the option. A refusal is a
 * `BoardClaimRefusedError`; a viewer put on the waitlist was claimed for (the claim is kept).
 */
export async function claimForViewer(shopId: number, liveId: number, typed: BoardClaim, actorUserId: number): Promise<BoardClaimOutcome> {
  const outcome = await claimFromComment({
    shopId,
    liveId,
    platform: "board",
    author: { handle: typed.handle },
    text: typed.text,
    actorUserId,
    typedBySeller: true,
  });
  if (outcome.claimed) return outcome;
  if (outcome.waitlisted) return { claimed: false, reason: "sold_out", waitlisted: true };
  throw new BoardClaimRefusedError(outcome.reason, typed);
}
