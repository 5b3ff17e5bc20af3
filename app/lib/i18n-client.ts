import i18next, { type BackendModule } from "i18next";
import { initReactI18next } from "react-i18next";
import { defaultNamespace, fallbackLanguage, isLanguage, supportedLanguages } from "./i18n";

/** Loads `/locales/{lng}/{ns}.json` (versioned so browsers may cache it for good). */
const fetchBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    const version = document.documentElement.dataset.localesVersion ?? "";
    fetch(`/locales/${language}/${namespace}.json?v=${version}`)
      .then((response) => {
        if (!response.ok) throw new Error(`Translations ${language} answered ${response.status}`);
        return response.json();
      })
      .then(
        (resources) => callback(null, resources),
        (error: Error) => callback(error, false),
      );
  },
};

export async function initClientI18n() {
  const lang = document.documentElement.lang;
  await i18next
    .use(initReactI18next)
    .use(fetchBackend)
    .init({
      lng: isLanguage(lang) ? lang : fallbackLanguage,
      // The server guarantees every key exists in both languages (tested), so the
      // browser never needs a second language file.
      fallbackLng: false,
      supportedLngs: [...supportedLanguages],
      ns: [defaultNamespace],
      defaultNS: defaultNamespace,
      interpolation: { escapeValue: false },
      nsSeparator: false,
      react: { useSuspense: false },
    });
  return i18next;
}
