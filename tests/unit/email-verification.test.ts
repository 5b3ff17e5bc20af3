import { and, desc, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  isEmailVerified,
  resendVerification,
  sendVerificationMail,
  VERIFICATION_TOKEN_TTL_MS,
  verifyEmailToken,
} from "~/domain/accounts/email-verification.server";
import { RateLimitedError, ValidationError } from "~/domain/errors.server";
import { getDatabase } from "~db/client";
import { emailTokens, mailOutbox } from "~db/schema";
import { createUser } from "./factories";

async function lastLinkTo(email: string): Promise<string> {
  const [mail] = await getDatabase().select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id)).limit(1);
  const match = /\/verify-email\/([\w-]+)/.exec(mail!.text);
  return match![1]!;
}

describe("email verification tokens", () => {
  it("mails a link whose token verifies once; only its hash is stored", async () => {
    const user = await createUser({ language: "fr" });
    await sendVerificationMail(user);
    const [mail] = await getDatabase().select().from(mailOutbox).where(eq(mailOutbox.to, user.email)).limit(1);
    expect(mail!.subject).toBe("Confirmez votre adresse e-mail");
    expect(mail!.html).toContain("/verify-email/");
    const token = await lastLinkTo(user.email);
    const stored = await getDatabase().select().from(emailTokens).where(eq(emailTokens.userId, user.id));
    expect(stored.map((t) => t.tokenHash)).not.toContain(token);

    expect(await verifyEmailToken(token)).toEqual({ userId: user.id });
    expect(await isEmailVerified(user.id)).toBe(true);
    await expect(verifyEmailToken(token)).rejects.toThrowError(ValidationError);
  });

  it("verifies once when one link is opened several times at once", async () => {
    const user = await createUser();
    await sendVerificationMail(user);
    const token = await lastLinkTo(user.email);
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => verifyEmailToken(token)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((result) => result.status === "rejected" && result.reason instanceof ValidationError)).toHaveLength(4);
    expect(await isEmailVerified(user.id)).toBe(true);
  });

  it("leaves one working link when mails are sent at once", async () => {
    const user = await createUser();
    await Promise.all(Array.from({ length: 4 }, () => sendVerificationMail(user)));
    const unused = await getDatabase()
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, user.id), isNull(emailTokens.usedAt)));
    expect(unused).toHaveLength(1);
  });

  it("expires after 24 hours", async () => {
    const user = await createUser();
    const now = Date.now();
    await sendVerificationMail(user, now);
    const token = await lastLinkTo(user.email);
    await expect(verifyEmailToken(token, now + VERIFICATION_TOKEN_TTL_MS + 1)).rejects.toThrowError(ValidationError);
    expect(await isEmailVerified(user.id)).toBe(false);
  });

  it("a new mail makes the previous link stop working", async () => {
    const user = await createUser();
    await sendVerificationMail(user);
    const first = await lastLinkTo(user.email);
    await sendVerificationMail(user);
    const second = await lastLinkTo(user.email);
    await expect(verifyEmailToken(first)).rejects.toThrowError(ValidationError);
    expect(await verifyEmailToken(second)).toEqual({ userId: user.id });
  });

  it("refuses garbage tokens", async () => {
    for (const bad of ["", "x", "../../etc", "a".repeat(500)]) await expect(verifyEmailToken(bad)).rejects.toThrowError(ValidationError);
  });
});

describe("resendVerification", () => {
  it("answers the same for unknown addresses and sends nothing", async () => {
    expect(await resendVerification("nobody-at-all@example.test", null)).toEqual({ messageKey: "auth.resend.sent" });
    expect(await getDatabase().select().from(mailOutbox).where(eq(mailOutbox.to, "nobody-at-all@example.test"))).toEqual([]);
  });

  it("has a 60-second cooldown per address", async () => {
    const user = await createUser();
    const now = Date.now();
    await resendVerification(user.email, null, now);
    await expect(resendVerification(user.email, null, now + 30_000)).rejects.toThrowError(RateLimitedError);
    expect(await resendVerification(user.email, null, now + 61_000)).toEqual({ messageKey: "auth.resend.sent" });
  });

  it("sends one mail when requests for one address arrive together", async () => {
    const user = await createUser();
    const now = Date.now();
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => resendVerification(user.email, null, now)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect(results.filter((result) => result.status === "rejected" && result.reason instanceof RateLimitedError)).toHaveLength(4);
    expect(await getDatabase().select().from(mailOutbox).where(eq(mailOutbox.to, user.email))).toHaveLength(1);
  });

  it("tells only the signed-in owner that the address is already verified", async () => {
    const user = await createUser({ isVerified: true });
    await expect(resendVerification(user.email, user)).rejects.toThrowError(/already_verified/);
    expect(await resendVerification(user.email, null)).toEqual({ messageKey: "auth.resend.sent" });
  });
});
