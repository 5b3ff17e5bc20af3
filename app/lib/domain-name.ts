import { isIP } from "node:net";
import { domainToASCII } from "node:url";

/**
 * A seller's own domain as typed (`Boutique-Léa.fr`, `shop.lea.fr`) checked and turned into
 * the one form we store and compare: lower-case ASCII, punycode for an IDN
 * (`xn--boutique-la-e7a.fr`). Server only (`node:url`). Each refusal names what is wrong so
 * the seller reads why in plain words.
 */
export type CustomDomainError = "invalid" | "scheme" | "path" | "port" | "ip" | "localhost" | "too_long" | "trailing_dot" | "own_domain";

export type ParsedCustomDomain = { ok: true; domain: string } | { ok: false; error: CustomDomainError };

const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const MAX_LABEL = 63;
const MAX_NAME = 253;

const refuse = (error: CustomDomainError): ParsedCustomDomain => ({ ok: false, error });

/** The platform's own host name, without port or final dot. */
function rootHostname(rootDomain: string): string {
  return rootDomain.trim().toLowerCase().replace(/:\d*$/, "").replace(/\.$/, "");
}

export function parseCustomDomain(input: string, rootDomain: string): ParsedCustomDomain {
  const value = input.trim();
  if (value === "" || /\s/.test(value)) return refuse("invalid");
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || value.startsWith("//")) return refuse("scheme");
  if (/[/?#]/.test(value)) return refuse("path");
  // An IPv6 literal, bracketed or not, before the port check (it is made of colons).
  if (value.startsWith("[") || value.split(":").length > 2 || isIP(value) !== 0) return refuse("ip");
  if (value.includes(":")) return refuse("port");
  if (value.endsWith(".")) return refuse("trailing_dot");
  if (value.length > MAX_NAME || value.split(".").some((label) => label.length > MAX_LABEL)) return refuse("too_long");

  // The WHATWG host parser: lower case, IDN to punycode, and `0x7f.1` read as the address it is.
  const ascii = domainToASCII(value.toLowerCase());
  if (ascii === "") return /^[\d.]+$/.test(value) ? refuse("ip") : refuse("invalid");
  if (isIP(ascii) !== 0) return refuse("ip");
  const labels = ascii.split(".");
  if (labels.at(-1) === "localhost") return refuse("localhost");
  if (ascii.length > MAX_NAME || labels.some((label) => label.length > MAX_LABEL)) return refuse("too_long");
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label)) || /^\d+$/.test(labels.at(-1) ?? "")) {
    return refuse("invalid");
  }

  const root = rootHostname(rootDomain);
  if (ascii === root || ascii.endsWith(`.${root}`)) return refuse("own_domain");
  return { ok: true, domain: ascii };
}
