import type { Queryable } from "~db/client";
import { paymentEvents } from "~db/schema";

/**
 * What an event did, as the webhook answers it: `applied` changed our records; the others
 * changed nothing and say why (already seen, already in that state, about an account, a
 * payment or a refund we do not have, a type we do not act on, the other mode's key).
 */
export type EventOutcome =
  "applied" | "duplicate" | "unchanged" | "unknown_account" | "unknown_payment" | "unknown_refund" | "not_handled" | "livemode_mismatch";

export type ProviderEventRecord = Pick<typeof paymentEvents.$inferInsert, "id" | "provider" | "type" | "accountId">;

/**
 * Records a provider event id once: true the first time, false when it was seen already
 * (a redelivery, a retry, a concurrent webhook), in which case the caller does nothing.
 * Every event handler goes through here, inside its own write transaction when it has one,
 * so the record and the change it allows commit together.
 */
export async function recordProviderEvent(db: Queryable, event: ProviderEventRecord): Promise<boolean> {
  const inserted = await db
    .insert(paymentEvents)
    .values({ id: event.id, provider: event.provider, type: event.type, accountId: event.accountId })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return inserted.length > 0;
}
