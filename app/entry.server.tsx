import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { isRouteErrorResponse, ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { RequestIdProvider } from "./components/request-id";
import { currentRequestId, requestLog } from "./lib/logger.server";
import { TranslationProvider } from "./lib/i18n-render.server";
import { getLocale } from "./middleware/i18n.server";
import { publicPageContext } from "./middleware/request.server";
import { contentSecurityPolicy, inlineScriptSources, isDevelopment } from "./middleware/security-headers.server";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const language = getLocale(loadContext);
  // A public page is the same bytes for every shopper: no request id in it (its header has
  // it). An error page is this request's own, with its reference.
  const requestId = loadContext.get(publicPageContext) && responseStatusCode === 200 ? null : currentRequestId();

  // The whole document is rendered before it is sent, for people as for crawlers: no loader
  // defers data, so streaming the shell first would gain nothing, and one buffer costs less
  // than a stream of small chunks (each a web-stream step and a compression call; measured
  // under the live drop).
  return new Promise<Response>((resolve, reject) => {
    // A shell error rejects (React Router answers and logs it); others are logged once ready.
    const boundaryErrors: unknown[] = [];
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        const html = Buffer.concat(chunks);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        // The page's own policy: its inline scripts by their hashes (no nonce, see security-headers).
        responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(inlineScriptSources(html.toString("utf8")), isDevelopment()));
        resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      <RequestIdProvider value={requestId}>
        <TranslationProvider language={language}>
          <ServerRouter context={routerContext} url={request.url} />
        </TranslationProvider>
      </RequestIdProvider>,
      {
        onAllReady() {
          // Errors inside a Suspense boundary leave it to the browser; the page itself renders.
          for (const error of boundaryErrors) requestLog().error({ err: error }, "rendering failed");
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          boundaryErrors.push(error);
        },
      },
    );
  });
}

/**
 * Errors thrown by loaders and actions: logged once, with the request's id (shown on the error
 * page). A refusal the router makes itself (405: a post to a page without an action, or a
 * method it does not serve) is the client's mistake, not ours: a warning, without a stack.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) {
    requestLog().warn({ status: error.status, reason: error.statusText }, "request refused");
    return;
  }
  requestLog().error({ err: error }, "unhandled error");
};
