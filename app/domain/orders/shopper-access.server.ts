import crypto from "node:crypto";
import { and, desc, eq, gt, isNull, lt, notExists, sql, type SQL } from "drizzle-orm";
import { getConfig } from "~/config.server";
import { clearHits, clientAddressKey, releaseHits, takeHits, type LimitRule, type RateLimit } from "~/domain/accounts/rate-limit.server";
import { RateLimitedError, ValidationError } from "~/domain/errors.server";
import { mailQueued, outboxRow, type OutgoingMail } from "~/domain/mail/mailer.server";
import { shopperAccessCodeMail } from "~/domain/mail/templates.server";
import type { Language } from "~/lib/i18n";
import { getDatabase, preparedRead, writeTransaction, type Transaction } from "~db/client";
import { mailOutbox, orders, shopperAccessCodes, shopperEmailAccess } from "~db/schema";

/**
 * Passwordless access for shoppers: a browser proves an email with a one-time code mailed
 * to it, and then sees that email's orders in that shop (and nowhere else). The answer to a
 * request never says whether the email has orders.
 */
const MINUTE = 60 * 1000;
export const ACCESS_CODE_TTL_MS = 15 * MINUTE;
/** Wrong guesses one code survives; the 6 digits give 1 chance in 200,000 per code. */
export const ACCESS_CODE_MAX_FAILURES = 5;
/** How long a proved email stays visible in that browser. */
export const EMAIL_ACCESS_TTL_MS = 30 * 24 * 60 * MINUTE;
export const CODE_REQUESTS_PER_EMAIL: RateLimit = { limit: 3, windowMs: 15 * MINUTE };
export const CODE_REQUESTS_PER_ADDRESS: RateLimit = { limit: 10, windowMs: 60 * MINUTE };
/** Wrong codes across all codes of an email or an address: guessing stays hopeless. */
export const CODE_FAILURES_PER_EMAIL: RateLimit = { limit: 10, windowMs: 60 * MINUTE };
export const CODE_FAILURES_PER_ADDRESS: RateLimit = { limit: 20, windowMs: 60 * MINUTE };

type Requester = { shopId: number; email: string; shopperKeyHash: string; clientAddress: string };

/** Keyed with the server secret: a leaked table does not give the 6 digits away offline. */
function codeHash(shopId: number, email: string, code: string): string {
  return crypto.createHmac("sha256", getConfig().sessionSecret).update(`shopper-access:${shopId}:${email}:${code}`).digest("hex");
}

/** Counts the request against every rule before its work (atomically), or refuses it. */
async function takeOrRefuse(rules: LimitRule[], now: number): Promise<number[]> {
  const taken = await takeHits(rules, now);
  if (taken.limited) {
    throw new RateLimitedError("shopper_access.errors.rate_limited", taken.retryAfterSeconds, {
      minutes: Math.ceil(taken.retryAfterSeconds / 60),
    });
  }
  return taken.hitIds;
}

/** This browser's codes for this email in this shop that were not used yet. */
function openCodesOf(requester: Pick<Requester, "shopId" | "shopperKeyHash">, email: string): SQL | undefined {
  return and(
    eq(shopperAccessCodes.shopperKeyHash, requester.shopperKeyHash),
    eq(shopperAccessCodes.shopId, requester.shopId),
    eq(shopperAccessCodes.email, email),
    isNull(shopperAccessCodes.usedAt),
  );
}

/**
 * Whether this browser is one the email is known from in this shop: it placed an order with
 * it, or it proved it with a code. Such a browser has limits of its own, which strangers
 * cannot use up. Both lookups go by the browser's key, so they cost the same whether or not
 * the email has orders placed elsewhere.
 */
async function browserKnowsEmail(requester: Pick<Requester, "shopId" | "shopperKeyHash">, email: string, now: number): Promise<boolean> {
  const db = getDatabase();
  const [ordered] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.shopperKeyHash, requester.shopperKeyHash), eq(orders.shopId, requester.shopId), eq(orders.email, email)))
    .limit(1);
  if (ordered) return true;
  const [proved] = await db
    .select({ id: shopperEmailAccess.id })
    .from(shopperEmailAccess)
    .where(
      and(
        eq(shopperEmailAccess.shopperKeyHash, requester.shopperKeyHash),
        eq(shopperEmailAccess.shopId, requester.shopId),
        eq(shopperEmailAccess.email, email),
        gt(shopperEmailAccess.expiresAt, new Date(now)),
      ),
    )
    .limit(1);
  return proved !== undefined;
}

/**
 * The counters a request counts against: the client address (everyone); the email in the
 * shop, counted for every browser but enforced only for browsers the email is not known
 * from; and for a known browser its own allowance of the same size. So a stranger's
 * requests or guesses cannot lock the owner's browser out, and the owner's browser cannot
 * be used to go beyond the email's limit by anyone without its cookie.
 */
function limitRules(
  kind: "shopper-code" | "shopper-code-failure",
  requester: Requester,
  email: string,
  known: boolean,
  limits: { perEmail: RateLimit; perAddress: RateLimit },
): LimitRule[] {
  return [
    { key: `${kind}:ip:${clientAddressKey(requester.clientAddress)}`, ...limits.perAddress },
    { key: `${kind}:email:${requester.shopId}:${email}`, ...limits.perEmail, limit: known ? Infinity : limits.perEmail.limit },
    ...(known ? [{ key: browserKey(kind, requester, email), ...limits.perEmail }] : []),
  ];
}

function browserKey(kind: "shopper-code" | "shopper-code-failure", requester: Requester, email: string): string {
  return `${kind}:browser:${requester.shopId}:${email}:${requester.shopperKeyHash}`;
}

/** Whether the email has no order in the shop (a subquery: the database decides, in the statement). */
function noOrderOf(tx: Transaction, shopId: number, email: string): SQL {
  return notExists(
    tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.shopId, shopId), eq(orders.email, email))),
  );
}

/**
 * Mails a new code when the email placed orders in the shop (earlier codes of this browser
 * for it stop working). Requests count against the limits either way, and the work is the
 * same either way: the code is made and hashed, the mail rendered, and one transaction runs
 * the same statements: it writes the code and the mail, then takes both back when the email
 * has no order in the shop (nobody outside the transaction ever sees them). The answer's
 * time then does not tell whether the email has orders; the mail's delivery starts after
 * the answer's work.
 */
export async function requestShopperAccessCode(
  requester: Requester & { shop: { name: string }; language: Language },
  now = Date.now(),
): Promise<void> {
  const email = requester.email.toLowerCase();
  const known = await browserKnowsEmail(requester, email, now);
  await takeOrRefuse(
    limitRules("shopper-code", requester, email, known, { perEmail: CODE_REQUESTS_PER_EMAIL, perAddress: CODE_REQUESTS_PER_ADDRESS }),
    now,
  );
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
  const mail: OutgoingMail = {
    to: email,
    template: "shopper_access_code",
    ...shopperAccessCodeMail(requester.language, { shopName: requester.shop.name, code, minutes: ACCESS_CODE_TTL_MS / MINUTE }),
  };
  const queued = await writeTransaction(async (tx) => {
    await tx
      .update(shopperAccessCodes)
      .set({ usedAt: new Date(now) })
      .where(openCodesOf(requester, email));
    // Expired codes of anyone are of no use any more.
    await tx.delete(shopperAccessCodes).where(lt(shopperAccessCodes.expiresAt, new Date(now - ACCESS_CODE_TTL_MS)));
    const [stored] = await tx
      .insert(shopperAccessCodes)
      .values({
        shopId: requester.shopId,
        email,
        shopperKeyHash: requester.shopperKeyHash,
        codeHash: codeHash(requester.shopId, email, code),
        expiresAt: new Date(now + ACCESS_CODE_TTL_MS),
        createdAt: new Date(now),
      })
      .returning({ id: shopperAccessCodes.id });
    const [outgoing] = await tx
      .insert(mailOutbox)
      .values(outboxRow(mail, new Date(now)))
      .returning({ id: mailOutbox.id });
    await tx.delete(shopperAccessCodes).where(and(eq(shopperAccessCodes.id, stored!.id), noOrderOf(tx, requester.shopId, email)));
    const [withdrawn] = await tx
      .delete(mailOutbox)
      .where(and(eq(mailOutbox.id, outgoing!.id), noOrderOf(tx, requester.shopId, email)))
      .returning({ id: mailOutbox.id });
    return withdrawn ? null : outgoing!.id;
  });
  if (queued !== null) mailQueued(queued, mail);
}

/**
 * Checks the code against the latest one this browser asked for that email: right, it is
 * used up and the browser sees the email's orders in the shop; wrong, expired or unknown,
 * one and the same error.
 */
export async function verifyShopperAccessCode(requester: Requester & { code: string }, now = Date.now()): Promise<void> {
  const email = requester.email.toLowerCase();
  const known = await browserKnowsEmail(requester, email, now);
  // Every attempt counts as a failure until it proves right (parallel guesses cannot outrun the limit).
  const attempt = await takeOrRefuse(
    limitRules("shopper-code-failure", requester, email, known, {
      perEmail: CODE_FAILURES_PER_EMAIL,
      perAddress: CODE_FAILURES_PER_ADDRESS,
    }),
    now,
  );
  const db = getDatabase();
  const [pending] = await db
    .select()
    .from(shopperAccessCodes)
    .where(
      and(
        openCodesOf(requester, email),
        gt(shopperAccessCodes.expiresAt, new Date(now)),
        lt(shopperAccessCodes.failedAttempts, ACCESS_CODE_MAX_FAILURES),
      ),
    )
    .orderBy(desc(shopperAccessCodes.id))
    .limit(1);
  const expected = Buffer.from(pending?.codeHash ?? "0".repeat(64), "hex");
  const given = Buffer.from(codeHash(requester.shopId, email, requester.code), "hex");
  const matches = crypto.timingSafeEqual(expected, given) ? pending : undefined;
  // Used up in the same statement that checks it is unused: a code works once, even twice at once.
  const claimed =
    matches !== undefined &&
    (
      await db
        .update(shopperAccessCodes)
        .set({ usedAt: new Date(now) })
        .where(
          and(
            eq(shopperAccessCodes.id, matches.id),
            isNull(shopperAccessCodes.usedAt),
            lt(shopperAccessCodes.failedAttempts, ACCESS_CODE_MAX_FAILURES),
          ),
        )
        .returning({ id: shopperAccessCodes.id })
    ).length === 1;
  if (!claimed) {
    if (pending && !matches) {
      await db
        .update(shopperAccessCodes)
        // Counted by the database: wrong guesses at once each read the count before the others'.
        .set({ failedAttempts: sql`${shopperAccessCodes.failedAttempts} + 1` })
        .where(eq(shopperAccessCodes.id, pending.id));
    }
    throw new ValidationError("shopper_access.errors.wrong_code", { code: ["shopper_access.errors.wrong_code"] });
  }
  // A right code takes back its own counts, and this browser's earlier wrong ones; what others recorded stays.
  await releaseHits(attempt);
  await clearHits(browserKey("shopper-code-failure", requester, email));
  await db.delete(shopperEmailAccess).where(lt(shopperEmailAccess.expiresAt, new Date(now)));
  await db
    .insert(shopperEmailAccess)
    .values({
      shopId: requester.shopId,
      shopperKeyHash: requester.shopperKeyHash,
      email,
      expiresAt: new Date(now + EMAIL_ACCESS_TTL_MS),
      createdAt: new Date(now),
    })
    .onConflictDoUpdate({
      target: [shopperEmailAccess.shopperKeyHash, shopperEmailAccess.shopId, shopperEmailAccess.email],
      set: { expiresAt: new Date(now + EMAIL_ACCESS_TTL_MS) },
    });
}

/** The emails this browser proved in this shop (still valid). */
export async function provenShopperEmails(shopId: number, shopperKeyHash: string, now = Date.now()): Promise<string[]> {
  // A placeholder's value goes to the driver as it is: the column encodes the date itself.
  const rows = await provenEmailsOfShopper({ shopperKeyHash, shopId, now: shopperEmailAccess.expiresAt.mapToDriverValue(new Date(now)) });
  return rows.map((row) => row.email);
}

// Read on every page of a shopper who has a shopper key (the checkout's steps included).
const provenEmailsOfShopper = preparedRead("proven_emails_of_shopper", (db) =>
  db
    .select({ email: shopperEmailAccess.email })
    .from(shopperEmailAccess)
    .where(
      and(
        eq(shopperEmailAccess.shopperKeyHash, sql.placeholder("shopperKeyHash")),
        eq(shopperEmailAccess.shopId, sql.placeholder("shopId")),
        gt(shopperEmailAccess.expiresAt, sql.placeholder("now")),
      ),
    )
    .orderBy(shopperEmailAccess.email),
);

/** The shopper stops this browser from showing those emails' orders (a shared computer). */
export async function forgetShopperEmails(shopId: number, shopperKeyHash: string): Promise<void> {
  await getDatabase()
    .delete(shopperEmailAccess)
    .where(and(eq(shopperEmailAccess.shopperKeyHash, shopperKeyHash), eq(shopperEmailAccess.shopId, shopId)));
}
