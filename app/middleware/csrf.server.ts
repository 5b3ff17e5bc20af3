import crypto from "node:crypto";
import { createContext, data, type MiddlewareFunction } from "react-router";
import { readCookie, serializeCookie } from "~/lib/cookies";
import { CSRF_COOKIE, CSRF_FIELD, CSRF_HEADER } from "~/lib/csrf";
import { requestLog } from "~/lib/logger.server";
import { getI18nInstance } from "./i18n.server";
import { crossOriginContext, publicPageContext } from "./request.server";
import { bearerToken } from "./session.server";
import { isApiPath } from "./site.server";

/** The token for this request's forms (the cookie's value, or a fresh one being set; empty on a public page). */
export const csrfTokenContext = createContext<string>("");

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// Verified by signature and sent without cookies by the payment provider.
const EXEMPT_PATHS = [/^\/api\/v1\/payment\/webhook\/?$/];

function sameToken(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b || a.length !== b.length) return false;
  return crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

export function csrfCookie(token: string, secure: boolean): string {
  // Readable by scripts on purpose: API clients echo it in X-CSRFToken (double submit).
  return serializeCookie(CSRF_COOKIE, token, { path: "/", maxAge: 31_536_000, sameSite: "lax", secure });
}

/**
 * Whether the browser itself says a form post comes from a page of this origin: Fetch
 * Metadata (`Sec-Fetch-Site`, sent by every current browser), or, from a browser too old to
 * send it, an `Origin` equal to ours. Pages cannot forge either header, so this proves what
 * the token proves; the shop pages that every anonymous shopper gets alike carry no token
 * (they are the same bytes for everyone, `page-cache.server.ts`) and rely on it.
 */
function browserSaysSameOrigin(request: Request, origin: string): boolean {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site) return site === "same-origin";
  return request.headers.get("Origin") === origin;
}

/**
 * Every unsafe request must prove it comes from our own pages: a form carries the token in a
 * hidden field or the browser says it posts from this origin (above); an API call sends
 * `X-CSRFToken` equal to the `csrftoken` cookie (double submit, the API's contract). A
 * cross-origin `Origin` or `Sec-Fetch-Site` is refused whatever else the request carries
 * (the edge takes a foreign `Origin` away before React Router's own check and notes it in
 * `crossOriginContext`: `cross-origin.server.ts`). A refusal is a 403 with the app's error
 * page (JSON for the API) and a warning in the log. Calls authenticated by an API key carry
 * no cookies and are exempt. Any GET response sets the cookie when it is missing, except a
 * public page's (a cookie would make it one shopper's).
 */
export const csrfMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const url = new URL(request.url);
  const cookieToken = readCookie(request.headers.get("Cookie"), CSRF_COOKIE);
  const validCookie = cookieToken && /^[A-Za-z0-9_-]{32,64}$/.test(cookieToken) ? cookieToken : undefined;

  if (!SAFE_METHODS.has(request.method) && !EXEMPT_PATHS.some((re) => re.test(url.pathname))) {
    const api = isApiPath(url.pathname);
    if (!(api && bearerToken(request) !== null)) {
      const origin = request.headers.get("Origin");
      const fetchSite = request.headers.get("Sec-Fetch-Site");
      const crossOrigin =
        context.get(crossOriginContext) ||
        (origin !== null && origin !== url.origin) ||
        (fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none");
      const formFromOurPage = !api && browserSaysSameOrigin(request, url.origin);
      let submitted = request.headers.get(CSRF_HEADER);
      if (!submitted && !api && !formFromOurPage) {
        const type = request.headers.get("Content-Type") ?? "";
        if (type.includes("form")) {
          try {
            const value = (await request.clone().formData()).get(CSRF_FIELD);
            submitted = typeof value === "string" ? value : null;
          } catch {
            submitted = null;
          }
        }
      }
      if (crossOrigin || !(formFromOurPage || sameToken(submitted, validCookie))) {
        requestLog().warn({ status: 403, reason: crossOrigin ? "cross-origin" : "no csrf token" }, "request refused");
        const t = getI18nInstance(context).t;
        const message = t("errors.csrf");
        if (api) return Response.json({ message }, { status: 403 });
        throw data({ message }, { status: 403 });
      }
    }
  }

  if (context.get(publicPageContext)) return next();
  const token = validCookie ?? crypto.randomBytes(24).toString("base64url");
  context.set(csrfTokenContext, token);
  const response = await next();
  if (!validCookie) response.headers.append("Set-Cookie", csrfCookie(token, url.protocol === "https:"));
  return response;
};
