/**
 * Which site a request is for, from its Host header (spec section 2, "Host logic"):
 * - localhost, an IP address, or a name with two or fewer labels is the main site;
 * - a `.localhost` suffix or more than two labels is a shop; its first label is the subdomain.
 * When the platform's own domain (ROOT_DOMAIN) is known it takes precedence, so a root
 * domain with more than two labels (e.g. `shops.example.co.uk`) still works.
 */
export type SiteFromHost = { kind: "main" } | { kind: "shop"; subdomain: string };

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

export function siteFromHost(host: string, rootDomain?: string): SiteFromHost {
  const hostname = hostnameOf(host).replace(/\.$/, "");
  if (rootDomain) {
    const root = hostnameOf(rootDomain);
    if (hostname === root) return { kind: "main" };
    if (hostname.endsWith(`.${root}`)) {
      const rest = hostname.slice(0, -(root.length + 1));
      return { kind: "shop", subdomain: rest.split(".")[0]! };
    }
  }
  if (hostname === "localhost" || isIpAddress(hostname)) return { kind: "main" };
  const labels = hostname.split(".");
  if (hostname.endsWith(".localhost") || labels.length > 2) {
    return { kind: "shop", subdomain: labels[0]! };
  }
  return { kind: "main" };
}

/**
 * Where a shop host without a live shop sends the browser (spec: the root domain; for a
 * `.localhost` host, localhost with the same port). Never a domain read from the Host
 * header, which the client chooses.
 */
export function mainSiteUrlForUnknownShop(shopHost: string, requestProtocol: string, mainSiteUrl: string): string {
  const hostname = hostnameOf(shopHost).replace(/\.$/, "");
  if (!hostname.endsWith(".localhost")) return mainSiteUrl;
  const port =
    shopHost
      .trim()
      .slice(hostnameOf(shopHost).length)
      .match(/^:\d+$/)?.[0] ?? "";
  return `${requestProtocol}//localhost${port}`;
}

/** `{subdomain}.{rootDomain}`, the address of a shop (without scheme). */
export function shopHost(subdomain: string, rootDomain: string): string {
  return `${subdomain}.${rootDomain}`;
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
 * keep such cookies host-only, so in local development each host has its own choice).
 */
export function platformCookieDomain(host: string, rootDomain?: string): string | undefined {
  const hostname = hostnameOf(host).replace(/\.$/, "");
  if (!hostname || isIpAddress(hostname)) return undefined;
  let domain: string;
  const root = rootDomain ? hostnameOf(rootDomain) : undefined;
  if (root && (hostname === root || hostname.endsWith(`.${root}`))) domain = root;
  else {
    const site = siteFromHost(host);
    domain = site.kind === "shop" ? hostname.split(".").slice(1).join(".") : hostname;
  }
  return domain.includes(".") && !isIpAddress(domain) ? domain : undefined;
}
