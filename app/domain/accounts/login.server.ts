import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { RateLimitedError, ValidationError } from "~/domain/errors.server";
import type { User } from "~db/schema";
import { loginSchema } from "~/schemas/accounts";
import { burnPasswordCheck, verifyPassword } from "./password.server";
import { clearHits, rateLimitStatus, recordHit } from "./rate-limit.server";
import { findUserByEmail, normalizeEmail } from "./users.server";

/** 10 failed logins per email and per client address in 15 minutes. */
export const LOGIN_FAILURE_LIMIT = { limit: 10, windowMs: 15 * 60 * 1000 };

export async function verifyCredentials(email: string, password: string, clientAddress: string, now = Date.now()): Promise<User> {
  const emailKey = `login:email:${normalizeEmail(email)}`;
  const addressKey = `login:ip:${clientAddress}`;
  for (const key of [emailKey, addressKey]) {
    const status = rateLimitStatus(key, LOGIN_FAILURE_LIMIT, now);
    if (status.limited) {
      throw new RateLimitedError("auth.login.rate_limited", status.retryAfterSeconds, {
        minutes: Math.ceil(status.retryAfterSeconds / 60),
      });
    }
  }
  const user = findUserByEmail(email);
  const valid = user ? await verifyPassword(password, user.passwordHash) : await burnPasswordCheck(password);
  if (!user || !valid) {
    recordHit(emailKey, LOGIN_FAILURE_LIMIT.windowMs, now);
    recordHit(addressKey, LOGIN_FAILURE_LIMIT.windowMs, now);
    throw new ValidationError("auth.login.failed");
  }
  clearHits(emailKey);
  return user;
}

/** The login form, through remix-auth's form strategy. */
export function authenticateLoginForm(request: Request, clientAddress: string): Promise<User> {
  const authenticator = new Authenticator<User>();
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const parsed = loginSchema.safeParse({ email: form.get("email"), password: form.get("password") });
      if (!parsed.success) {
        const fieldErrors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0])] ??= []).push(issue.message);
        throw new ValidationError("auth.login.failed", fieldErrors);
      }
      return verifyCredentials(parsed.data.email, parsed.data.password, clientAddress);
    }),
    "form",
  );
  return authenticator.authenticate("form", request);
}
