import type { MiddlewareFunction } from "react-router";

/**
 * Whether a shared cache (a CDN, a corporate proxy) may keep this answer: `public` or
 * `s-maxage` in `Cache-Control`, or a `CDN-Cache-Control` (RFC 9213) that does not forbid it.
 */
export function mayBeSharedCached(headers: Headers): boolean {
  const directives = (name: string) =>
    (headers.get(name) ?? "")
      .toLowerCase()
      .split(",")
      .map((directive) => directive.trim().split("=")[0]!)
      .filter(Boolean);
  const browser = directives("Cache-Control");
  if (browser.includes("public") || browser.includes("s-maxage")) return true;
  const cdn = directives("CDN-Cache-Control");
  return cdn.length > 0 && !cdn.includes("no-store") && !cdn.includes("private");
}

/**
 * An answer a shared cache may keep goes to everyone behind it, cookies included: a CSRF
 * token set on the translations or the OpenAPI document would be one token for every
 * visitor, a stale session's clearing would sign everyone out. The middlewares that set
 * cookies on any answer (CSRF, session, toast) run for these too, so their cookies are
 * dropped here, outermost, whatever set them; the next page sets them as usual (a toast read
 * meanwhile stays for it).
 */
export const noCookieOnSharedAnswersMiddleware: MiddlewareFunction<Response> = async (_args, next) => {
  const response = await next();
  if (!response.headers.has("Set-Cookie") || !mayBeSharedCached(response.headers)) return response;
  try {
    response.headers.delete("Set-Cookie");
    return response;
  } catch {
    // Immutable headers (Response.redirect): copy the response.
    const copy = new Response(response.body, response);
    copy.headers.delete("Set-Cookie");
    return copy;
  }
};
