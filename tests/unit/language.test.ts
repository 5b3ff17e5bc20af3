import { describe, expect, it } from "vitest";
import { languageFromAcceptLanguage } from "~/lib/i18n";

describe("languageFromAcceptLanguage", () => {
  it.each([
    ["de-DE,fr;q=0.5", "fr"],
    ["de-DE,de;q=0.9,fr-CA;q=0.8,en;q=0.7", "fr"],
    ["fr-CA", "fr"],
    ["FR-fr", "fr"],
    ["en-GB,fr;q=0.9", "en"],
    ["en;q=0.3,fr;q=0.8", "fr"],
    ["de, fr ; q=0.4, en ; q=0.6", "en"],
    ["es,fr,en", "fr"],
  ])("%s -> %s", (header, expected) => {
    expect(languageFromAcceptLanguage(header)).toBe(expected);
  });

  it.each([[null], [""], ["de-DE,es;q=0.5"], ["fr;q=0,de"], ["*"]])("finds no supported language in %j", (header) => {
    expect(languageFromAcceptLanguage(header)).toBeNull();
  });
});
