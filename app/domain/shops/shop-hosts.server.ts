import { and, eq, sql } from "drizzle-orm";
import { getConfig, shopBaseUrl, type ShopAddress } from "~/config.server";
import { bareHostname, isWellFormedHost, siteFromHost } from "~/lib/host";
import { getDatabase, preparedRead } from "~db/client";
import { shopDomains, shops, type Shop } from "~db/schema";

/**
 * Which shop a host is, and a shop's public address (issue 30). A shop answers on its
 * subdomain of `ROOT_DOMAIN` and on each of its verified custom domains (`shop_domains`, status
 * "verified") while it is live; its primary domain, when verified, is its address everywhere
 * (`shopBaseUrl`). Domains are stored lower case, without a trailing dot, punycode for an IDN.
 */
export type HostShop = { shop: Shop; primaryDomain: string | null };

/**
 * The shop's verified primary domain, as a column of a query on `shops` (dialect-neutral SQL).
 * `shops.id` is written out: drizzle renders a column of a one-table query unqualified (`"id"`),
 * which inside the subquery would be the domain's own id.
 */
export const shopPrimaryDomain = sql<
  string | null
>`(select pd.domain from shop_domains pd where pd.shop_id = shops.id and pd.is_primary and pd.status = 'verified' limit 1)`;

// Every request on a shop's subdomain reads it.
const liveShopBySubdomain = preparedRead("live_shop_by_subdomain_with_domain", (db) =>
  db
    .select({ shop: shops, primaryDomain: shopPrimaryDomain })
    .from(shops)
    .where(and(eq(shops.subdomain, sql.placeholder("subdomain")), eq(shops.isLive, true)))
    .limit(1),
);

// Every request on a custom domain reads it.
const liveShopByDomain = preparedRead("live_shop_by_custom_domain", (db) =>
  db
    .select({ shop: shops, primaryDomain: shopPrimaryDomain })
    .from(shopDomains)
    .innerJoin(shops, eq(shops.id, shopDomains.shopId))
    .where(and(eq(shopDomains.domain, sql.placeholder("domain")), eq(shopDomains.status, "verified"), eq(shops.isLive, true)))
    .limit(1),
);

/** A live shop on its subdomain, with its primary domain. */
export async function findLiveShopBySubdomain(subdomain: string): Promise<HostShop | undefined> {
  const [row] = await liveShopBySubdomain({ subdomain: subdomain.toLowerCase() });
  return row;
}

/**
 * The live shop a custom domain is verified for, read fresh on every request (as the
 * subdomain's shop is), so a domain removed or unverified stops serving on every node at once.
 * `hostname` is already bare: lower case, no port, no trailing dot (`bareHostname`).
 */
export async function findLiveShopByCustomDomain(hostname: string): Promise<HostShop | undefined> {
  const [row] = await liveShopByDomain({ domain: hostname });
  return row;
}

/**
 * Answers about names given before the app reads a shop (the HTTP edge serving a custom
 * domain's static files, the TLS terminator's question), kept in memory for `HOST_CACHE_MS`,
 * yes and no alike: a flood of made-up names costs one query per name and interval, and every
 * node agrees within that time after a domain is verified or removed. The app's own answer
 * for a page (`findLiveShopByCustomDomain`) is read fresh, never stale.
 */
export const HOST_CACHE_MS = 5_000;
const HOST_CACHE_ENTRIES = 10_000;
const hostAnswers = new Map<string, { yes: boolean; until: number }>();

async function cachedAnswer(key: string, now: number, ask: () => Promise<boolean>): Promise<boolean> {
  const cached = hostAnswers.get(key);
  if (cached && cached.until > now) return cached.yes;
  const yes = await ask();
  hostAnswers.delete(key);
  hostAnswers.set(key, { yes, until: now + HOST_CACHE_MS });
  // A Map iterates in insertion order: the first key is the oldest.
  if (hostAnswers.size > HOST_CACHE_ENTRIES) hostAnswers.delete(hostAnswers.keys().next().value!);
  return yes;
}

/** Whether a bare hostname (`bareHostname`) is a verified domain of a live shop. */
export function isServedCustomDomain(hostname: string, now = Date.now()): Promise<boolean> {
  return cachedAnswer(`domain:${hostname}`, now, async () => {
    const [row] = await getDatabase()
      .select({ id: shopDomains.id })
      .from(shopDomains)
      .innerJoin(shops, eq(shops.id, shopDomains.shopId))
      .where(and(eq(shopDomains.domain, hostname), eq(shopDomains.status, "verified"), eq(shops.isLive, true)))
      .limit(1);
    return row !== undefined;
  });
}

/** Whether a subdomain of `ROOT_DOMAIN` is a registered shop's (live or opening soon). */
function isShopSubdomain(subdomain: string, now: number): Promise<boolean> {
  return cachedAnswer(`subdomain:${subdomain}`, now, async () => {
    const [row] = await getDatabase().select({ id: shops.id }).from(shops).where(eq(shops.subdomain, subdomain)).limit(1);
    return row !== undefined;
  });
}

/** Forgets what this node knows of names (after a shop's domain changes here; the other nodes follow within `HOST_CACHE_MS`). */
export function forgetCustomDomainHosts(): void {
  hostAnswers.clear();
}

/**
 * Whether a TLS terminator may obtain a certificate for `name` (Caddy's on-demand `ask`):
 * the platform's own domain, a registered shop's subdomain of it, or a verified domain of a
 * live shop; nothing else (not `localhost`, an IP address, a nested name or a made-up one),
 * since every yes can make the terminator ask a certificate authority for a certificate.
 */
export async function mayHaveCertificate(name: string, now = Date.now()): Promise<boolean> {
  if (!isWellFormedHost(name) || /:\d+$/.test(name)) return false;
  const hostname = bareHostname(name);
  const root = bareHostname(getConfig().ROOT_DOMAIN);
  const site = siteFromHost(hostname, root);
  if (site.kind === "main") return hostname === root && root.includes(".");
  if (site.kind === "shop") return isShopSubdomain(site.subdomain, now);
  return isServedCustomDomain(hostname, now);
}

/** A shop's address parts: its subdomain and verified primary domain. */
export async function shopAddressOf(shopId: number): Promise<ShopAddress> {
  const [row] = await getDatabase()
    .select({ subdomain: shops.subdomain, primaryDomain: shopPrimaryDomain })
    .from(shops)
    .where(eq(shops.id, shopId))
    .limit(1);
  if (!row) throw new Error(`no shop ${shopId}`);
  return row;
}

/** A shop's public base URL (`shopBaseUrl`) read from the database: mails, links, QR codes. */
export async function shopPublicUrl(shopId: number): Promise<string> {
  return shopBaseUrl(await shopAddressOf(shopId));
}
