import { describe, expect, it, vi } from "vitest";
import { LOGIN_FAILURE_LIMIT, loginLimitKeys, verifyCredentials } from "~/domain/accounts/login.server";
import { createWorkLimiter, hashPassword, passwordHashing, verifyPassword } from "~/domain/accounts/password.server";
import { clearHits, clientAddressKey, rateLimitStatus, recordHit, releaseHits, takeHits } from "~/domain/accounts/rate-limit.server";
import { RateLimitedError, ValidationError } from "~/domain/errors.server";
import { createUser } from "./factories";

describe("rate limits", () => {
  const limit = { limit: 3, windowMs: 60_000 };

  it("limits after N hits inside the window and frees up when the oldest leaves it", async () => {
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) await recordHit("k1", limit.windowMs, t0 + i * 1000);
    expect(await rateLimitStatus("k1", limit, t0 + 2500)).toEqual({ limited: true, retryAfterSeconds: 58 });
    expect((await rateLimitStatus("k1", limit, t0 + 60_001)).limited).toBe(false);
    expect((await rateLimitStatus("other", limit, t0)).limited).toBe(false);
  });

  it("can be cleared", async () => {
    for (let i = 0; i < 3; i++) await recordHit("k2", limit.windowMs);
    expect((await rateLimitStatus("k2", limit)).limited).toBe(true);
    await clearHits("k2");
    expect((await rateLimitStatus("k2", limit)).limited).toBe(false);
  });
});

describe("login rate limiting", () => {
  it("blocks an email after 10 failures in 15 minutes, even with the right password", async () => {
    const user = await createUser({ email: "victim@example.test", passwordHash: await hashPassword("Right123!") });
    const now = Date.now();
    for (let i = 0; i < LOGIN_FAILURE_LIMIT.limit; i++) {
      await expect(verifyCredentials(user.email, "wrong", `10.0.0.${i}`, now)).rejects.toBeInstanceOf(ValidationError);
    }
    await expect(verifyCredentials(user.email, "Right123!", "10.0.1.1", now)).rejects.toBeInstanceOf(RateLimitedError);
    // 15 minutes later the window has passed.
    await expect(verifyCredentials(user.email, "Right123!", "10.0.1.1", now + 15 * 60_000 + 1)).resolves.toMatchObject({ id: user.id });
  }, 60_000);

  it("blocks a client address after 10 failures across emails", async () => {
    const now = Date.now();
    for (let i = 0; i < LOGIN_FAILURE_LIMIT.limit; i++) {
      await expect(verifyCredentials(`nobody${i}@example.test`, "x", "192.0.2.7", now)).rejects.toBeInstanceOf(ValidationError);
    }
    const error = await verifyCredentials("someone@example.test", "x", "192.0.2.7", now).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).values).toEqual({ minutes: 15 });
  }, 60_000);
});

describe("counting before the work (takeHits)", () => {
  const rule = { key: "take:1", limit: 3, windowMs: 60_000 };

  it("records a hit per rule while every rule has room, and nothing once one is full", async () => {
    const other = { key: "take:other", limit: 10, windowMs: 60_000 };
    const t0 = 2_000_000;
    for (let i = 0; i < 3; i++) expect((await takeHits([rule, other], t0 + i)).limited).toBe(false);
    expect(await takeHits([rule, other], t0 + 10)).toEqual({ limited: true, retryAfterSeconds: 60 });
    // The refused request was not counted against the rule that still had room.
    expect((await rateLimitStatus("take:other", { limit: 4, windowMs: 60_000 }, t0 + 10)).limited).toBe(false);
  });

  it("can take hits back", async () => {
    const taken = await takeHits([{ ...rule, key: "take:2" }]);
    expect(taken.limited).toBe(false);
    await takeHits([{ ...rule, key: "take:2" }]);
    await takeHits([{ ...rule, key: "take:2" }]);
    if (!taken.limited) await releaseHits(taken.hitIds);
    expect((await takeHits([{ ...rule, key: "take:2" }])).limited).toBe(false);
  });
});

describe("client address keys", () => {
  it("keys IPv4 by address and IPv6 by its /64, which one client holds", () => {
    expect(clientAddressKey("192.0.2.7")).toBe("192.0.2.7");
    expect(clientAddressKey("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(clientAddressKey("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(clientAddressKey("2001:0DB8:0001:0002::ff")).toBe("2001:db8:1:2::/64");
    expect(clientAddressKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientAddressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientAddressKey("::1")).toBe("0:0:0:0::/64");
    expect(clientAddressKey("unknown")).toBe("unknown");
  });

  it("does not let one IPv6 client reset the login limit by changing the end of its address", async () => {
    const now = Date.now();
    await fillLimit(loginLimitKeys("v6@example.test", "2001:db8:aa:bb::1").address, now);
    await expect(verifyCredentials("v6-next@example.test", "x", "2001:db8:aa:bb:ffff::1", now)).rejects.toBeInstanceOf(RateLimitedError);
  });
});

describe("login under a burst of parallel attempts", () => {
  it("checks at most the limit's worth of passwords; the others get 429 without hashing", async () => {
    const user = await createUser({ email: "burst@example.test", passwordHash: await hashPassword("Right123!") });
    const now = Date.now();
    let maxRunning = 0;
    const sampler = setInterval(() => (maxRunning = Math.max(maxRunning, passwordHashing.running)), 1);
    const results = await Promise.allSettled(
      Array.from({ length: 30 }, () => verifyCredentials(user.email, "wrong", "198.51.100.30", now)),
    );
    clearInterval(sampler);
    const reasons = results.map((r) => (r.status === "rejected" ? r.reason : r.value));
    expect(reasons.filter((e) => e instanceof ValidationError)).toHaveLength(LOGIN_FAILURE_LIMIT.limit);
    expect(reasons.filter((e) => e instanceof RateLimitedError)).toHaveLength(30 - LOGIN_FAILURE_LIMIT.limit);
    expect(maxRunning).toBeLessThanOrEqual(passwordHashing.concurrency);
  }, 60_000);
});

describe("password hashing concurrency", () => {
  it("runs at most `concurrency` jobs at once, queues a few and refuses past the queue", async () => {
    const limiter = createWorkLimiter({ concurrency: 1, maxWaiting: 2 });
    let running = 0;
    let maxRunning = 0;
    // The jobs hold until released, so the queue is observed full rather than timed.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const job = () =>
      limiter.run(async () => {
        running++;
        maxRunning = Math.max(maxRunning, running);
        await held;
        running--;
        return "done";
      });
    const settled = Promise.allSettled([job(), job(), job(), job()]);
    await vi.waitFor(() => expect(running).toBe(1));
    expect(limiter.running).toBe(1);
    expect(limiter.waiting).toBe(2);
    release();
    const results = await settled;
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "rejected"]);
    const refused = (results[3] as PromiseRejectedResult).reason as RateLimitedError;
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect(refused.messageKey).toBe("rate_limits.too_many_requests");
    expect(maxRunning).toBe(1);
    expect(limiter.running).toBe(0);
  });

  it("sends every scrypt through the shared limiter", async () => {
    const stored = await hashPassword("Pass1234!");
    const pending = [verifyPassword("Pass1234!", stored), verifyPassword("nope", stored)];
    expect(passwordHashing.running + passwordHashing.waiting).toBe(2);
    expect(await Promise.all(pending)).toEqual([true, false]);
  }, 60_000);
});

// A password check costs about a second here: these tests fill the counters directly
// (what earlier failures would have recorded) and hash only where the test is about it.
async function fillLimit(key: string, now: number) {
  for (let i = 0; i < LOGIN_FAILURE_LIMIT.limit; i++) await recordHit(key, LOGIN_FAILURE_LIMIT.windowMs, now);
}

describe("no lock-out button", () => {
  it("lets the owner in from an address they signed in from, while strangers' failures fill the email's limit", async () => {
    const user = await createUser({ email: "owner@example.test", passwordHash: await hashPassword("Right123!") });
    const now = Date.now();
    await expect(verifyCredentials(user.email, "Right123!", "192.0.2.50", now - 60_000)).resolves.toMatchObject({ id: user.id });
    await fillLimit(loginLimitKeys(user.email, "198.51.100.1").email, now);
    // A new address is refused by the email's limit; the owner's usual one is not.
    await expect(verifyCredentials(user.email, "Right123!", "203.0.113.77", now)).rejects.toBeInstanceOf(RateLimitedError);
    await expect(verifyCredentials(user.email, "Right123!", "192.0.2.50", now)).resolves.toMatchObject({ id: user.id });
    // Failures from the known address still count against that address.
    await fillLimit(loginLimitKeys(user.email, "192.0.2.50").address, now);
    await expect(verifyCredentials(user.email, "Right123!", "192.0.2.50", now)).rejects.toBeInstanceOf(RateLimitedError);
  });

  it("forgets an address after 90 days without a sign-in", async () => {
    const user = await createUser({ email: "returning@example.test", passwordHash: await hashPassword("Right123!") });
    const now = Date.now();
    await verifyCredentials(user.email, "Right123!", "192.0.2.60", now - 91 * 24 * 3600_000);
    await fillLimit(loginLimitKeys(user.email, "198.51.101.1").email, now);
    await expect(verifyCredentials(user.email, "Right123!", "192.0.2.60", now)).rejects.toBeInstanceOf(RateLimitedError);
  });

  it("does not count a successful login as a failure", async () => {
    const user = await createUser({ email: "typo@example.test", passwordHash: await hashPassword("Right123!") });
    const now = Date.now();
    const keys = loginLimitKeys(user.email, "192.0.2.70");
    for (let i = 0; i < LOGIN_FAILURE_LIMIT.limit - 1; i++) await recordHit(keys.address, LOGIN_FAILURE_LIMIT.windowMs, now);
    await expect(verifyCredentials(user.email, "Right123!", "192.0.2.70", now)).resolves.toMatchObject({ id: user.id });
    expect((await rateLimitStatus(keys.address, LOGIN_FAILURE_LIMIT, now)).limited).toBe(false);
    expect((await rateLimitStatus(keys.email, { limit: 1, windowMs: LOGIN_FAILURE_LIMIT.windowMs }, now)).limited).toBe(false);
  });
});
