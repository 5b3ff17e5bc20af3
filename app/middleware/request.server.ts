import { createContext, RouterContextProvider, type MiddlewareFunction } from "react-router";
import { currentRequestId } from "~/lib/logger.server";

/** The client's address, set by the HTTP adapter (express `req.ip`, proxy-aware). */
export const clientAddressContext = createContext<string>("unknown");

/**
 * Whether the request is one of React Router's data requests (`/products.data`): the router
 * strips `.data` from the URL its middleware and loaders see, so the adapter records it from
 * the path it received.
 */
export const dataRequestContext = createContext<boolean>(false);

/**
 * Whether the request renders a page that every anonymous shopper of a shop gets alike, byte
 * for byte (`page-cache.server.ts`): nothing of this response alone (CSRF token, request id)
 * goes into it.
 */
export const publicPageContext = createContext<boolean>(false);

/**
 * Whether the browser said an unsafe request comes from another origin (its `Origin` header,
 * which the edge takes away before React Router sees it: `cross-origin.server.ts`). The CSRF
 * check refuses it.
 */
export const crossOriginContext = createContext<boolean>(false);

export function createLoadContext(clientAddress: string | undefined, pathname: string, crossOrigin = false): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(clientAddressContext, clientAddress ?? "unknown");
  context.set(dataRequestContext, pathname.endsWith(".data"));
  context.set(crossOriginContext, crossOrigin);
  return context;
}

/**
 * API errors carry the request's id next to the spec's {"message", "errors"}, whichever
 * layer produced them (a route, CSRF, an unknown shop, a body limit): support can find
 * the request's log line from what the client saw.
 */
export const apiErrorRequestIdMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  const requestId = currentRequestId();
  const { pathname } = new URL(request.url);
  if (!requestId || response.status < 400 || !(pathname === "/api" || pathname.startsWith("/api/"))) return response;
  if (!response.headers.get("Content-Type")?.includes("application/json")) return response;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  if (typeof body !== "object" || body === null || Array.isArray(body) || !("message" in body)) return response;
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  return Response.json({ ...body, request_id: requestId }, { status: response.status, statusText: response.statusText, headers });
};
