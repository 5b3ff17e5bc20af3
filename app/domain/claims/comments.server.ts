import { takeHits, type RateLimit } from "~/domain/accounts/rate-limit.server";
import { RateLimitedError } from "~/domain/errors.server";
import { claimFromComment, type ClaimOutcome, type CommentInput } from "./claims.server";

/**
 * How many comments one live takes through the comments API: a live's chat at its busiest
 * (a drop's countdown) is a few hundred a second; more is a runaway bot or a flood. Counted
 * in the database (`takeHits`), so every node and process shares the count; an accepted
 * comment is always read, a refused one is a 429 with Retry-After and changes nothing.
 */
export const LIVE_COMMENTS_LIMIT: RateLimit = { limit: 300, windowMs: 1000 };

/** A comment posted to the comments API (a chat bot, an automation): counted against its live, then the claim path. */
export async function acceptComment(input: CommentInput): Promise<ClaimOutcome> {
  const taken = await takeHits([{ key: `live-comments:${input.liveId}`, ...LIVE_COMMENTS_LIMIT }]);
  if (taken.limited) throw new RateLimitedError("claims.errors.too_many_comments", taken.retryAfterSeconds);
  return claimFromComment(input);
}
