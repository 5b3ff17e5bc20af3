import { and, eq } from "drizzle-orm";
import { RateLimitedError, ValidationError } from "~/domain/errors.server";
import { getDatabase } from "~db/client";
import { knownLoginAddresses, type User } from "~db/schema";
import { burnPasswordCheck, verifyPassword } from "./password.server";
import { clientAddressKey, releaseHits, takeHits } from "./rate-limit.server";
import { findUserByEmail, normalizeEmail } from "./users.server";

/**
 * Login throttling (docs/security.md, "Login throttling and abuse limits"). Every attempt is counted
 * before the password is hashed, against:
 * - the client address, any email: 10 in 15 minutes, then 429 (one address cannot spray
 *   or brute-force, and only locks itself out);
 * - the email, any address: 10 in 15 minutes, then 429 for addresses this account has
 *   never signed in from (a botnet gets 10 guesses per account per 15 minutes in total).
 *   Addresses the account signed in from in the last 90 days still count, but are not
 *   refused by it: a stranger's brute force cannot lock the owner out of their usual
 *   address, where only the address's own limit applies.
 * A successful login takes its own counts back.
 */
export const LOGIN_FAILURE_LIMIT = { limit: 10, windowMs: 15 * 60 * 1000 };
/** How long a successful sign-in makes an address "known" to the account. */
export const KNOWN_ADDRESS_MS = 90 * 24 * 60 * 60 * 1000;

/** The rate-limit keys a login attempt counts against. */
export function loginLimitKeys(email: string, clientAddress: string) {
  return { address: `login:ip:${clientAddressKey(clientAddress)}`, email: `login:email:${normalizeEmail(email)}` };
}

export async function verifyCredentials(email: string, password: string, clientAddress: string, now = Date.now()): Promise<User> {
  const address = clientAddressKey(clientAddress);
  const keys = loginLimitKeys(email, clientAddress);
  const user = await findUserByEmail(email);
  const knownAddress = user ? await isKnownLoginAddress(user.id, address, now) : false;
  const taken = await takeHits(
    [
      { key: keys.address, ...LOGIN_FAILURE_LIMIT },
      // Recorded for every address, enforced only for the ones the account does not know.
      { key: keys.email, ...LOGIN_FAILURE_LIMIT, limit: knownAddress ? Infinity : LOGIN_FAILURE_LIMIT.limit },
    ],
    now,
  );
  if (taken.limited) {
    throw new RateLimitedError("auth.login.rate_limited", taken.retryAfterSeconds, {
      minutes: Math.ceil(taken.retryAfterSeconds / 60),
    });
  }
  const valid = user ? await verifyPassword(password, user.passwordHash) : await burnPasswordCheck(password);
  if (!user || !valid) throw new ValidationError("auth.login.failed");
  await releaseHits(taken.hitIds);
  await rememberLoginAddress(user.id, address, now);
  return user;
}

async function isKnownLoginAddress(userId: number, address: string, now: number): Promise<boolean> {
  const [row] = await getDatabase()
    .select({ lastLoginAt: knownLoginAddresses.lastLoginAt })
    .from(knownLoginAddresses)
    .where(and(eq(knownLoginAddresses.userId, userId), eq(knownLoginAddresses.address, address)))
    .limit(1);
  return row !== undefined && row.lastLoginAt.getTime() > now - KNOWN_ADDRESS_MS;
}

async function rememberLoginAddress(userId: number, address: string, now: number): Promise<void> {
  await getDatabase()
    .insert(knownLoginAddresses)
    .values({ userId, address, lastLoginAt: new Date(now) })
    .onConflictDoUpdate({ target: [knownLoginAddresses.userId, knownLoginAddresses.address], set: { lastLoginAt: new Date(now) } });
}
