import { sql } from "drizzle-orm";
import { orderEvents, orders } from "~db/schema";

/** The order events that move refunded money: a refund, and a refund the provider failed after it was counted. */
export const REFUND_EVENT_KINDS = ["refund", "refund_failed"] as const;

/**
 * What a refund event gave back, for sums over events joined to their orders: a refund its
 * amount (one without an amount predates partial refunds and gave back the whole order), a
 * failed refund the same amount negated (it came back).
 */
export const refundedCentsOfEvent = sql<number>`case when ${orderEvents.kind} = 'refund_failed' then -${orderEvents.amountCents} else coalesce(${orderEvents.amountCents}, ${orders.totalAmountCents}) end`;
