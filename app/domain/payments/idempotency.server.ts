import crypto from "node:crypto";
import { getDatabase } from "~db/client";
import { installation } from "~db/schema";

/**
 * This installation's id, made once per database. Stripe keeps idempotency keys per
 * account for 24 hours: two installations on one Stripe account (staging and production,
 * or a database reset) would otherwise send "order-1-payment" for different orders and get
 * each other's objects back.
 */
export function installationId(): string {
  const db = getDatabase();
  const existing = db.select({ id: installation.id }).from(installation).get();
  if (existing) return existing.id;
  db.insert(installation)
    .values({ singleton: 1, id: crypto.randomBytes(8).toString("hex") })
    .onConflictDoNothing()
    .run();
  return db.select({ id: installation.id }).from(installation).get()!.id;
}

/** Every idempotency key sent to a payment provider: `lc-{installation}-{purpose}`. */
export function idempotencyKey(purpose: string): string {
  return `lc-${installationId()}-${purpose}`;
}
