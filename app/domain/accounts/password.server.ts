import crypto from "node:crypto";
import os from "node:os";
import { promisify } from "node:util";
import { RateLimitedError } from "~/domain/errors.server";

const scryptUnlimited = promisify(crypto.scrypt) as (
  password: crypto.BinaryLike,
  salt: crypto.BinaryLike,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

// OWASP's scrypt profile N=2^15, r=8, p=3 (32 MiB per hash).
const PARAMS = { N: 2 ** 15, r: 8, p: 3 } as const;

/**
 * Password hashing is the one CPU-heavy thing a stranger can ask for (login, registration).
 * Each scrypt takes a libuv thread and a core for ~0.1-1 s: a burst of them would take every
 * core and the thread pool (4 threads) that file reads share. So hashes run at most
 * `concurrency` at a time (half the cores, at least two: one hash at a time made two
 * simultaneous sign-ins wait for each other); the rest wait in line, and past `maxWaiting`
 * the request is refused with a 429 rather than queued for seconds.
 */
export function createWorkLimiter({ concurrency, maxWaiting }: { concurrency: number; maxWaiting: number }) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running--;
    const next = waiting.shift();
    if (next) {
      running++;
      next();
    }
  };
  return {
    concurrency,
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    async run<T>(work: () => Promise<T>): Promise<T> {
      if (running >= concurrency) {
        if (waiting.length >= maxWaiting) throw new RateLimitedError("rate_limits.too_many_requests", BUSY_RETRY_AFTER_SECONDS);
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running++;
      }
      try {
        return await work();
      } finally {
        release();
      }
    },
  };
}

const BUSY_RETRY_AFTER_SECONDS = 5;
export const passwordHashing = createWorkLimiter({
  concurrency: Math.max(2, Math.floor(os.availableParallelism() / 2)),
  maxWaiting: 16,
});

const scrypt: typeof scryptUnlimited = (...args) => passwordHashing.run(() => scryptUnlimited(...args));
const KEY_LENGTH = 32;
const maxmem = (n: number, r: number) => 256 * n * r; // 2x the 128*N*r the algorithm needs

/**
 * Hash format: scrypt$N$r$p$salt$hash (base64url). Parameters travel with the hash.
 * `atStartup` skips the request limiter: seeding the demo accounts serves no request and
 * should not take turns.
 */
export async function hashPassword(password: string, { atStartup = false } = {}): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await (atStartup ? scryptUnlimited : scrypt)(password.normalize("NFKC"), salt, KEY_LENGTH, {
    ...PARAMS,
    maxmem: maxmem(PARAMS.N, PARAMS.r),
  });
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await scrypt(password.normalize("NFKC"), Buffer.from(salt, "base64url"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: maxmem(Number(n), Number(r)),
  });
  return key.length === expected.length && crypto.timingSafeEqual(key, expected);
}

/** Work to spend when the user does not exist, so timing does not reveal registered emails. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword("not-a-real-password");
  await verifyPassword(password, await dummyHash);
  return false;
}
