import { readCookieValues, serializeCookie } from "./cookies";
import { isLanguage, LANGUAGE_KEY, type Language } from "./languages";

export {
  defaultNamespace,
  fallbackLanguage,
  isLanguage,
  LANGUAGE_KEY,
  supportedLanguages,
  textDirection,
  type Language,
} from "./languages";

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * The browser's first supported language: Accept-Language ranges by quality (then order),
 * matched on their primary subtag (fr-CA is fr). Null when none is supported.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranges = header.split(",").map((part, position) => {
    const [tag = "", ...params] = part.split(";").map((piece) => piece.trim());
    const q = params.find((param) => /^q=/i.test(param));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    return { language: tag.toLowerCase().split("-")[0], quality: Number.isFinite(quality) ? quality : 0, position };
  });
  const preferred = ranges.filter((range) => range.quality > 0).sort((a, b) => b.quality - a.quality || a.position - b.position);
  return preferred.map((range) => range.language).find(isLanguage) ?? null;
}

/**
 * The language cookie. With a `domain` (see `platformCookieDomain`) it is shared by the main
 * site and every shop; a host-only copy left on this host would shadow it, so callers send
 * `expiredHostOnlyLanguageCookie()` with it.
 */
export function languageCookie(language: Language, domain?: string): string {
  return serializeCookie(LANGUAGE_KEY, language, { path: "/", maxAge: ONE_YEAR_SECONDS, sameSite: "lax", domain });
}

export function expiredHostOnlyLanguageCookie(): string {
  return serializeCookie(LANGUAGE_KEY, "", { path: "/", maxAge: 0, sameSite: "lax" });
}

/** The cookies that store `language` for this host (and its siblings when `domain` is set). */
export function languageCookies(language: Language, domain?: string): string[] {
  return domain ? [expiredHostOnlyLanguageCookie(), languageCookie(language, domain)] : [languageCookie(language)];
}

/**
 * The stored language. A browser may send two (a host-only one from before the choice was
 * shared, and the shared one); it lists the older first, so the last one is the latest choice.
 */
export function storedLanguage(cookieHeader: string | null): Language | undefined {
  const last = readCookieValues(cookieHeader, LANGUAGE_KEY).at(-1);
  return isLanguage(last) ? last : undefined;
}
