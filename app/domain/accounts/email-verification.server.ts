import { and, eq, gt, isNull } from "drizzle-orm";
import { mainSiteUrl } from "~/config.server";
import { RateLimitedError, ValidationError } from "~/domain/errors.server";
import { sendMail } from "~/domain/mail/mailer.server";
import { verificationMail } from "~/domain/mail/templates.server";
import { getDatabase, writeTransaction } from "~db/client";
import { emailTokens, users, type User } from "~db/schema";
import { rateLimitStatus, recordHit } from "./rate-limit.server";
import { hashToken, randomToken } from "./tokens.server";
import { displayName, findUserByEmail, normalizeEmail } from "./users.server";

export const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESEND_COOLDOWN = { limit: 1, windowMs: 60 * 1000 };

/** Creates a fresh single-use token (older unused ones stop working) and mails the link. */
export function sendVerificationMail(user: User, now = Date.now()): void {
  const token = randomToken();
  writeTransaction((tx) => {
    tx.update(emailTokens)
      .set({ usedAt: new Date(now) })
      .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, "verify_email"), isNull(emailTokens.usedAt)))
      .run();
    tx.insert(emailTokens)
      .values({
        userId: user.id,
        purpose: "verify_email",
        tokenHash: hashToken(token),
        expiresAt: new Date(now + VERIFICATION_TOKEN_TTL_MS),
      })
      .run();
  });
  sendMail({
    to: user.email,
    template: "verify_email",
    ...verificationMail(user.language, { name: displayName(user), link: `${mainSiteUrl()}/verify-email/${token}` }),
  });
}

/** Uses a verification token once; an unknown, used or expired token is refused. */
export function verifyEmailToken(token: string, now = Date.now()): { userId: number } {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new ValidationError("auth.verify.invalid_link");
  return writeTransaction((tx) => {
    const row = tx
      .select()
      .from(emailTokens)
      .where(
        and(
          eq(emailTokens.tokenHash, hashToken(token)),
          eq(emailTokens.purpose, "verify_email"),
          isNull(emailTokens.usedAt),
          gt(emailTokens.expiresAt, new Date(now)),
        ),
      )
      .get();
    if (!row) throw new ValidationError("auth.verify.invalid_link");
    tx.update(emailTokens)
      .set({ usedAt: new Date(now) })
      .where(eq(emailTokens.id, row.id))
      .run();
    tx.update(users)
      .set({ isVerified: true, updatedAt: new Date(now) })
      .where(eq(users.id, row.userId))
      .run();
    return { userId: row.userId };
  });
}

/**
 * Resends the verification mail. The answer is the same whether or not the address is
 * registered; only the signed-in owner of a verified address is told it is verified.
 * One request per address per 60 s.
 */
export function resendVerification(email: string, currentUser: Pick<User, "id"> | null, now = Date.now()): { messageKey: string } {
  const normalized = normalizeEmail(email);
  const user = findUserByEmail(normalized);
  if (user?.isVerified && currentUser?.id === user.id) throw new ValidationError("auth.resend.already_verified");
  const key = `resend:${normalized}`;
  const status = rateLimitStatus(key, RESEND_COOLDOWN, now);
  if (status.limited) throw new RateLimitedError("auth.resend.too_many", status.retryAfterSeconds);
  recordHit(key, RESEND_COOLDOWN.windowMs, now);
  if (user && !user.isVerified) sendVerificationMail(user, now);
  return { messageKey: "auth.resend.sent" };
}

export function isEmailVerified(userId: number): boolean {
  return Boolean(getDatabase().select({ v: users.isVerified }).from(users).where(eq(users.id, userId)).get()?.v);
}
