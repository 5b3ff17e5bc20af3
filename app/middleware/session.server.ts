import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { authenticateApiKey } from "~/domain/accounts/api-keys.server";
import { createSession, deleteSession, loadSession } from "~/domain/accounts/sessions.server";
import { rememberUserLanguage, sessionUser, type SessionUser } from "~/domain/accounts/users.server";
import { readCookie, serializeCookie } from "~/lib/cookies";
import { isLanguage, storedLanguage } from "~/lib/i18n";
import type { User } from "~db/schema";
import { getI18nInstance } from "./i18n.server";
import { clientAddressContext } from "./request.server";

/**
 * The session cookie: a random token, HttpOnly, SameSite=Lax, host-only (no Domain, so a
 * shop subdomain never sees the main site's session), Secure and `__Host-` over HTTPS.
 */
/** The request's session. Its user never carries the password hash (see `SessionUser`). */
type SessionState = { id: string; user: SessionUser | null; viaApiKey?: boolean } | null;
type ContextReader = Readonly<RouterContextProvider>;

export const sessionContext = createContext<SessionState>(null);

export function sessionCookieName(request: Request): string {
  return new URL(request.url).protocol === "https:" ? "__Host-sid" : "sid";
}

export function sessionCookie(request: Request, value: string, maxAgeSeconds: number): string {
  const secure = new URL(request.url).protocol === "https:";
  return serializeCookie(sessionCookieName(request), value, { path: "/", httpOnly: true, sameSite: "lax", maxAge: maxAgeSeconds, secure });
}

export const sessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  // API calls with a key are authenticated by it alone (no cookies, so no CSRF either).
  const key = bearerToken(request);
  if (key !== null && new URL(request.url).pathname.startsWith("/api/")) {
    const authenticated = await authenticateApiKey(key);
    if (!authenticated) {
      return Response.json(
        { message: getI18nInstance(context).t("api_keys.invalid") },
        { status: 401, headers: { "WWW-Authenticate": "Bearer" } },
      );
    }
    context.set(sessionContext, { id: `api-key:${authenticated.keyId}`, user: sessionUser(authenticated.user), viaApiKey: true });
    return next();
  }
  const token = readCookie(request.headers.get("Cookie"), sessionCookieName(request));
  const loaded = token ? await loadSession(token) : null;
  const session: SessionState = loaded ? { id: loaded.id, user: loaded.user ? sessionUser(loaded.user) : null } : null;
  context.set(sessionContext, session);

  // The interface language follows the user: a switch made while signed in is remembered.
  const cookieLanguage = storedLanguage(request.headers.get("Cookie"));
  if (session?.user && isLanguage(cookieLanguage) && cookieLanguage !== session.user.language) {
    await rememberUserLanguage(session.user.id, cookieLanguage);
    session.user = { ...session.user, language: cookieLanguage };
  }

  const response = await next();
  if (token && !session) response.headers.append("Set-Cookie", sessionCookie(request, "", 0));
  return response;
};

/** The signed-in user, without the password hash; guards live in `app/http/guards.server.ts`. */
export function currentUser(context: ContextReader): SessionUser | null {
  return context.get(sessionContext)?.user ?? null;
}

/** The key of an `Authorization: Bearer <key>` header; the scheme is case-insensitive (RFC 9110). */
export function bearerToken(request: Request): string | null {
  const match = /^bearer +(\S+) *$/i.exec(request.headers.get("Authorization") ?? "");
  return match ? match[1]! : null;
}

/**
 * Starts a signed-in session (a new id: the visitor's previous session, if any, ends)
 * and returns the Set-Cookie header.
 */
export async function beginUserSession(request: Request, context: ContextReader, user: Pick<User, "id" | "passwordHash">): Promise<string> {
  const previous = context.get(sessionContext);
  if (previous) await deleteSession(previous.id);
  const client = { ipAddress: context.get(clientAddressContext), userAgent: request.headers.get("User-Agent") ?? "" };
  // Only while the password the user signed in with is still theirs.
  const session = await createSession(user.id, client, Date.now(), user.passwordHash);
  return sessionCookie(request, session.token, 30 * 24 * 60 * 60);
}

/** Ends the session (the row is deleted) and returns the Set-Cookie header clearing it. */
export async function endSession(request: Request, context: ContextReader): Promise<string> {
  const session = context.get(sessionContext);
  if (session) await deleteSession(session.id);
  return sessionCookie(request, "", 0);
}

/** The current session, created for a visitor when needed (registration progress). */
export async function ensureVisitorSession(request: Request, context: ContextReader): Promise<{ id: string; setCookie: string | null }> {
  const session = context.get(sessionContext);
  if (session) return { id: session.id, setCookie: null };
  const created = await createSession(null, {
    ipAddress: context.get(clientAddressContext),
    userAgent: request.headers.get("User-Agent") ?? "",
  });
  return { id: created.id, setCookie: sessionCookie(request, created.token, 30 * 24 * 60 * 60) };
}
