import type { MiddlewareFunction } from "react-router";
import { getI18nInstance } from "~/middleware/i18n.server";
import { isApiPath } from "~/middleware/site.server";

/** The largest request body we read (a logo over 2 MB still reaches the form, which explains the limit). */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

/**
 * Refuses oversized bodies before anything parses them (413), and chunked bodies of
 * unknown length (411), since forms and the API are read into memory.
 */
export const bodyLimitMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  if (["GET", "HEAD", "OPTIONS"].includes(request.method) || !request.body) return next();
  const t = getI18nInstance(context).t;
  const length = request.headers.get("Content-Length");
  const tooLarge = length !== null && Number(length) > MAX_BODY_BYTES;
  const unknown = length === null ? request.headers.has("Transfer-Encoding") : !/^\d+$/.test(length);
  if (!tooLarge && !unknown) return next();
  const status = tooLarge ? 413 : 411;
  const message = tooLarge ? t("errors.payload_too_large") : t("errors.length_required");
  if (isApiPath(new URL(request.url).pathname)) return Response.json({ message }, { status });
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
};
