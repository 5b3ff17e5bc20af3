import { parse } from "cookie";
import type { MiddlewareFunction } from "react-router";
import { recordLiveVisit } from "~/domain/lives/visits.server";
import { recordShopView } from "~/domain/shops/views.server";
import { CSRF_COOKIE } from "~/lib/csrf";
import { LANGUAGE_KEY } from "~/lib/i18n";
import { currentRequestId } from "~/lib/logger.server";
import { csrfTokenContext } from "./csrf.server";
import { getLocale } from "./i18n.server";
import { dataRequestContext, nonceContext } from "./request.server";
import { siteContext } from "./site.server";

/**
 * A shop's catalogue, checkout and live-link pages are the same for every anonymous shopper but for
 * three per-response tokens: the CSP nonce, the shopper's CSRF token and the request id.
 * During a live drop hundreds of shoppers open the same page in the same minute, so each
 * node renders such a page once and keeps it as a template with those tokens cut out; a hit
 * fills in the request's own tokens, so a cached page is byte for byte what a render would
 * have produced. The key holds the shop's `updatedAt` (customization) and `contentVersion`
 * (products and categories, a live's pin or end, `markShopContentChanged`): read from the database with the shop
 * on every request, so a seller's change reaches every node's next page at once. A request
 * with any other cookie (a session, a shopper's order, a toast) is rendered as usual.
 */
const CACHED_PATHS = new Set(["/", "/products"]);
/** A live's link (issue 16): the page every viewer of the stream opens in the same minute. */
const LIVE_PATH = /^\/live\/([a-z2-9]{6})$/;
const ANONYMOUS_COOKIES = new Set([CSRF_COOKIE, LANGUAGE_KEY]);
/** Stock, the year in the footer: nothing else on these pages changes without a version bump. */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 500;
const MAX_BODY_CHARS = 1_000_000;

type Token = "nonce" | "csrf" | "requestId";
type CachedPage = { parts: string[]; tokens: Token[]; headers: [string, string][]; storedAt: number };

// A Map iterates in insertion order: re-inserting on a hit makes the first key the least recently used.
const pages = new Map<string, CachedPage>();

function isAnonymous(request: Request): boolean {
  if (request.headers.has("Authorization")) return false;
  const header = request.headers.get("Cookie");
  return !header || Object.keys(parse(header)).every((name) => ANONYMOUS_COOKIES.has(name));
}

/** Cuts the request's tokens out of a rendered page. */
export function pageTemplate(body: string, values: Partial<Record<Token, string>>): Pick<CachedPage, "parts" | "tokens"> {
  const present = (Object.entries(values) as [Token, string | undefined][]).filter((entry): entry is [Token, string] => Boolean(entry[1]));
  const byValue = new Map(present.map(([token, value]) => [value, token]));
  const escaped = present.map(([, value]) => value.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"));
  const parts: string[] = [];
  const tokens: Token[] = [];
  let last = 0;
  if (escaped.length > 0) {
    for (const match of body.matchAll(new RegExp(escaped.join("|"), "g"))) {
      parts.push(body.slice(last, match.index));
      tokens.push(byValue.get(match[0])!);
      last = match.index + match[0].length;
    }
  }
  parts.push(body.slice(last));
  return { parts, tokens };
}

/** A template filled in with a request's tokens. */
export function fillPageTemplate(page: Pick<CachedPage, "parts" | "tokens">, values: Record<Token, string>): string {
  let body = page.parts[0] ?? "";
  page.tokens.forEach((token, index) => (body += values[token] + page.parts[index + 1]));
  return body;
}

/** Empties the cache (tests). */
export function clearPageCache(): void {
  pages.clear();
}

export const pageCacheMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const site = context.get(siteContext);
  const url = new URL(request.url);
  // Pages only: a data request (`/products.data`, seen here as `/products`) is answered with the loaders' data.
  const liveCode = LIVE_PATH.exec(url.pathname)?.[1];
  const cacheable = CACHED_PATHS.has(url.pathname) || liveCode !== undefined;
  if (request.method !== "GET" || site.kind !== "shop" || !cacheable || context.get(dataRequestContext)) return next();
  // A hit runs no loader: the page view (and the live's visit) is counted here for every page this serves.
  recordShopView(site.shop.id, request);
  if (liveCode) recordLiveVisit(site.shop.id, liveCode, request);
  if (!isAnonymous(request)) return next();

  const values: Record<Token, string> = {
    nonce: context.get(nonceContext),
    csrf: context.get(csrfTokenContext),
    requestId: currentRequestId() ?? "",
  };
  const { shop } = site;
  const key = [url.origin, url.pathname, url.search, getLocale(context), shop.id, shop.updatedAt.getTime(), shop.contentVersion].join("\n");
  const cached = pages.get(key);
  if (cached && Date.now() - cached.storedAt < MAX_AGE_MS) {
    pages.delete(key);
    pages.set(key, cached);
    return new Response(fillPageTemplate(cached, values), { status: 200, headers: cached.headers });
  }

  const response = await next();
  const type = response.headers.get("Content-Type") ?? "";
  if (response.status !== 200 || !type.startsWith("text/html") || response.headers.has("Set-Cookie")) return response;
  const body = await response.text();
  const headers = [...response.headers].filter(([name]) => name.toLowerCase() !== "content-length");
  if (body.length <= MAX_BODY_CHARS) {
    pages.delete(key);
    pages.set(key, { ...pageTemplate(body, values), headers, storedAt: Date.now() });
    if (pages.size > MAX_ENTRIES) pages.delete(pages.keys().next().value!);
  }
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
};
