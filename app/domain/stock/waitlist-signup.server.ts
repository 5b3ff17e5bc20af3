import { clientAddressKey, takeHits, type RateLimit } from "~/domain/accounts/rate-limit.server";
import { RateLimitedError } from "~/domain/errors.server";
import type { Language } from "~/lib/i18n";
import { joinWaitlist, type WaitlistEntryResource } from "./waitlist.server";

/**
 * Signing up costs a row and, later, a mail: one client address may ask this many times
 * (entries made or not) in the window, on any product of any shop (a flood is refused, 429).
 */
export const WAITLIST_SIGNUP_LIMIT: RateLimit = { limit: 10, windowMs: 10 * 60 * 1000 };

/**
 * A shopper leaves an email on a sold-out product or variant (the API and the shop pages'
 * form): counted against the client address first, then `joinWaitlist` (idempotent per email
 * and variant; 409 while units can be bought). `created` is false for a repeat.
 */
export async function signUpForWaitlist(request: {
  shopId: number;
  productId: number;
  variantId: number | null;
  email: string;
  language: Language;
  clientAddress: string;
}): Promise<{ entry: WaitlistEntryResource; created: boolean }> {
  const taken = await takeHits([{ key: `waitlist:${clientAddressKey(request.clientAddress)}`, ...WAITLIST_SIGNUP_LIMIT }]);
  if (taken.limited) throw new RateLimitedError("rate_limits.too_many_requests", taken.retryAfterSeconds);
  return joinWaitlist(request);
}
