import type { MiddlewareFunction } from "react-router";
import { getConfig } from "~/config.server";
import { nonceContext } from "./request.server";

// The card provider's hosts (Stripe.js, its frames and API).
const STRIPE_SCRIPT = "https://js.stripe.com";
const STRIPE_FRAMES = ["https://js.stripe.com", "https://hooks.stripe.com"];
const STRIPE_CONNECT = ["https://api.stripe.com", "https://*.stripe.com"];

/** The policy; `nonce` is null for static files, which carry no inline script. */
export function contentSecurityPolicy(nonce: string | null, development: boolean): string {
  const scriptSources = ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), STRIPE_SCRIPT];
  const connectSources = ["'self'", ...STRIPE_CONNECT];
  if (development) {
    // Vite's dev client injects inline modules and talks over a websocket.
    scriptSources.push("'unsafe-inline'");
    connectSources.push("ws:", "wss:");
  }
  return [
    "default-src 'self'",
    `script-src ${development ? scriptSources.filter((s) => !s.startsWith("'nonce")).join(" ") : scriptSources.join(" ")}`,
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

/**
 * Headers every response carries: pages, API answers and errors (the middleware below)
 * and the static files `server.js` serves before the app.
 */
export function securityHeaders(nonce: string | null, development = false): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(nonce, development),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin-allow-popups",
    "Permissions-Policy": 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")',
    // Served over HTTPS: browsers never fall back to HTTP, for the shops' subdomains too.
    ...(getConfig().PUBLIC_SCHEME === "https" ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}

export function applySecurityHeaders(headers: Headers, nonce: string, development = false): void {
  for (const [name, value] of Object.entries(securityHeaders(nonce, development))) headers.set(name, value);
}

export const securityHeadersMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  applySecurityHeaders(response.headers, context.get(nonceContext), process.env.NODE_ENV === "development");
  return response;
};
