import crypto from "node:crypto";
import zlib from "node:zlib";
import { parse } from "cookie";
import type { MiddlewareFunction } from "react-router";
import { recordLiveVisit } from "~/domain/lives/visits.server";
import { recordShopView } from "~/domain/shops/views.server";
import { CSRF_COOKIE } from "~/lib/csrf";
import { LANGUAGE_KEY } from "~/lib/i18n";
import { getLocale } from "./i18n.server";
import { clientAddressContext, dataRequestContext, publicPageContext } from "./request.server";
import { siteContext } from "./site.server";

/**
 * A shop's catalogue, checkout and live-link pages are the same for every anonymous shopper.
 * During a live drop hundreds of shoppers open the same page in the same minute, so these
 * pages carry nothing of one response alone: no CSRF token (a form posted from them proves its
 * origin by the browser's own headers, `csrf.server.ts`), no CSP nonce (the policy lists the
 * hashes of the page's inline scripts, `entry.server.tsx`), no request id. Each node renders
 * such a page once and serves the same bytes to every anonymous shopper, and a CDN in front
 * may keep them too: `CDN-Cache-Control` (RFC 9213) lets it store the page and revalidate it
 * on every request with its `ETag` (a 304 costs the node no render and no body), `Vary` keeps
 * apart encodings, languages and shoppers with cookies. Browsers do not keep these pages
 * (`Cache-Control: no-store`): the browser's Back to a checkout asks the server, which then
 * continues the shopper's order instead of showing an empty form. Every view still reaches a
 * node, so page views and a live's visits are counted here, on hits and 304s alike.
 *
 * The key holds the host the page was asked on, the shop's primary domain (its canonical
 * link), the shop's `updatedAt` (customization) and `contentVersion` (products and
 * categories, a live's pin or end, `markShopContentChanged`), read from the database with the
 * shop on every request, so a seller's change reaches every node's next page at once; the
 * ETag, a digest of the page, changes with it. A request with any other cookie (a session, a
 * shopper's order, a toast) or an API key is rendered as usual and kept private (the
 * request edge marks every answer that says nothing of caches `no-store`, `request-log.server.ts`).
 */
const CACHED_PATHS = new Set(["/", "/products"]);
/** A live's link (issue 16): the page every viewer of the stream opens in the same minute. */
const LIVE_PATH = /^\/live\/([a-z2-9]{6})$/;
const ANONYMOUS_COOKIES = new Set([CSRF_COOKIE, LANGUAGE_KEY]);
/** Stock, the year in the footer: nothing else on these pages changes without a version bump. */
const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 500;
const MAX_BODY_BYTES = 1_000_000;

/** A public page: browsers do not keep it; a shared cache (CDN) may, revalidating each time. */
const PUBLIC_PAGE_CACHE_HEADERS = {
  "Cache-Control": "no-store",
  "CDN-Cache-Control": "public, no-cache",
  Vary: "Accept-Encoding, Accept-Language, Cookie",
} as const;

type Encoding = "br" | "gzip";
/** A page as it is sent: its bytes, and the same compressed once for every shopper who gets it. */
type CachedPage = { body: Buffer; encoded: Partial<Record<Encoding, Buffer>>; etag: string; headers: [string, string][]; storedAt: number };

// A Map iterates in insertion order: re-inserting on a hit makes the first key the least recently used.
const pages = new Map<string, CachedPage>();

function isAnonymous(request: Request): boolean {
  if (request.headers.has("Authorization")) return false;
  const header = request.headers.get("Cookie");
  return !header || Object.keys(parse(header)).every((name) => ANONYMOUS_COOKIES.has(name));
}

/** A weak validator (the page is the same whichever encoding the compression picks). */
export function pageEtag(body: Uint8Array): string {
  return `W/"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
}

/** Whether `If-None-Match` names this page (weak comparison, as RFC 9110 asks for it). */
export function matchesEtag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
}

/**
 * The encoding to send a page in, as `compression` (server.js) would choose it: brotli, then
 * gzip, each when `Accept-Encoding` takes it (`q=0` refuses); none without the header.
 */
export function pageEncoding(acceptEncoding: string | null): Encoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...parameters] = part.trim().split(";");
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((value) => value !== undefined);
    if (name) accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const takes = (encoding: Encoding) => (accepted.get(encoding) ?? accepted.get("*") ?? 0) > 0;
  return takes("br") ? "br" : takes("gzip") ? "gzip" : null;
}

/**
 * Compressed once per page and encoding, the first time a shopper asks for it, not once per
 * response: compressing a page cost about as much as serving it from the cache. Brotli at the
 * quality `compression` uses.
 */
function encodedPage(page: CachedPage, encoding: Encoding): Buffer {
  page.encoded[encoding] ??=
    encoding === "br"
      ? zlib.brotliCompressSync(page.body, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: page.body.byteLength },
        })
      : zlib.gzipSync(page.body);
  return page.encoded[encoding];
}

/** Empties the cache (tests). */
export function clearPageCache(): void {
  pages.clear();
}

function answer(page: CachedPage, request: Request): Response {
  if (matchesEtag(request.headers.get("If-None-Match"), page.etag)) {
    const headers = page.headers.filter(([name]) => name.toLowerCase() !== "content-type");
    return new Response(null, { status: 304, headers });
  }
  const encoding = pageEncoding(request.headers.get("Accept-Encoding"));
  if (!encoding) return new Response(new Uint8Array(page.body), { status: 200, headers: page.headers });
  // `compression` leaves an answer that already has a Content-Encoding as it is.
  const headers = new Headers(page.headers);
  headers.set("Content-Encoding", encoding);
  return new Response(new Uint8Array(encodedPage(page, encoding)), { status: 200, headers });
}

export const pageCacheMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const site = context.get(siteContext);
  const url = new URL(request.url);
  // Pages only: a data request (`/products.data`, seen here as `/products`) is answered with the loaders' data.
  const liveCode = LIVE_PATH.exec(url.pathname)?.[1];
  const cacheable = CACHED_PATHS.has(url.pathname) || liveCode !== undefined;
  if (request.method !== "GET" || site.kind !== "shop" || !cacheable || context.get(dataRequestContext)) {
    return next();
  }
  // A hit runs no loader: the page view (and the live's visit) is counted here for every page this serves.
  recordShopView(site.shop.id, request);
  if (liveCode) recordLiveVisit(site.shop.id, liveCode, request, context.get(clientAddressContext));
  if (!isAnonymous(request)) return next();

  context.set(publicPageContext, true);
  const { shop } = site;
  // Per host (a shop's subdomain and each of its domains are pages of their own), and per
  // primary domain, which the page's canonical link names.
  const key = [
    url.origin,
    url.pathname,
    url.search,
    getLocale(context),
    shop.id,
    shop.updatedAt.getTime(),
    shop.contentVersion,
    site.primaryDomain ?? "",
  ].join("\n");
  const cached = pages.get(key);
  if (cached && Date.now() - cached.storedAt < MAX_AGE_MS) {
    pages.delete(key);
    pages.set(key, cached);
    return answer(cached, request);
  }

  const response = await next();
  const type = response.headers.get("Content-Type") ?? "";
  // An error page, a redirect or a response that sets a cookie is this request's own.
  if (response.status !== 200 || !type.startsWith("text/html") || response.headers.has("Set-Cookie")) return response;
  const body = Buffer.from(await response.arrayBuffer());
  const etag = pageEtag(body);
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  for (const [name, value] of Object.entries(PUBLIC_PAGE_CACHE_HEADERS)) headers.set(name, value);
  headers.set("ETag", etag);
  const page: CachedPage = { body, encoded: {}, etag, headers: [...headers], storedAt: Date.now() };
  if (body.byteLength <= MAX_BODY_BYTES) {
    pages.delete(key);
    pages.set(key, page);
    if (pages.size > MAX_ENTRIES) pages.delete(pages.keys().next().value!);
  }
  return answer(page, request);
};
