import { useSyncExternalStore } from "react";
import { fallbackLanguage, isLanguage, type Language } from "./languages";
import { createTranslator, type Translations } from "./translator";

/**
 * Translations in the browser. Components call `useTranslation()` from react-i18next; in
 * the browser build `react-i18next` resolves to this
 * module (see `vite.config.ts`), which gives the same `t` and `i18n.language` /
 * `i18n.changeLanguage` over the one language file the page needs, without i18next's
 * runtime. Only what the components use is here: a missing export fails the build.
 */
type State = { t: ReturnType<typeof createTranslator>; i18n: { language: Language; changeLanguage: typeof changeLanguage } };

let state: State | undefined;
const listeners = new Set<() => void>();

/** `/locales/{lng}/translation.json`, versioned so browsers may cache it for good. */
async function fetchTranslations(language: Language): Promise<Translations> {
  const version = document.documentElement.dataset.localesVersion ?? "";
  const response = await fetch(`/locales/${language}/translation.json?v=${version}`);
  if (!response.ok) throw new Error(`Translations ${language} answered ${response.status}`);
  return (await response.json()) as Translations;
}

async function changeLanguage(language: string): Promise<void> {
  if (!isLanguage(language) || language === state?.i18n.language) return;
  const translations = await fetchTranslations(language);
  state = { t: createTranslator(language, translations), i18n: { language, changeLanguage } };
  for (const listener of listeners) listener();
}

/** Loads the document's language; hydration waits for it so the first render matches the server's. */
export async function initClientI18n(): Promise<void> {
  const lang = document.documentElement.lang;
  await changeLanguage(isLanguage(lang) ? lang : fallbackLanguage);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot(): State {
  if (!state) throw new Error("useTranslation before initClientI18n");
  return state;
}

export function useTranslation(): State {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
