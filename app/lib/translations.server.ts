import crypto from "node:crypto";
import { createInstance, type TFunction } from "i18next";
import en from "../../locales/en/translation.json";
import fr from "../../locales/fr/translation.json";
import { defaultNamespace, fallbackLanguage, supportedLanguages, type Language } from "~/lib/i18n";

// The translations and a translator that needs no request, so that every layer (mails in the
// domain, the request log, the start-up messages) can translate without importing middleware.
export const resources = { en: { translation: en }, fr: { translation: fr } } as const;

/** Changes whenever a translation changes, so browsers can cache the files for good. */
export const localesVersion = crypto.createHash("sha256").update(JSON.stringify(resources)).digest("hex").slice(0, 12);

export const i18nextOptions = {
  resources,
  fallbackLng: fallbackLanguage,
  defaultNS: defaultNamespace,
  supportedLngs: [...supportedLanguages],
  interpolation: { escapeValue: false },
  // Messages may contain ":" (e.g. a provider's text); we use a single namespace.
  nsSeparator: false as const,
};

/** A translator for work outside a request's language (mails in the recipient's language). */
const standalone = createInstance({ ...i18nextOptions, initAsync: false });
void standalone.init();
export function translatorFor(language: Language): TFunction {
  return standalone.getFixedT(language);
}
