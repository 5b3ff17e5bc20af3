/**
 * The interface's languages, without the cookie code of `./i18n`: what every page's browser
 * code needs (the cookie code loads only when a language choice is stored).
 */

/** Languages of the interface (spec section 1): en and fr, fallback en. */
export const supportedLanguages = ["en", "fr"] as const;
export type Language = (typeof supportedLanguages)[number];
export const fallbackLanguage: Language = "en";
export const defaultNamespace = "translation";
/** Cookie (server) and localStorage key (browser) holding the chosen language. */
export const LANGUAGE_KEY = "i18nextLng";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (supportedLanguages as readonly string[]).includes(value);
}

export function textDirection(_language: Language): "ltr" | "rtl" {
  return "ltr"; // both supported languages are left-to-right
}

/**
 * The one locale that formats amounts, numbers and dates for an interface language: "fr",
 * "fr-CA" -> fr-FR; anything else -> en-US (the product speaks en and fr only).
 */
export function intlLocale(language: string): "fr-FR" | "en-US" {
  return language.toLowerCase().startsWith("fr") ? "fr-FR" : "en-US";
}
