import crypto from "node:crypto";
import { getDatabase } from "~db/client";
import { installation } from "~db/schema";

/**
 * This installation's id, made once per database. Stripe keeps idempotency keys per
 * account for 24 hours: two installations on one Stripe account (staging and production,
 * or a database reset) would otherwise send "order-1-payment" for different orders and get
 * each other's objects back.
 */
export async function installationId(): Promise<string> {
  const db = getDatabase();
  const [existing] = await db.select({ id: installation.id }).from(installation).limit(1);
  if (existing) return existing.id;
  await db
    .insert(installation)
    .values({ singleton: 1, id: crypto.randomBytes(8).toString("hex") })
    .onConflictDoNothing();
  const [row] = await db.select({ id: installation.id }).from(installation).limit(1);
  return row!.id;
}

/** Every idempotency key sent to a payment provider: `lc-{installation}-{purpose}`. */
export async function idempotencyKey(purpose: string): Promise<string> {
  return `lc-${await installationId()}-${purpose}`;
}
