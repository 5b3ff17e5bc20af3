/**
 * Which site a request is for, from its Host header. Only our own names are served: the
 * platform's domain (ROOT_DOMAIN, compared without its port, as the spec's host rules
 * ignore ports), its direct subdomains, and localhost or an IP address (the main site, as
 * the spec says: development, a load balancer asking by address). Among them the spec's
 * rules (section 2, "Host logic") decide: the domain, localhost or an IP address is the main
 * site; a subdomain (`demo.localhost`, `demo.example.com`) is a shop, its label the
 * subdomain. The configured domain takes precedence over the spec's count of labels, so a
 * domain of more than two labels (`shops.example.co.uk`) still works. Any other name is
 * `foreign`: a domain someone else pointed at us, a nested subdomain (`x.demo.example.com`),
 * or a Host the client wrote; nothing of ours is served for it.
 */
export type SiteFromHost = { kind: "main" } | { kind: "shop"; subdomain: string } | { kind: "foreign" };

export function hostnameOf(host: string): string {
  const value = host.trim().toLowerCase();
  if (value.startsWith("[")) return value.slice(0, value.indexOf("]") + 1); // [::1]:3000
  const colon = value.lastIndexOf(":");
  return colon === -1 ? value : value.slice(0, colon);
}

function isIpAddress(hostname: string): boolean {
  if (hostname.startsWith("[") || hostname.includes(":")) return true; // IPv6
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);
}

/** A host name without port, lower-cased, without the root label's dot (`example.com.`). */
export const bareHostname = (host: string) => hostnameOf(host).replace(/\.$/, "");

export function siteFromHost(host: string, rootDomain: string): SiteFromHost {
  const hostname = bareHostname(host);
  const root = bareHostname(rootDomain);
  if (hostname === root || hostname === "localhost" || isIpAddress(hostname)) return { kind: "main" };
  if (isIpAddress(root) || !hostname.endsWith(`.${root}`)) return { kind: "foreign" };
  const subdomain = hostname.slice(0, -(root.length + 1));
  return subdomain.includes(".") ? { kind: "foreign" } : { kind: "shop", subdomain };
}

// A DNS name (letters, digits, inner hyphens; 63 per label), an IPv4 address or a bracketed
// IPv6 address, then an optional port.
const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const HOST_HEADER = new RegExp(`^(?:${LABEL}(?:\\.${LABEL})*\\.?|\\[[0-9a-f:.]+\\])(?::(\\d{1,5}))?$`, "i");

/**
 * Whether a Host (or X-Forwarded-Host) value is one we can build a URL from. Anything else
 * (`localhost:99999`, `%00.localhost`, `[::1`) is the client's mistake: a 400 at the edge.
 */
export function isWellFormedHost(host: string | null | undefined): boolean {
  if (!host || host.length > 255) return false;
  const match = HOST_HEADER.exec(host);
  if (!match) return false;
  if (match[1] !== undefined && (Number(match[1]) < 1 || Number(match[1]) > 65535)) return false;
  try {
    // The URL parser has the last word on IPv6 literals such as `[1:2:3]`.
    return new URL(`http://${host}/`).host !== "";
  } catch {
    return false;
  }
}

/**
 * The Domain attribute for a cookie every host of the platform should share (the language
 * choice): the platform's own domain when the host is it or one of its shops, so French
 * chosen on the main site is French on every shop and back. Undefined where a shared
 * cookie cannot exist: an IP address, or a single-label name such as `localhost` (browsers
 * keep such cookies host-only, so in local development each host has its own choice), and
 * without the platform's domain (a page rendered without it).
 */
export function platformCookieDomain(host: string, rootDomain?: string): string | undefined {
  if (!rootDomain) return undefined;
  const hostname = bareHostname(host);
  const root = bareHostname(rootDomain);
  if (hostname !== root && siteFromHost(host, rootDomain).kind !== "shop") return undefined;
  return root.includes(".") && !isIpAddress(root) ? root : undefined;
}
