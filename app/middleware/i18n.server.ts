import { redirect, type MiddlewareFunction } from "react-router";
import { createI18nextMiddleware } from "remix-i18next/middleware";
import { initReactI18next } from "react-i18next";
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
 * Language: the `i18nextLng` cookie, then Accept-Language, then en. The cookie holds the
 * plain language code so the browser can write it too. Accept-Language is read here, not
 * by remix-i18next's "header" detection, which only tries the browser's first language.
 */
const [i18nextMiddleware, getLocaleFromContext, getI18nInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage,
    order: ["custom"],
    async findLocale(request) {
      const acceptLanguage = request.headers.get("Accept-Language");
      // API clients say their language with Accept-Language; it wins over a browser cookie.
      const headerFirst = new URL(request.url).pathname.startsWith("/api/") && acceptLanguage !== null;
      const stored = storedLanguage(request.headers.get("Cookie"));
      if (!headerFirst && isLanguage(stored)) return stored;
      return languageFromAcceptLanguage(acceptLanguage);
    },
  },
  i18next: i18nextOptions,
  plugins: [initReactI18next],
});

export { i18nextMiddleware, getI18nInstance };

export function getLocale(context: Parameters<typeof getLocaleFromContext>[0]): Language {
  const locale = getLocaleFromContext(context);
  return isLanguage(locale) ? locale : fallbackLanguage;
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
