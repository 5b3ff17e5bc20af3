import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";

/**
 * Form posts from another origin are refused by our CSRF check (`csrf.server.ts`): 403, the
 * app's headers and error page, a warning in the log. React Router checks a post's `Origin`
 * itself, before any middleware runs, and answers a mismatch with a bare 400 (no CSP, no
 * no-store) and an error with a stack in the log, so anyone could flood the error log. The
 * edge therefore notes what the browser said (an `Origin` other than the request's own, "null"
 * or no URL at all) in the router context and takes the header away, and our check answers.
 */
const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function isForeign(method: string, origin: string | null | undefined, requestOrigin: () => string): boolean {
  return UNSAFE_METHODS.has(method) && origin !== null && origin !== undefined && origin !== requestOrigin();
}

/** The origin `@react-router/express` gives the request's URL (as its `createRemixRequest` builds it). */
function adapterOrigin(req: ExpressRequest): string {
  const forwardedPort = req.app.enabled("trust proxy") ? req.get("X-Forwarded-Host")?.split(":")[1] : undefined;
  const hostPort = req.get("host")?.split(":")[1];
  const port = [forwardedPort, hostPort].map((value) => Number.parseInt(value ?? "", 10)).find((value) => Number.isSafeInteger(value));
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  try {
    return new URL(`${req.protocol}://${hostname}${port ? `:${port}` : ""}`).origin;
  } catch {
    // No URL can be made of it (the edge refuses such a Host first): no origin matches it.
    return "";
  }
}

/** Express middleware, before the app's handler: its load context reads `res.locals.crossOrigin`. */
export function crossOriginEdge(req: ExpressRequest, res: ExpressResponse, next: NextFunction): void {
  if (isForeign(req.method, req.headers.origin, () => adapterOrigin(req))) {
    res.locals.crossOrigin = true;
    delete req.headers.origin;
  }
  next();
}

/** The same for the fetch-style handler (tests): the request without a foreign `Origin`, and whether it had one. */
export function withoutForeignOrigin(request: Request): { request: Request; crossOrigin: boolean } {
  if (!isForeign(request.method, request.headers.get("Origin"), () => new URL(request.url).origin)) return { request, crossOrigin: false };
  const headers = new Headers(request.headers);
  headers.delete("Origin");
  return { request: new Request(request, { headers }), crossOrigin: true };
}
