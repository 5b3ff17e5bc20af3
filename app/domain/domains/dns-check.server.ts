import { promises as dns } from "node:dns";
import { getConfig, type Config } from "~/config.server";

/**
 * A custom domain's two DNS records, checked through Node's resolver (`DNS_SERVERS`, else
 * the system's): the TXT record that proves the seller owns the name, and the record that
 * sends its visitors to us (a CNAME to `CUSTOM_DOMAIN_TARGET`, or A/AAAA records equal to
 * `CUSTOM_DOMAIN_IPS`, for an apex that cannot hold a CNAME). A DNS server that does not
 * answer is "could not check" (`dns_unavailable`), never an answer about the records.
 */
export const VERIFICATION_PREFIX = "_livecart-verify";

export type DnsProblem = "txt_missing" | "txt_mismatch" | "pointing_missing" | "pointing_elsewhere" | "dns_unavailable";
export type DnsCheck = { ok: true } | { ok: false; problem: DnsProblem };

// Each lookup: 2 s per try, 2 tries; a check makes at most 5 lookups, so it ends in seconds.
const LOOKUP_TIMEOUT_MS = 2000;
const LOOKUP_TRIES = 2;

export type DnsSettings = Pick<Config, "DNS_SERVERS" | "CUSTOM_DOMAIN_IPS" | "customDomainTarget">;

function resolverFor(servers: string[]): dns.Resolver {
  const resolver = new dns.Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: LOOKUP_TRIES });
  if (servers.length > 0) resolver.setServers(servers);
  return resolver;
}

/**
 * A lookup's records; none when the DNS answered that the name has none of that type (or
 * does not exist): the seller has not created them (yet). Any other failure is thrown: the
 * DNS did not answer.
 */
async function records<T>(query: () => Promise<T[]>): Promise<T[]> {
  try {
    return await query();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === dns.NODATA || code === dns.NOTFOUND) return [];
    throw error;
  }
}

const sameName = (a: string, b: string) => a.toLowerCase().replace(/\.$/, "") === b.toLowerCase().replace(/\.$/, "");

/** Where the domain points: to us (a CNAME to the target, or only our addresses), nowhere, or elsewhere. */
async function checkPointing(resolver: dns.Resolver, domain: string, settings: DnsSettings): Promise<DnsCheck> {
  const cnames = await records(() => resolver.resolveCname(domain));
  if (cnames.some((name) => sameName(name, settings.customDomainTarget))) return { ok: true };
  if (cnames.length > 0) return { ok: false, problem: "pointing_elsewhere" };
  const [v4, v6] = await Promise.all([records(() => resolver.resolve4(domain)), records(() => resolver.resolve6(domain))]);
  const addresses = [...v4, ...v6].map((address) => address.toLowerCase());
  if (addresses.length === 0) return { ok: false, problem: "pointing_missing" };
  // Without CUSTOM_DOMAIN_IPS, an apex that copies the target's addresses (an ALIAS record) points to us too.
  const ours =
    settings.CUSTOM_DOMAIN_IPS.length > 0
      ? settings.CUSTOM_DOMAIN_IPS
      : [
          ...(await records(() => resolver.resolve4(settings.customDomainTarget))),
          ...(await records(() => resolver.resolve6(settings.customDomainTarget))),
        ].map((address) => address.toLowerCase());
  return addresses.every((address) => ours.includes(address)) ? { ok: true } : { ok: false, problem: "pointing_elsewhere" };
}

/** Checks both records of `domain`; the ownership record first, as the screen lists them. */
export async function checkDomainDns(domain: string, token: string, settings: DnsSettings = getConfig()): Promise<DnsCheck> {
  const resolver = resolverFor(settings.DNS_SERVERS);
  try {
    const txt = await records(() => resolver.resolveTxt(`${VERIFICATION_PREFIX}.${domain}`));
    const values = txt.map((chunks) => chunks.join("").trim());
    if (values.length === 0) return { ok: false, problem: "txt_missing" };
    if (!values.includes(token)) return { ok: false, problem: "txt_mismatch" };
    return await checkPointing(resolver, domain, settings);
  } catch {
    // Timeout, refused, SERVFAIL: nothing is known about the records; the next check retries.
    return { ok: false, problem: "dns_unavailable" };
  } finally {
    resolver.cancel();
  }
}
