import crypto from "node:crypto";
import type { MiddlewareFunction } from "react-router";
import { getConfig } from "~/config.server";
import { siteFromHost } from "~/lib/host";

// The card provider's hosts (Stripe.js, its frames and API).
const STRIPE_SCRIPT = "https://js.stripe.com";
const STRIPE_FRAMES = ["https://js.stripe.com", "https://hooks.stripe.com"];
const STRIPE_CONNECT = ["https://api.stripe.com", "https://*.stripe.com"];

/**
 * The policy. `inlineScripts` are the sha256 sources of the document's inline scripts (React
 * Router's hydration data and module loader), computed from the rendered page
 * (`inlineScriptSources`): a page carries no nonce, so it is the same bytes for every shopper
 * who gets it (`page-cache.server.ts`). Static files and API answers carry no inline script.
 */
export function contentSecurityPolicy(inlineScripts: readonly string[], development: boolean): string {
  // Vite's dev client injects inline modules (a hash in the policy would switch
  // 'unsafe-inline' off) and talks over a websocket.
  const scriptSources = ["'self'", ...(development ? ["'unsafe-inline'"] : inlineScripts), STRIPE_SCRIPT];
  const connectSources = ["'self'", ...STRIPE_CONNECT, ...(development ? ["ws:", "wss:"] : [])];
  return [
    "default-src 'self'",
    `script-src ${scriptSources.join(" ")}`,
    // Seller colours and sanitised custom CSS are inline styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://*.stripe.com",
    "font-src 'self' data:",
    `connect-src ${connectSources.join(" ")}`,
    `frame-src ${STRIPE_FRAMES.join(" ")}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    // canvas-confetti draws from a worker made from a blob URL.
    "worker-src 'self' blob:",
  ].join("; ");
}

/** The sha256 sources of a page's inline scripts, for its policy. */
export function inlineScriptSources(html: string): string[] {
  const sources = new Set<string>();
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(attributes!) || !text) continue;
    sources.add(`'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...sources];
}

/**
 * HSTS over HTTPS. On our own names it covers their subdomains (the shops live on subdomains,
 * all under the wildcard certificate); on a shop's custom domain (a name the host rules call
 * foreign, `siteFromHost`) it covers that name only: the seller's other subdomains are theirs.
 */
function strictTransportSecurity(host: string | undefined): Record<string, string> {
  const config = getConfig();
  if (config.PUBLIC_SCHEME !== "https") return {};
  const ours = host === undefined || siteFromHost(host, config.ROOT_DOMAIN).kind !== "foreign";
  return { "Strict-Transport-Security": ours ? "max-age=63072000; includeSubDomains" : "max-age=63072000" };
}

/**
 * Headers every response carries: pages, API answers and errors (the middleware below)
 * and the static files `server.js` serves before the app, for the request's `host`. A page's
 * policy, with its inline scripts, is set where it is rendered (`entry.server.tsx`).
 */
export function securityHeaders(inlineScripts: readonly string[] = [], development = false, host?: string): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(inlineScripts, development),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
    "Permissions-Policy": 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")',
    ...strictTransportSecurity(host),
  };
}

export const isDevelopment = () => process.env.NODE_ENV === "development";

export const securityHeadersMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  for (const [name, value] of Object.entries(securityHeaders([], isDevelopment(), new URL(request.url).host))) {
    // A rendered page brings its own policy (its inline scripts' hashes).
    if (name === "Content-Security-Policy" && response.headers.has(name)) continue;
    response.headers.set(name, value);
  }
  return response;
};
