import { createCookieSessionStorage, createSession, type MiddlewareFunction, type Session, type SessionStorage } from "react-router";
import { toastMiddleware } from "remix-toast/middleware";
import { getConfig } from "~/config.server";

const TOAST_COOKIE = "toast-session";

/**
 * remix-toast's flash cookie, signed with our own secret (its default is a constant).
 * remix-toast reads and re-signs its cookie on every request, toast or not; almost no request
 * carries one, so a request without the cookie gets an empty session without any signing,
 * and committing that untouched session costs nothing (its result is never sent).
 */
function toastSessionStorage(): SessionStorage {
  const signed = createCookieSessionStorage({
    cookie: { name: TOAST_COOKIE, secrets: [getConfig().sessionSecret], sameSite: "lax", path: "/", httpOnly: true },
  });
  const blank = new WeakSet<Session>();
  return {
    getSession(cookieHeader, options) {
      if (cookieHeader?.includes(`${TOAST_COOKIE}=`)) return signed.getSession(cookieHeader, options);
      const session = createSession();
      blank.add(session);
      return Promise.resolve(session);
    },
    commitSession(session, options) {
      if (blank.has(session) && Object.keys(session.data).length === 0) return Promise.resolve("");
      return signed.commitSession(session, options);
    },
    destroySession: (session, options) => signed.destroySession(session, options),
  };
}

export function createToastMiddleware(): MiddlewareFunction<Response> {
  return toastMiddleware({ customSession: toastSessionStorage() }) as MiddlewareFunction<Response>;
}
