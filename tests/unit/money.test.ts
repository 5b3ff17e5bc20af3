import { describe, expect, it } from "vitest";
import { centsToDecimalString, formatMoney, parseAmountToCents } from "~/lib/money";

// Intl uses narrow no-break spaces in French; compare with plain spaces.
const plain = (s: string) => s.replace(/[\u202f\u00a0]/g, " ");

describe("money", () => {
  it("formats the shop currency per language", () => {
    expect(formatMoney(1250, "EUR", "en")).toBe("€12.50");
    expect(plain(formatMoney(1250, "EUR", "fr"))).toBe("12,50 €");
    expect(plain(formatMoney(123456, "EUR", "fr"))).toBe("1 234,56 €");
    expect(formatMoney(123456, "EUR", "en")).toBe("€1,234.56");
  });

  it("follows the reader's language only: one rule for seller screens, shop and mails", () => {
    // Regional variants of a language read like it; nothing falls back to the ISO code ("EUR 18.50").
    expect(formatMoney(1850, "EUR", "en-GB")).toBe("€18.50");
    expect(plain(formatMoney(1850, "EUR", "fr-CA"))).toBe("18,50 €");
    expect(formatMoney(1850, "EUR", "de")).toBe("€18.50");
    expect(formatMoney(1850, "USD", "en")).toBe("$18.50");
  });

  it("prints round axis amounts without decimals", () => {
    expect(formatMoney(5000, "EUR", "en", { wholeUnits: true })).toBe("€50");
    expect(plain(formatMoney(150000, "EUR", "fr", { wholeUnits: true }))).toBe("1 500 €");
    expect(formatMoney(5000, "EUR", "en")).toBe("€50.00");
  });

  it("shows API amounts as decimal strings", () => {
    expect(centsToDecimalString(1250)).toBe("12.50");
    expect(centsToDecimalString(5)).toBe("0.05");
    expect(centsToDecimalString(100000)).toBe("1000.00");
  });

  it("parses numbers and strings into cents", () => {
    expect(parseAmountToCents(12.5)).toBe(1250);
    expect(parseAmountToCents("12.5")).toBe(1250);
    expect(parseAmountToCents("12,50")).toBe(1250);
    expect(parseAmountToCents("10")).toBe(1000);
    expect(parseAmountToCents(0.1 + 0.2)).toBe(30);
  });

  it("rejects what is not an amount", () => {
    for (const bad of ["", "abc", "-1", "12.345", "1e400", Number.NaN, Infinity, null, {}, [] as unknown]) {
      expect(parseAmountToCents(bad)).toBeNull();
    }
  });
});
