import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { createTranslator, type TranslationNode, type Translations } from "~/lib/translator";
import { i18nextOptions, resources } from "~/lib/translations.server";
import { supportedLanguages } from "~/lib/i18n";

function keysOf(node: TranslationNode, prefix = ""): string[] {
  return Object.entries(node).flatMap(([name, value]: [string, TranslationNode]) =>
    typeof value === "string" ? [`${prefix}${name}`] : keysOf(value, `${prefix}${name}.`),
  );
}

/** The keys of lists (pages read them with `returnObjects`). */
function listKeysOf(node: TranslationNode, prefix = ""): string[] {
  if (typeof node === "string") return [];
  const here = Array.isArray(node) && prefix ? [prefix.slice(0, -1)] : [];
  return [...here, ...Object.entries(node).flatMap(([name, value]: [string, TranslationNode]) => listKeysOf(value, `${prefix}${name}.`))];
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

describe("the browser's translator", () => {
  const i18n = createInstance({ ...i18nextOptions, initAsync: false });
  void i18n.init();

  for (const language of supportedLanguages) {
    it(`renders every ${language} text as i18next does`, () => {
      const translations = resources[language].translation as unknown as Translations;
      const t = createTranslator(language, translations);
      const reference = i18n.getFixedT(language);
      const keys = [...new Set(keysOf(translations).map((key) => key.replace(PLURAL_SUFFIX, "")))];
      expect(keys.length).toBeGreaterThan(500);
      for (const key of keys) {
        // Every placeholder gets a value; numbers where a text formats one.
        const values = { name: "Ada", shop_name: "Démo", from: "pending", to: "shipped", minimum: 12.5, total: 7, quantity: 3, shown: 2 };
        for (const count of [undefined, 0, 1, 2, 5]) {
          const options = count === undefined ? values : { ...values, count };
          expect(t(key, options), `${language} ${key} count=${count}`).toBe(reference(key, options));
        }
      }
    });
  }

  for (const language of supportedLanguages) {
    it(`gives the ${language} lists (returnObjects) as i18next does`, () => {
      const translations = resources[language].translation as unknown as Translations;
      const t = createTranslator(language, translations);
      const reference = i18n.getFixedT(language);
      const keys = listKeysOf(translations);
      expect(keys).toContain("pricing.included");
      for (const key of keys) expect(t(key, { returnObjects: true }), key).toEqual(reference(key, { returnObjects: true }));
    });
  }

  it("reads French counts of a million and more (plural 'many') from the `_other` text", () => {
    // i18next would fall back to English there, as French has no `_many` texts.
    const t = createTranslator("fr", resources.fr.translation as unknown as Translations);
    expect(t("catalogue.count", { count: 1_000_000, shown: 24, total: 1_000_000 })).toBe("Affichage de 24 sur 1000000 produits");
  });

  it("keeps placeholders without a value and returns an unknown key as it is", () => {
    const reference = i18n.getFixedT("en");
    const t = createTranslator("en", resources.en.translation as unknown as Translations);
    expect(t("catalogue.count", { count: 1 })).toBe(reference("catalogue.count", { count: 1 }));
    expect(t("Your card was declined.")).toBe("Your card was declined.");
    expect(reference("Your card was declined.")).toBe("Your card was declined.");
  });
});
