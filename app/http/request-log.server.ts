import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { isWellFormedHost } from "~/lib/host";
import { fallbackLanguage, languageFromAcceptLanguage, storedLanguage } from "~/lib/i18n";
import { newRequestId, requestLog, runInRequestScope } from "~/lib/logger.server";
import { translatorFor } from "~/lib/translations.server";
import { securityHeaders } from "~/middleware/security-headers.server";

/**
 * The edge of the app: every request gets an id (X-Request-Id), one structured log line
 * when it ends, and a 400 when its Host cannot be a URL, before anything routes it.
 */
export const REQUEST_ID_HEADER = "X-Request-Id";

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
  res.status(status).set(securityHeaders());
  if (req.path.startsWith("/api/")) res.json({ message, request_id: requestId });
  else res.type("text/plain; charset=utf-8").send(`${message}\n${edgeTranslator(req)("server.reference", { id: requestId })}\n`);
}

/** The hosts the app will build URLs from: Host, and X-Forwarded-Host's first value behind a trusted proxy. */
function routedHosts(req: ExpressRequest): (string | undefined)[] {
  const forwarded = req.app.enabled("trust proxy") ? req.get("X-Forwarded-Host") : undefined;
  return forwarded === undefined ? [req.get("host")] : [req.get("host"), forwarded.split(",")[0]!.trim()];
}

/** Express middleware, first in `server.js`: before static files and the app. */
export function requestEdge(req: ExpressRequest, res: ExpressResponse, next: NextFunction): void {
  const requestId = newRequestId();
  const started = performance.now();
  // Read now: a mounted handler (`/assets`) shortens `req.url` while it serves the request.
  const path = req.path;
  res.setHeader(REQUEST_ID_HEADER, requestId);
  runInRequestScope(requestId, () => {
    let logged = false;
    const done = () => {
      if (logged) return;
      logged = true;
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
    if (!routedHosts(req).every(isWellFormedHost)) return sendEdgeError(req, res, 400, edgeTranslator(req)("server.bad_host"));
    next();
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
