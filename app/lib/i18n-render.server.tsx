import { createContext, useContext, type ReactNode } from "react";
import { supportedLanguages, type Language } from "./languages";
import { createTranslator, type Translations } from "./translator";
import { resources } from "./translations.server";

/**
 * Translations while the server renders a page. Components call `useTranslation()` from
 * react-i18next; in the server build that name resolves to this module (`vite.config.ts`),
 * as it resolves to `i18n-client.ts` in the browser's. Both give the same translator over the
 * page's language file, so the server's HTML and the browser's first render agree by
 * construction, and a render pays one context read per component instead of
 * react-i18next's per-call wrapper over i18next (measured: a few per cent of a page).
 * Loaders, actions and mails keep i18next (`getI18nInstance`, `translatorFor`).
 */
type RenderTranslation = {
  t: ReturnType<typeof createTranslator>;
  i18n: { language: Language; changeLanguage: (language: string) => Promise<void> };
};

// Changing language happens in the browser (an effect); the server never does it.
const serverChangeLanguage = async () => {};

const byLanguage = new Map<Language, RenderTranslation>(
  supportedLanguages.map((language) => [
    language,
    {
      t: createTranslator(language, resources[language].translation as unknown as Translations),
      i18n: { language, changeLanguage: serverChangeLanguage },
    },
  ]),
);

const RenderTranslationContext = createContext<RenderTranslation | null>(null);

export function TranslationProvider({ language, children }: { language: Language; children: ReactNode }) {
  return <RenderTranslationContext.Provider value={byLanguage.get(language) ?? null}>{children}</RenderTranslationContext.Provider>;
}

export function useTranslation(): RenderTranslation {
  const translation = useContext(RenderTranslationContext);
  if (!translation) throw new Error("useTranslation outside TranslationProvider");
  return translation;
}
