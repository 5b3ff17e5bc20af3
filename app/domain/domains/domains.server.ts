import crypto from "node:crypto";
import { and, asc, count, eq, gt, isNull, lt, lte, ne, or } from "drizzle-orm";
import { getConfig } from "~/config.server";
import { ConflictError, NotFoundError, ValidationError } from "~/domain/errors.server";
import { markShopContentChanged } from "~/domain/shops/content-version.server";
import { forgetCustomDomainHosts } from "~/domain/shops/shop-hosts.server";
import { parseCustomDomain } from "~/lib/domain-name";
import { ascNullsFirst, getDatabase, lockRows, writeTransaction } from "~db/client";
import { isUniqueViolation } from "~db/errors";
import { shopDomains, shops, type Shop, type ShopDomain } from "~db/schema";
import { checkDomainDns, VERIFICATION_PREFIX, type DnsProblem, type DnsSettings } from "./dns-check.server";

/**
 * A shop's own domains (issue 30, docs/custom-domains.md): the seller adds a name, proves it
 * with a TXT record and points it at us; "Check now" and the background check (every few
 * minutes for 72 hours) look the records up; a verified domain can be the shop's primary
 * address. Serving a shop on its domain reads `shop_domains` (verified rows only).
 */
export const MAX_DOMAINS_PER_SHOP = 5;
/** How long after it was added the background check keeps looking at a pending domain. */
export const CHECK_WINDOW_MS = 72 * 60 * 60 * 1000;
/** The background check's round; a domain is looked up at most once per round, whatever the number of nodes. */
export const BACKGROUND_CHECK_EVERY_MS = 5 * 60 * 1000;
const BACKGROUND_BATCH = 50;

export class DomainTakenError extends ConflictError {
  override readonly code = "domain_taken";
}
export class DomainLimitError extends ConflictError {
  override readonly code = "domain_limit";
}
export class ShopNotLiveError extends ConflictError {
  override readonly code = "onboarding_incomplete";
}
/** "Check now" found a record missing or wrong (or the DNS did not answer): the message says which. */
export class DnsNotReadyError extends ConflictError {
  override readonly code = "dns_not_ready";
  constructor(readonly problem: DnsProblem) {
    super(`domains.problems.${problem}`);
  }
}
export class DomainNotVerifiedError extends ConflictError {
  override readonly code = "domain_not_verified";
}

/** The shop's domains, oldest first. */
export function listShopDomains(shopId: number): Promise<ShopDomain[]> {
  return getDatabase().select().from(shopDomains).where(eq(shopDomains.shopId, shopId)).orderBy(asc(shopDomains.id));
}

async function findShopDomain(shopId: number, domainId: number): Promise<ShopDomain> {
  const [row] = await getDatabase()
    .select()
    .from(shopDomains)
    .where(and(eq(shopDomains.id, domainId), eq(shopDomains.shopId, shopId)))
    .limit(1);
  if (!row) throw new NotFoundError("domains.errors.not_found");
  return row;
}

/**
 * Adds a domain, pending, with a fresh verification token. Refused: a name that is not a
 * domain we can serve (field error), a shop whose onboarding is not complete, a sixth domain,
 * a name already connected. A name another shop added but never verified within its 72 hours
 * is free again (a squatter cannot hold a seller's brand).
 */
export async function addShopDomain(shop: Pick<Shop, "id" | "isLive">, input: string, now = new Date()): Promise<ShopDomain> {
  const parsed = parseCustomDomain(input, getConfig().ROOT_DOMAIN);
  if (!parsed.ok) throw new ValidationError("domains.errors.invalid_domain", { domain: [`domains.errors.${parsed.error}`] });
  if (!shop.isLive) throw new ShopNotLiveError("domains.errors.onboarding_incomplete");
  const domain = parsed.domain;
  try {
    return await writeTransaction(async (tx) => {
      // One shop's additions queue, so two at once cannot make a sixth domain.
      await lockRows(tx, shops, eq(shops.id, shop.id), "no key update");
      const [existing] = await tx.select().from(shopDomains).where(eq(shopDomains.domain, domain)).limit(1);
      if (existing?.shopId === shop.id) {
        throw new DomainTakenError("domains.errors.already_added", { domain: ["domains.errors.already_added"] });
      }
      if (existing && (existing.status === "verified" || existing.checkUntil > now)) {
        throw new DomainTakenError("domains.errors.taken", { domain: ["domains.errors.taken"] });
      }
      if (existing) {
        // Only while still lapsed: its shop may verify it ("Check now") after this read.
        const freed = await tx
          .delete(shopDomains)
          .where(and(eq(shopDomains.id, existing.id), eq(shopDomains.status, "pending"), lte(shopDomains.checkUntil, now)))
          .returning({ id: shopDomains.id });
        if (freed.length === 0) throw new DomainTakenError("domains.errors.taken", { domain: ["domains.errors.taken"] });
      }
      const [held] = await tx.select({ n: count() }).from(shopDomains).where(eq(shopDomains.shopId, shop.id));
      if ((held?.n ?? 0) >= MAX_DOMAINS_PER_SHOP) {
        throw new DomainLimitError("domains.errors.limit", {}, { maximum: MAX_DOMAINS_PER_SHOP });
      }
      const [row] = await tx
        .insert(shopDomains)
        .values({
          shopId: shop.id,
          domain,
          status: "pending",
          verificationToken: crypto.randomBytes(24).toString("base64url"),
          checkUntil: new Date(now.getTime() + CHECK_WINDOW_MS),
          createdAt: now,
        })
        .returning();
      return row!;
    });
  } catch (error) {
    // Another shop added the same name at the same moment.
    if (isUniqueViolation(error)) throw new DomainTakenError("domains.errors.taken", { domain: ["domains.errors.taken"] });
    throw error;
  }
}

/**
 * A domain now serves the shop, or stops to, or the shop's address moved: its cached pages
 * (which print the address) are renewed, and this node forgets its few seconds' memory of
 * which hosts are served (other nodes follow within HOST_CACHE_MS).
 */
async function domainAnswerChanged(shopId: number): Promise<void> {
  await markShopContentChanged(shopId);
  forgetCustomDomainHosts();
}

/** Writes what a check found: verified (for good), or the problem of a pending domain. */
async function recordCheck(row: ShopDomain, problem: DnsProblem | null, now: Date): Promise<ShopDomain> {
  const [updated] = await getDatabase()
    .update(shopDomains)
    .set(
      problem === null
        ? { status: "verified", problem: null, verifiedAt: now, lastCheckedAt: now, updatedAt: now }
        : { problem, lastCheckedAt: now, updatedAt: now },
    )
    .where(and(eq(shopDomains.id, row.id), eq(shopDomains.status, "pending")))
    .returning();
  if (!updated) return findShopDomain(row.shopId, row.id); // verified meanwhile, or removed (404)
  if (updated.status === "verified") await domainAnswerChanged(row.shopId);
  return updated;
}

/**
 * "Check now": looks the two records up. A verified domain stays verified (nothing to check);
 * a pending one becomes verified, or keeps what is missing and the request is refused with it
 * (`dns_not_ready`). "Check now" also works after the background check's 72 hours.
 */
export async function verifyShopDomain(shopId: number, domainId: number, now = new Date()): Promise<ShopDomain> {
  const row = await findShopDomain(shopId, domainId);
  if (row.status === "verified") return row;
  const check = await checkDomainDns(row.domain, row.verificationToken);
  const updated = await recordCheck(row, check.ok ? null : check.problem, now);
  if (updated.status !== "verified" && !check.ok) throw new DnsNotReadyError(check.problem);
  return updated;
}

/**
 * The background check's round: pending domains still in their 72 hours and not looked at
 * during the last round. Each is claimed by moving its `lastCheckedAt` (a conditional update),
 * so with several nodes a domain is looked up once per round. Returns how many were checked.
 */
export async function checkPendingDomains(now = new Date()): Promise<number> {
  // A second of slack: the previous round's domains are due again although timers drift.
  const cutoff = new Date(now.getTime() - BACKGROUND_CHECK_EVERY_MS + 1000);
  const due = or(isNull(shopDomains.lastCheckedAt), lt(shopDomains.lastCheckedAt, cutoff));
  const candidates = await getDatabase()
    .select()
    .from(shopDomains)
    .where(and(eq(shopDomains.status, "pending"), gt(shopDomains.checkUntil, now), due))
    .orderBy(ascNullsFirst(shopDomains.lastCheckedAt), asc(shopDomains.id))
    .limit(BACKGROUND_BATCH);
  let checked = 0;
  for (const candidate of candidates) {
    const [claimed] = await getDatabase()
      .update(shopDomains)
      .set({ lastCheckedAt: now })
      .where(and(eq(shopDomains.id, candidate.id), eq(shopDomains.status, "pending"), due))
      .returning({ id: shopDomains.id });
    if (!claimed) continue;
    const check = await checkDomainDns(candidate.domain, candidate.verificationToken);
    await recordCheck(candidate, check.ok ? null : check.problem, now).catch((error: unknown) => {
      if (!(error instanceof NotFoundError)) throw error; // removed while it was looked up
    });
    checked += 1;
  }
  return checked;
}

/** Makes a verified domain the shop's primary address (`primary: false`: the subdomain is again). */
export async function setPrimaryDomain(shopId: number, domainId: number, primary: boolean, now = new Date()): Promise<ShopDomain> {
  const row = await findShopDomain(shopId, domainId);
  if (primary && row.status !== "verified") throw new DomainNotVerifiedError("domains.errors.not_verified");
  if (row.isPrimary === primary) return row;
  const updated = await writeTransaction(async (tx) => {
    // One shop's changes queue: two domains made primary at once would both stay primary.
    await lockRows(tx, shops, eq(shops.id, shopId), "no key update");
    if (primary) {
      await tx
        .update(shopDomains)
        .set({ isPrimary: false, updatedAt: now })
        .where(and(eq(shopDomains.shopId, shopId), ne(shopDomains.id, domainId), eq(shopDomains.isPrimary, true)));
    }
    const [changed] = await tx
      .update(shopDomains)
      .set({ isPrimary: primary, updatedAt: now })
      .where(and(eq(shopDomains.id, domainId), eq(shopDomains.shopId, shopId)))
      .returning();
    return changed;
  });
  if (!updated) throw new NotFoundError("domains.errors.not_found");
  await domainAnswerChanged(shopId);
  return updated;
}

/** Removes a domain: the shop stops answering on it (and its subdomain is its address again if it was primary). */
export async function removeShopDomain(shopId: number, domainId: number): Promise<void> {
  const removed = await getDatabase()
    .delete(shopDomains)
    .where(and(eq(shopDomains.id, domainId), eq(shopDomains.shopId, shopId)))
    .returning({ id: shopDomains.id });
  if (removed.length === 0) throw new NotFoundError("domains.errors.not_found");
  await domainAnswerChanged(shopId);
}

export type DnsRecord = { type: "TXT" | "CNAME" | "A" | "AAAA" | "A/AAAA"; name: string; value: string };

/**
 * The two records the seller creates: the TXT record that proves ownership, and where the
 * name points. A subdomain (`shop.lea.fr`) takes a CNAME to the target; an apex
 * (`boutique-lea.fr`, two labels) cannot hold a CNAME, so it takes A/AAAA records to our
 * addresses when CUSTOM_DOMAIN_IPS lists them (else a CNAME, which DNS hosts offering ALIAS
 * or flattening accept). Verification accepts either form for any name.
 */
export function domainRecords(
  row: Pick<ShopDomain, "domain" | "verificationToken">,
  settings: DnsSettings = getConfig(),
): { verification: DnsRecord; pointing: DnsRecord } {
  const verification: DnsRecord = { type: "TXT", name: `${VERIFICATION_PREFIX}.${row.domain}`, value: row.verificationToken };
  const apex = row.domain.split(".").length === 2;
  const ips = settings.CUSTOM_DOMAIN_IPS;
  if (!apex || ips.length === 0) return { verification, pointing: { type: "CNAME", name: row.domain, value: settings.customDomainTarget } };
  const v6 = ips.filter((ip) => ip.includes(":")).length;
  const type = v6 === 0 ? "A" : v6 === ips.length ? "AAAA" : "A/AAAA";
  return { verification, pointing: { type, name: row.domain, value: ips.join(", ") } };
}

/** The API's view of a domain (`/api/v1/customer/shop/domains/`). */
export function domainResource(row: ShopDomain) {
  return {
    id: row.id,
    domain: row.domain,
    status: row.status,
    primary: row.isPrimary,
    problem: row.problem,
    ...domainRecords(row),
    last_checked_at: row.lastCheckedAt?.toISOString() ?? null,
    verified_at: row.verifiedAt?.toISOString() ?? null,
    check_until: row.checkUntil.toISOString(),
  };
}
