/**
 * A redirect target taken from the request, reduced to a path on this site. Browsers strip
 * tabs and newlines from URLs and read `\` as `/`, so `/\t/evil.org` would leave the site:
 * the value is resolved like a browser would, must stay on the same origin, and comes back
 * percent-encoded (raw control or non-ASCII characters are not valid in a Location header).
 * The result is checked after resolution, not before: removing dot segments turns
 * `/.//evil.example` (or `/%2e//evil.example`) into `//evil.example`, a protocol-relative
 * URL that a browser would follow off the site. Every redirect taken from a request goes
 * through here.
 */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback: string): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  // Control characters and whitespace (including U+2028/U+2029) never appear in our own paths.
  if (/[\p{Cc}\p{Z}]/u.test(value)) return fallback;
  const base = "http://redirect.invalid";
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return isSameSitePath(path) ? path : fallback;
}

/** A path a browser resolves on the current origin: one leading `/`, never `//` or `/\`. */
function isSameSitePath(path: string): boolean {
  return path.startsWith("/") && !/^\/[/\\]/.test(path);
}
