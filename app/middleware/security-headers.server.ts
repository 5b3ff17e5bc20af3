import type { MiddlewareFunction } from "react-router";
import { nonceContext } from "./request.server";

// The card provider's hosts (Stripe.js, its frames and API).
const STRIPE_SCRIPT = "https://js.stripe.com";
const STRIPE_FRAMES = ["https://js.stripe.com", "https://hooks.stripe.com"];
const STRIPE_CONNECT = ["https://api.stripe.com", "https://*.stripe.com"];

export function contentSecurityPolicy(nonce: string, development: boolean): string {
  const scriptSources = ["'self'", `'nonce-${nonce}'`, STRIPE_SCRIPT];
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

/** Headers every response carries, pages, API answers and errors alike. */
export function applySecurityHeaders(headers: Headers, nonce: string, development = false): void {
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce, development));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin-allow-popups");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self \"https://js.stripe.com\")");
}

export const securityHeadersMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  applySecurityHeaders(response.headers, context.get(nonceContext), process.env.NODE_ENV === "development");
  return response;
};
