import { createInstance, type i18n as I18n } from "i18next";
import { createContext, redirect, type Cookie, type MiddlewareFunction, type RouterContext } from "react-router";
import { RemixI18Next } from "remix-i18next/server";
import { getConfig } from "~/config.server";
import { safeRedirectPath } from "~/lib/redirect-path";
import { platformCookieDomain } from "~/lib/host";
import {
  fallbackLanguage,
  isLanguage,
  LANGUAGE_KEY,
  languageCookie,
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
 * language (only the browser's effects do), so sharing is safe. Of remix-i18next we use the
 * detection (docs/decisions/101-remix-i18next-detection.md).
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
 * The `i18nextLng` cookie as remix-i18next reads it. Ours holds the plain language code so
 * that the browser can write it too, where react-router's `createCookie` would expect an
 * encoded value; a browser may send two, the latest choice last (`storedLanguage`).
 */
const storedLanguageCookie: Cookie = {
  name: LANGUAGE_KEY,
  isSigned: false,
  parse: (header) => Promise.resolve(storedLanguage(header) ?? null),
  serialize: (value) => Promise.resolve(languageCookie(isLanguage(value) ? value : fallbackLanguage)),
};

/**
 * Accept-Language, for remix-i18next's `custom` step: its own `header` step matches only the
 * browser's first language (`de-DE,fr;q=0.5` would get en, not fr), so the ranges are read
 * by quality here (`languageFromAcceptLanguage`).
 */
const browserLanguage = (request: Request) => Promise.resolve(languageFromAcceptLanguage(request.headers.get("Accept-Language")));

const detection = {
  supportedLanguages: [...supportedLanguages],
  fallbackLanguage,
  cookie: storedLanguageCookie,
  findLocale: browserLanguage,
};

/**
 * Language detection is remix-i18next's (`RemixI18Next.getLocale`): `?lng`, then the stored
 * choice, then the browser's languages, then en. API clients say their language with
 * Accept-Language: on `/api/` paths a request that sends the header is answered in it (en
 * when it names no supported language), whatever cookie a browser holds.
 */
const pageDetector = new RemixI18Next({ detection: { ...detection, order: ["searchParams", "cookie", "custom"] } });
const apiDetector = new RemixI18Next({
  detection: {
    ...detection,
    order: ["searchParams", "custom", "cookie"],
    findLocale: (request) => {
      const header = request.headers.get("Accept-Language");
      return Promise.resolve(header === null ? null : (languageFromAcceptLanguage(header) ?? fallbackLanguage));
    },
  },
});

export async function requestLanguage(request: Request): Promise<Language> {
  const detector = new URL(request.url).pathname.startsWith("/api/") ? apiDetector : pageDetector;
  const language = await detector.getLocale(request);
  return isLanguage(language) ? language : fallbackLanguage;
}

export const i18nextMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(localeContext, await requestLanguage(request));
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
