import { lt, or } from "drizzle-orm";
import { getDatabase } from "~db/client";
import { emailTokens, knownLoginAddresses, rateLimitEvents, sessions } from "~db/schema";
import { KNOWN_ADDRESS_MS } from "./login.server";
import { SESSION_IDLE_MS } from "./sessions.server";
import { sweepExpiredBags } from "~/domain/bag/bag.server";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Forgets what can no longer be used: expired sessions (and with them visitors'
 * registration progress), old rate-limit events, tokens expired a week ago, sign-in
 * addresses no longer recent enough to count as known, shoppers' bags untouched for 30 days.
 */
export async function sweepExpiredRecords(now = Date.now()): Promise<void> {
  const db = getDatabase();
  await db.delete(sessions).where(or(lt(sessions.expiresAt, new Date(now)), lt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS))));
  await db.delete(rateLimitEvents).where(lt(rateLimitEvents.createdAt, new Date(now - DAY_MS)));
  await db.delete(knownLoginAddresses).where(lt(knownLoginAddresses.lastLoginAt, new Date(now - KNOWN_ADDRESS_MS)));
  await db.delete(emailTokens).where(lt(emailTokens.expiresAt, new Date(now - 7 * DAY_MS)));
  await sweepExpiredBags(new Date(now));
}
