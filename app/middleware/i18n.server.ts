import { createInstance, type i18n as I18n } from "i18next";
import { createContext, redirect, type MiddlewareFunction, type RouterContext } from "react-router";
import { getConfig } from "~/config.server";
import { safeRedirectPath } from "~/lib/redirect-path";
import { platformCookieDomain } from "~/lib/host";
import {
  fallbackLanguage,
  isLanguage,
  languageFromAcceptLanguage,
  languageCookies,
  storedLanguage,
  supportedLanguages,
  type Language,
} from "~/lib/i18n";
import { i18nextOptions } from "~/lib/translations.server";

/**
 * One initialised i18next instance per language, shared by every request in that language.
 * Creating and initialising an instance per request (what remix-i18next's middleware does)
 * cost a measurable share of every page; nothing on the server changes an instance's
 * language (only the browser's effects do), so sharing is safe.
 */
const instances = new Map<Language, I18n>(
  supportedLanguages.map((language) => {
    const instance = createInstance({ ...i18nextOptions, lng: language, initAsync: false });
    void instance.init();
    return [language, instance];
  }),
);

const localeContext = createContext<Language>(fallbackLanguage);

/**
 * Language: the `i18nextLng` cookie, then Accept-Language, then en. The cookie holds the
 * plain language code so the browser can write it too. API clients say their language with
 * Accept-Language; it wins over a browser cookie on `/api/` paths.
 */
export function requestLanguage(request: Request): Language {
  const acceptLanguage = request.headers.get("Accept-Language");
  const headerFirst = new URL(request.url).pathname.startsWith("/api/") && acceptLanguage !== null;
  const stored = storedLanguage(request.headers.get("Cookie"));
  if (!headerFirst && isLanguage(stored)) return stored;
  return languageFromAcceptLanguage(acceptLanguage) ?? fallbackLanguage;
}

export const i18nextMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  context.set(localeContext, requestLanguage(request));
  return next();
};

type ContextReader = { get: <T>(key: RouterContext<T>) => T };

/** The request's i18next instance (its language's shared one). */
export function getI18nInstance(context: ContextReader): I18n {
  const instance = instances.get(context.get(localeContext));
  if (!instance) throw new Error("No i18next instance for the request's language");
  return instance;
}

export function getLocale(context: ContextReader): Language {
  return context.get(localeContext);
}

/**
 * `?lng=fr` on any page (the language links, which work without JavaScript) stores the
 * choice in the cookie, shared by all the platform's hosts where it can be, and redirects to
 * the same address without the parameter.
 */
export const languageParamMiddleware: MiddlewareFunction<Response> = ({ request }) => {
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  const requested = url.searchParams.get("lng");
  if (requested === null || url.pathname.startsWith("/api/")) return;
  url.searchParams.delete("lng");
  const headers = new Headers();
  if (isLanguage(requested)) for (const cookie of languageChoiceCookies(request, requested)) headers.append("Set-Cookie", cookie);
  // A path such as `//evil.example/` would otherwise become a protocol-relative Location.
  throw redirect(safeRedirectPath(url.pathname + url.search, "/"), { headers });
};

/** The Set-Cookie values that store a language choice for every host of the platform. */
export function languageChoiceCookies(request: Request, language: Language): string[] {
  return languageCookies(language, platformCookieDomain(new URL(request.url).host, getConfig().ROOT_DOMAIN));
}
