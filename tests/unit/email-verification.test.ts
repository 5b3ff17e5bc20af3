import { desc, eq } from "drizzle-orm";
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

function lastLinkTo(email: string): string {
  const mail = getDatabase().select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id)).get();
  const match = /\/verify-email\/([\w-]+)/.exec(mail!.text);
  return match![1]!;
}

describe("email verification tokens", () => {
  it("mails a link whose token verifies once; only its hash is stored", () => {
    const user = createUser({ language: "fr" });
    sendVerificationMail(user);
    const mail = getDatabase().select().from(mailOutbox).where(eq(mailOutbox.to, user.email)).get()!;
    expect(mail.subject).toBe("Confirmez votre adresse e-mail");
    expect(mail.html).toContain("/verify-email/");
    const token = lastLinkTo(user.email);
    const stored = getDatabase().select().from(emailTokens).where(eq(emailTokens.userId, user.id)).all();
    expect(stored.map((t) => t.tokenHash)).not.toContain(token);

    expect(verifyEmailToken(token)).toEqual({ userId: user.id });
    expect(isEmailVerified(user.id)).toBe(true);
    expect(() => verifyEmailToken(token)).toThrowError(ValidationError);
  });

  it("expires after 24 hours", () => {
    const user = createUser();
    const now = Date.now();
    sendVerificationMail(user, now);
    const token = lastLinkTo(user.email);
    expect(() => verifyEmailToken(token, now + VERIFICATION_TOKEN_TTL_MS + 1)).toThrowError(ValidationError);
    expect(isEmailVerified(user.id)).toBe(false);
  });

  it("a new mail makes the previous link stop working", () => {
    const user = createUser();
    sendVerificationMail(user);
    const first = lastLinkTo(user.email);
    sendVerificationMail(user);
    const second = lastLinkTo(user.email);
    expect(() => verifyEmailToken(first)).toThrowError(ValidationError);
    expect(verifyEmailToken(second)).toEqual({ userId: user.id });
  });

  it("refuses garbage tokens", () => {
    for (const bad of ["", "x", "../../etc", "a".repeat(500)]) expect(() => verifyEmailToken(bad)).toThrowError(ValidationError);
  });
});

describe("resendVerification", () => {
  it("answers the same for unknown addresses and sends nothing", () => {
    expect(resendVerification("nobody-at-all@example.test", null)).toEqual({ messageKey: "auth.resend.sent" });
    expect(getDatabase().select().from(mailOutbox).where(eq(mailOutbox.to, "nobody-at-all@example.test")).all()).toEqual([]);
  });

  it("has a 60-second cooldown per address", () => {
    const user = createUser();
    const now = Date.now();
    resendVerification(user.email, null, now);
    expect(() => resendVerification(user.email, null, now + 30_000)).toThrowError(RateLimitedError);
    expect(resendVerification(user.email, null, now + 61_000)).toEqual({ messageKey: "auth.resend.sent" });
  });

  it("tells only the signed-in owner that the address is already verified", () => {
    const user = createUser({ isVerified: true });
    expect(() => resendVerification(user.email, user)).toThrowError(/already_verified/);
    expect(resendVerification(user.email, null)).toEqual({ messageKey: "auth.resend.sent" });
  });
});
