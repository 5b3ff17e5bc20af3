import { and, eq, gt, isNull } from "drizzle-orm";
import { mainSiteUrl } from "~/config.server";
import { RateLimitedError, ValidationError } from "~/domain/errors.server";
import { sendMail } from "~/domain/mail/mailer.server";
import { verificationMail } from "~/domain/mail/templates.server";
import { getDatabase, lockKey, writeTransaction } from "~db/client";
import { emailTokens, users, type User } from "~db/schema";
import { takeHits } from "./rate-limit.server";
import { hashToken, randomToken } from "./tokens.server";
import { displayName, findUserByEmail, normalizeEmail } from "./users.server";

export const VERIFICATION_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
export const RESEND_COOLDOWN = { limit: 1, windowMs: 60 * 1000 };

/** Creates a fresh single-use token (older unused ones stop working) and mails the link. */
export async function sendVerificationMail(user: User, now = Date.now()): Promise<void> {
  const token = randomToken();
  await writeTransaction(async (tx) => {
    // One user's mails one after the other, so each retires the token the one before inserted.
    await lockKey(tx, `verification-mail:${user.id}`);
    await tx
      .update(emailTokens)
      .set({ usedAt: new Date(now) })
      .where(and(eq(emailTokens.userId, user.id), eq(emailTokens.purpose, "verify_email"), isNull(emailTokens.usedAt)));
    await tx.insert(emailTokens).values({
      userId: user.id,
      purpose: "verify_email",
      tokenHash: hashToken(token),
      expiresAt: new Date(now + VERIFICATION_TOKEN_TTL_MS),
    });
  });
  await sendMail({
    to: user.email,
    template: "verify_email",
    ...verificationMail(user.language, { name: displayName(user), link: `${mainSiteUrl()}/verify-email/${token}` }),
  });
}

/** Uses a verification token once; an unknown, used or expired token is refused. */
export async function verifyEmailToken(token: string, now = Date.now()): Promise<{ userId: number }> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new ValidationError("auth.verify.invalid_link");
  return writeTransaction(async (tx) => {
    const [row] = await tx
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
      .limit(1);
    if (!row) throw new ValidationError("auth.verify.invalid_link");
    // Used only if still unused: the same link opened twice at once verifies once.
    const [used] = await tx
      .update(emailTokens)
      .set({ usedAt: new Date(now) })
      .where(and(eq(emailTokens.id, row.id), isNull(emailTokens.usedAt)))
      .returning({ id: emailTokens.id });
    if (!used) throw new ValidationError("auth.verify.invalid_link");
    await tx
      .update(users)
      .set({ isVerified: true, updatedAt: new Date(now) })
      .where(eq(users.id, row.userId));
    return { userId: row.userId };
  });
}

/**
 * Resends the verification mail. The answer is the same whether or not the address is
 * registered; only the signed-in owner of a verified address is told it is verified.
 * One request per address per 60 s.
 */
export async function resendVerification(
  email: string,
  currentUser: Pick<User, "id"> | null,
  now = Date.now(),
): Promise<{ messageKey: string }> {
  const normalized = normalizeEmail(email);
  const user = await findUserByEmail(normalized);
  if (user?.isVerified && currentUser?.id === user.id) throw new ValidationError("auth.resend.already_verified");
  // Checked and counted in one transaction: parallel requests for one address send one mail.
  const taken = await takeHits([{ key: `resend:${normalized}`, ...RESEND_COOLDOWN }], now);
  if (taken.limited) throw new RateLimitedError("auth.resend.too_many", taken.retryAfterSeconds);
  if (user && !user.isVerified) await sendVerificationMail(user, now);
  return { messageKey: "auth.resend.sent" };
}

export async function isEmailVerified(userId: number): Promise<boolean> {
  const [row] = await getDatabase().select({ v: users.isVerified }).from(users).where(eq(users.id, userId)).limit(1);
  return Boolean(row?.v);
}
