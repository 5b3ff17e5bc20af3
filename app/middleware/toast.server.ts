import { setToastCookieOptions } from "remix-toast";
import type { MiddlewareFunction } from "react-router";
import { toastMiddleware } from "remix-toast/middleware";
import { getConfig } from "~/config.server";

let configured = false;
/** remix-toast's flash cookie, signed with our own secret (its default is a constant). */
export function createToastMiddleware(): MiddlewareFunction<Response> {
  if (!configured) {
    setToastCookieOptions({ secrets: [getConfig().sessionSecret], sameSite: "lax", httpOnly: true });
    configured = true;
  }
  return toastMiddleware() as MiddlewareFunction<Response>;
}
