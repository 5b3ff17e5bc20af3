import { describe, expect, it } from "vitest";
import { intlLocale } from "~/lib/languages";
import { formatMoney } from "~/lib/money";

describe("intlLocale", () => {
  it.each([
    ["fr", "fr-FR"],
    ["fr-CA", "fr-FR"],
    ["FR", "fr-FR"],
    ["en", "en-US"],
    ["en-GB", "en-US"],
    ["de", "en-US"],
    ["", "en-US"],
  ])("%s -> %s", (language, locale) => {
    expect(intlLocale(language)).toBe(locale);
  });

  it("is the locale amounts are written in", () => {
    const amount = (locale: string) => new Intl.NumberFormat(locale, { style: "currency", currency: "EUR" }).format(12.5);
    expect(formatMoney(1250, "EUR", "fr-CA")).toBe(amount(intlLocale("fr-CA")));
    expect(formatMoney(1250, "EUR", "en")).toBe(amount(intlLocale("en")));
  });
});
