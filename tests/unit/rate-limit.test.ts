import { describe, expect, it } from "vitest";
import { LOGIN_FAILURE_LIMIT, verifyCredentials } from "~/domain/accounts/login.server";
import { hashPassword } from "~/domain/accounts/password.server";
import { clearHits, rateLimitStatus, recordHit } from "~/domain/accounts/rate-limit.server";
import { RateLimitedError, ValidationError } from "~/domain/errors.server";
import { createUser } from "./factories";

describe("rate limits", () => {
  const limit = { limit: 3, windowMs: 60_000 };

  it("limits after N hits inside the window and frees up when the oldest leaves it", () => {
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) recordHit("k1", limit.windowMs, t0 + i * 1000);
    expect(rateLimitStatus("k1", limit, t0 + 2500)).toEqual({ limited: true, retryAfterSeconds: 58 });
    expect(rateLimitStatus("k1", limit, t0 + 60_001).limited).toBe(false);
    expect(rateLimitStatus("other", limit, t0).limited).toBe(false);
  });

  it("can be cleared", () => {
    for (let i = 0; i < 3; i++) recordHit("k2", limit.windowMs);
    expect(rateLimitStatus("k2", limit).limited).toBe(true);
    clearHits("k2");
    expect(rateLimitStatus("k2", limit).limited).toBe(false);
  });
});

describe("login rate limiting", () => {
  it("blocks an email after 10 failures in 15 minutes, even with the right password", async () => {
    const user = createUser({ email: "victim@example.test", passwordHash: await hashPassword("Right123!") });
    const now = Date.now();
    for (let i = 0; i < LOGIN_FAILURE_LIMIT.limit; i++) {
      await expect(verifyCredentials(user.email, "wrong", `10.0.0.${i}`, now)).rejects.toBeInstanceOf(ValidationError);
    }
    await expect(verifyCredentials(user.email, "Right123!", "10.0.1.1", now)).rejects.toBeInstanceOf(RateLimitedError);
    // 15 minutes later the window has passed.
    await expect(verifyCredentials(user.email, "Right123!", "10.0.1.1", now + 15 * 60_000 + 1)).resolves.toMatchObject({ id: user.id });
  });

  it("blocks a client address after 10 failures across emails", async () => {
    const now = Date.now();
    for (let i = 0; i < LOGIN_FAILURE_LIMIT.limit; i++) {
      await expect(verifyCredentials(`nobody${i}@example.test`, "x", "192.0.2.7", now)).rejects.toBeInstanceOf(ValidationError);
    }
    const error = await verifyCredentials("someone@example.test", "x", "192.0.2.7", now).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).values).toEqual({ minutes: 15 });
  });
});
