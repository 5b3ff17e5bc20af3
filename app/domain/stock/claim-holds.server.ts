import { and, eq, inArray, isNull } from "drizzle-orm";
import { ConflictError } from "~/domain/errors.server";
import { lockShopsForStock, releaseHolds } from "./holds.server";
import type { Transaction } from "~db/client";
import { claims, stockHolds } from "~db/schema";

/** The claims of a viewer's link an order pays (issue 29): `createOrder` moves their holds to it. */
export type OrderedClaims = { linkId: number; claimIds: number[] };

/**
 * In the transaction creating the order, before it takes its units: the claims become the
 * order's (`claims.order_id`, their hold end the order's) and their holds are released, so
 * that the order takes the same units at once (as a waitlist offer's hold becomes the order's,
 * `redeemOffer`): nobody else can take them in between. A hold that ran out and was released
 * meanwhile is taken again if units are left, else the order is refused (sold out) and nothing
 * changes. A claim no longer held and unordered (released by the seller, ordered by a checkout
 * at the same moment) refuses the whole order: 409, nothing changes.
 */
export async function moveClaimsToOrder(
  tx: Transaction,
  request: OrderedClaims & { shopId: number; orderId: number; heldUntil: Date | null; now: Date },
): Promise<void> {
  const { claimIds, now } = request;
  // The shop's row first, as every stock change (docs/stock.md): no deadlock with a seller's release.
  await lockShopsForStock(tx, [request.shopId]);
  const moved = await tx
    .update(claims)
    .set({ orderId: request.orderId, status: "held", heldUntil: request.heldUntil, updatedAt: now })
    .where(
      and(
        inArray(claims.id, claimIds),
        eq(claims.linkId, request.linkId),
        eq(claims.shopId, request.shopId),
        inArray(claims.status, ["held", "expired"]),
        isNull(claims.orderId),
      ),
    )
    .returning({ id: claims.id });
  if (moved.length !== new Set(claimIds).size) throw new ConflictError("claim_link.errors.changed");
  await releaseHolds(tx, and(eq(stockHolds.shopId, request.shopId), inArray(stockHolds.claimId, claimIds)), now);
}
