import { and, eq, isNull, lt, or, type SQL } from "drizzle-orm";
import { ConflictError } from "~/domain/errors.server";
import { writeAlone } from "~db/client";
import { orders, type Order } from "~db/schema";

/**
 * Cancelling a paid order gives its money back through the provider, a call no transaction
 * may span. So the cancel first claims the order (`orders.cancelling_since`, one conditional
 * write), then refunds, then writes its status with the claim: while the claim is fresh no
 * other status change applies (shipping above all: an order must never end shipped and
 * refunded), and every status write clears it. A claim older than `CANCEL_CLAIM_TTL_MS` is a
 * request that died between its claim and its status write (the provider's calls give up
 * long before: three tries of 20 s at Stripe): it holds the order no longer.
 */
export const CANCEL_CLAIM_TTL_MS = 10 * 60 * 1000;

/** An order claimed by a cancellation under way: its status write needs this claim. */
export type ClaimedOrder = Order & { cancellingSince: Date };

/** The condition of every status write but the claiming cancel's: no fresh cancellation holds the order. */
export function noCancellationUnderWay(now: Date): SQL {
  return or(isNull(orders.cancellingSince), lt(orders.cancellingSince, new Date(now.getTime() - CANCEL_CLAIM_TTL_MS)))!;
}

/** The condition of the claiming cancel's status write: its claim still holds the order. */
export function heldByCancellation(order: ClaimedOrder): SQL {
  return eq(orders.cancellingSince, order.cancellingSince);
}

/**
 * Claims the order for its cancellation, in the status it was read in; returns it as it now
 * is. Another status change or cancellation since (or under way) is a conflict.
 */
export async function claimCancellation(order: Pick<Order, "id" | "status">): Promise<ClaimedOrder> {
  const now = new Date();
  const [claimed] = await writeAlone((db) =>
    db
      .update(orders)
      .set({ cancellingSince: now })
      .where(and(eq(orders.id, order.id), eq(orders.status, order.status), noCancellationUnderWay(now)))
      .returning(),
  );
  if (!claimed) throw new ConflictError("orders.errors.changed_meanwhile");
  return { ...claimed, cancellingSince: now };
}

/** The cancellation did not happen (its refund failed): the order may move again, if the claim is still its. */
export async function releaseCancellation(order: ClaimedOrder): Promise<void> {
  await writeAlone((db) =>
    db
      .update(orders)
      .set({ cancellingSince: null })
      .where(and(eq(orders.id, order.id), heldByCancellation(order))),
  );
}
