import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useRevalidator, useRouteLoaderData } from "react-router";
import { GlobeIcon } from "~/components/ui/icons";
import { useDetailsDismiss } from "~/components/ui/use-details-dismiss";
import { cx } from "~/lib/class-names";
import { isLanguage, LANGUAGE_KEY, supportedLanguages, type Language } from "~/lib/languages";

// The cookie code loads when a choice is stored, not with every page.
const languageCookieCode = () => import("~/lib/i18n");

/** Stores the choice in the cookie the server reads, shared by the platform's hosts where it can be. */
async function storeLanguageCookie(language: Language, rootDomain: string | undefined) {
  const [{ languageCookies }, { platformCookieDomain }] = await Promise.all([languageCookieCode(), import("~/lib/host")]);
  for (const cookie of languageCookies(language, platformCookieDomain(window.location.host, rootDomain))) document.cookie = cookie;
}

const languageNames: Record<Language, string> = { en: "English", fr: "Français" };

/**
 * Links to `?lng=xx` (the server stores the cookie and redirects), so switching works
 * without JavaScript. With JavaScript the choice is also kept in localStorage, the
 * translations load, and the page data is refreshed 100 ms later (spec section 4).
 */
export function LanguageSwitcher({ className, align = "right" }: { className?: string; align?: "left" | "right" }) {
  const { t, i18n } = useTranslation();
  // Read without useRootData, which throws when the root loader's data is missing.
  const rootDomain = (useRouteLoaderData("root") as { rootDomain?: string } | undefined)?.rootDomain;
  const location = useLocation();
  const revalidator = useRevalidator();
  const details = useRef<HTMLDetailsElement>(null);
  const current = (i18n.language ?? "en") as Language;
  useDetailsDismiss(details, location.key);

  function hrefFor(language: Language) {
    const params = new URLSearchParams(location.search);
    params.set("lng", language);
    return `${location.pathname}?${params.toString()}`;
  }

  async function choose(event: React.MouseEvent, language: Language) {
    event.preventDefault();
    details.current?.removeAttribute("open");
    try {
      localStorage.setItem(LANGUAGE_KEY, language);
    } catch {
      // Private mode: the cookie still carries the choice.
    }
    await Promise.all([storeLanguageCookie(language, rootDomain), i18n.changeLanguage(language)]);
    setTimeout(() => void revalidator.revalidate(), 100);
  }

  return (
    <details ref={details} className={cx("relative", className)}>
      <summary
        className="flex h-9 cursor-pointer items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium hover:bg-muted"
        // The name includes the code shown ("Language (EN)"): a name that hides the visible text fails WCAG 2.5.3.
        aria-label={`${t("language.label")} (${current.toUpperCase()})`}
      >
        <GlobeIcon className="size-4" />
        <span className="uppercase">{current}</span>
      </summary>
      <ul
        className={cx(
          "absolute z-40 mt-1 min-w-36 rounded-lg border border-border bg-white p-1 shadow-lg",
          align === "right" ? "right-0" : "left-0",
        )}
      >
        {supportedLanguages.map((language) => (
          <li key={language}>
            <a
              href={hrefFor(language)}
              hrefLang={language}
              lang={language}
              aria-current={language === current ? "true" : undefined}
              onClick={(event) => void choose(event, language)}
              className={cx(
                "block rounded-md px-3 py-2 text-sm text-foreground hover:bg-muted",
                language === current && "font-semibold text-brand-700",
              )}
            >
              {languageNames[language]}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/**
 * Keeps the browser's stored language (localStorage, spec section 1) and the server's
 * cookie in step: a stored choice without a cookie is restored, otherwise the current
 * language is stored.
 */
export function useLanguagePersistence(locale: Language, rootDomain: string | undefined) {
  const revalidator = useRevalidator();
  useEffect(() => {
    try {
      const stored = localStorage.getItem(LANGUAGE_KEY);
      // Usually the stored choice is the page's language, or there is none yet: no cookie code to load.
      if (stored === locale) return;
      if (!isLanguage(stored)) {
        localStorage.setItem(LANGUAGE_KEY, locale);
        return;
      }
      void languageCookieCode().then(async ({ storedLanguage }) => {
        if (storedLanguage(document.cookie) === undefined) {
          await storeLanguageCookie(stored, rootDomain);
          void revalidator.revalidate();
        } else {
          localStorage.setItem(LANGUAGE_KEY, locale);
        }
      });
    } catch {
      // Storage unavailable: the cookie alone carries the choice.
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- run when the language changes only
  }, [locale]);
}
