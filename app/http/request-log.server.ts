import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { getConfig } from "~/config.server";
import { isServedCustomDomain } from "~/domain/shops/shop-hosts.server";
import { bareHostname, isWellFormedHost, siteFromHost } from "~/lib/host";
import { fallbackLanguage, languageFromAcceptLanguage, storedLanguage } from "~/lib/i18n";
import { newRequestId, requestLog, runInRequestScope } from "~/lib/logger.server";
import { translatorFor } from "~/lib/translations.server";
import { securityHeaders } from "~/middleware/security-headers.server";
import { isWarmUpRequest, WARM_UP_HEADER } from "./warm-up-request.server";

/**
 * The edge of the app: every request gets an id (X-Request-Id), one structured log line
 * when it ends, and, before anything routes it, a 400 when its Host cannot be a URL, a 404
 * when it is none of ours (a shop's verified custom domain is), and a 405 or 501 for a method the app does not serve. Every
 * answer leaves here saying how it may be kept (`privateByDefault`).
 */
export const REQUEST_ID_HEADER = "X-Request-Id";

/**
 * How an answer may be kept when whoever made it did not say: nowhere. Answers meant for
 * caches say so themselves (static files, translations, uploads, the public shop pages of
 * `page-cache.server.ts`); everything else (pages, redirects, errors, API answers, and the
 * answers made before any route runs: a `?lng=` switch, an unknown shop, a body limit, or
 * React Router's own refusals) is private. Set here, at the edge, so that no layer can forget it.
 */
export const PRIVATE_CACHE_CONTROL = "no-store";

/** The default of the fetch-style handler's answers: `PRIVATE_CACHE_CONTROL` unless the answer has a Cache-Control. */
function privateByDefault(headers: Headers): void {
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
}

/**
 * The same default for express's answers, applied when their headers are written (after the
 * route, the static files or an error handler set theirs): Node calls `writeHead` for every
 * answer, implicitly when a handler only writes or ends the body.
 */
function privateByDefaultOnWrite(res: ExpressResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ExpressResponse, ...args: Parameters<ExpressResponse["writeHead"]>) {
    if (!this.hasHeader("Cache-Control")) this.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
    return writeHead.apply(this, args);
  } as ExpressResponse["writeHead"];
}

// Path segments that are secrets (single-use email links) never reach the log.
const SECRET_PATHS = [/^(\/(?:api\/v1\/auth\/)?verify-email\/)[^/]+/];

/** The path as logged: no query string (it can carry client secrets), secret segments masked. */
export function loggedPath(pathname: string): string {
  return SECRET_PATHS.reduce((path, pattern) => path.replace(pattern, "$1[redacted]"), pathname);
}

type RequestLine = { method: string; host: string | null; path: string; status: number; durationMs: number; aborted?: boolean };

/** One line per request: what, for which host, how it ended and how long it took. Never headers or bodies. */
export function logRequest(line: RequestLine): void {
  requestLog().info(
    {
      method: line.method,
      host: line.host?.slice(0, 255) ?? null,
      path: loggedPath(line.path).slice(0, 2048),
      status: line.status,
      duration_ms: Math.round(line.durationMs * 10) / 10,
      ...(line.aborted ? { aborted: true } : {}),
    },
    "request",
  );
}

/** Before the app's i18n middleware runs: the language cookie, else Accept-Language. */
function edgeTranslator(req: ExpressRequest) {
  const chosen = storedLanguage(req.get("Cookie") ?? null);
  return translatorFor(chosen ?? languageFromAcceptLanguage(req.get("Accept-Language")) ?? fallbackLanguage);
}

/** A plain-text answer, or the API's JSON error shape under /api/. */
function sendEdgeError(req: ExpressRequest, res: ExpressResponse, status: number, message: string): void {
  const requestId = String(res.getHeader(REQUEST_ID_HEADER) ?? "");
  res
    .status(status)
    .set(securityHeaders([], false, req.hostname))
    .set("Cache-Control", "no-store");
  if (req.path.startsWith("/api/")) res.json({ message, request_id: requestId });
  else res.type("text/plain; charset=utf-8").send(`${message}\n${edgeTranslator(req)("server.reference", { id: requestId })}\n`);
}

/** The hosts the app will build URLs from: Host, and X-Forwarded-Host's first value behind a trusted proxy (the one it routes by, last). */
function routedHosts(req: ExpressRequest): (string | undefined)[] {
  const forwarded = req.app.enabled("trust proxy") ? req.get("X-Forwarded-Host") : undefined;
  return forwarded === undefined ? [req.get("host")] : [req.get("host"), forwarded.split(",")[0]!.trim()];
}

/** The methods the app serves; OPTIONS reaches it too (answered 405 there, as a warning). */
const SERVED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
// HTTP's own methods the app does not serve (CONNECT never reaches express): 405. Any other
// (WebDAV's, SSDP's...) is one it does not implement: 501. TRACE would even make the fetch
// Request constructor throw, a 500 before.
const REFUSED_METHODS = new Set(["TRACE"]);

/** 405 or 501 for a method outside `SERVED_METHODS`, logged as a warning; false when served. */
function refusedMethod(req: ExpressRequest, res: ExpressResponse): boolean {
  if (SERVED_METHODS.has(req.method)) return false;
  const status = REFUSED_METHODS.has(req.method) ? 405 : 501;
  requestLog().warn({ status, method: req.method }, "request refused");
  const t = edgeTranslator(req);
  if (status === 405) res.set("Allow", "GET, HEAD, POST, PUT, PATCH, DELETE");
  sendEdgeError(
    req,
    res,
    status,
    t(status === 405 ? "errors.method_not_allowed" : "errors.method_not_implemented", { method: req.method }),
  );
  return true;
}

/** Express middleware, first in `server.js`: before static files and the app. */
export function requestEdge(req: ExpressRequest, res: ExpressResponse, next: NextFunction): void {
  const requestId = newRequestId();
  const started = performance.now();
  // Read now: a mounted handler (`/assets`) shortens `req.url` while it serves the request.
  const path = req.path;
  // The node's own warm-up, not a visitor (warm-up-request.server.ts).
  const quiet = isWarmUpRequest(req.get(WARM_UP_HEADER));
  res.setHeader(REQUEST_ID_HEADER, requestId);
  privateByDefaultOnWrite(res);
  runInRequestScope(requestId, () => {
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
      if (quiet) return;
      logRequest({
        method: req.method,
        host: req.get("host") ?? null,
        path,
        status: res.statusCode,
        durationMs: performance.now() - started,
        aborted: !res.writableFinished,
      });
    };
    res.once("finish", done);
    res.once("close", done);
    const hosts = routedHosts(req);
    if (!hosts.every(isWellFormedHost)) return sendEdgeError(req, res, 400, edgeTranslator(req)("server.bad_host"));
    const proceed = () => {
      if (refusedMethod(req, res)) return;
      next();
    };
    const routed = hosts.at(-1)!;
    if (siteFromHost(routed, getConfig().ROOT_DOMAIN).kind !== "foreign") return proceed();
    // A name the host rules call foreign may be a shop's verified domain (issue 30; kept in
    // memory for a few seconds). Otherwise it is none of ours: not even a static file (the app
    // answers the same, `foreignHostAnswer`).
    isServedCustomDomain(bareHostname(routed)).then((served) => {
      if (served) return proceed();
      res.set("Cache-Control", "no-store");
      sendEdgeError(req, res, 404, edgeTranslator(req)("server.unknown_host"));
    }, next);
  });
}

/** Express error handler, last: an error that escaped the app is logged with the request id, and answers 500. */
export function requestErrorHandler(error: unknown, req: ExpressRequest, res: ExpressResponse, next: NextFunction): void {
  requestLog().error({ err: error }, "unhandled error");
  if (res.headersSent) return next(error);
  sendEdgeError(req, res, 500, edgeTranslator(req)("errors.server"));
}

/** The same edge for the fetch-style handler (tests): an id, the header and the log line. */
export async function withRequestLog(request: Request, handle: () => Promise<Response>): Promise<Response> {
  const requestId = newRequestId();
  const started = performance.now();
  return runInRequestScope(requestId, async () => {
    const url = new URL(request.url);
    let response = await handle();
    try {
      response.headers.set(REQUEST_ID_HEADER, requestId);
    } catch {
      // Immutable headers (Response.redirect): copy the response.
      response = new Response(response.body, response);
      response.headers.set(REQUEST_ID_HEADER, requestId);
    }
    privateByDefault(response.headers);
    logRequest({
      method: request.method,
      host: url.host,
      path: url.pathname,
      status: response.status,
      durationMs: performance.now() - started,
    });
    return response;
  });
}
