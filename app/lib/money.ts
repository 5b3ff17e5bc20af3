import { intlLocale } from "./languages";

/**
 * Money is integer cents plus an ISO currency. The API shows decimal strings with two
 * decimals and accepts numbers or strings.
 */
export const DEFAULT_CURRENCY = "EUR";

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * The one rule for showing an amount, on every screen (seller, shop, main site) and in
 * mails: it follows the reader's language, "€12.50" in English, "12,50 €" in French (the
 * spec's French euro format is what a French page shows; an English reader gets the
 * English one). Machine-readable places (API, CSV) use `centsToDecimalString` instead.
 */
export function formatMoney(cents: number, currency: string, language: string, options: { wholeUnits?: boolean } = {}): string {
  const locale = intlLocale(language);
  const key = `${locale}|${currency}|${options.wholeUnits ? 0 : ""}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    // wholeUnits: chart axis labels, which are round amounts ("€50", "50 €").
    const digits = options.wholeUnits ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {};
    formatter = new Intl.NumberFormat(locale, { style: "currency", currency, currencyDisplay: "symbol", ...digits });
    formatters.set(key, formatter);
  }
  return formatter.format(cents / 100);
}

/** 1250 -> "12.50" */
export function centsToDecimalString(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * Parses "12.5", "12,50", 12.5 into cents. Returns null for anything that is not a
 * finite, non-negative amount with at most two decimals.
 */
export function parseAmountToCents(input: unknown): number | null {
  if (typeof input === "number") {
    if (!Number.isFinite(input) || input < 0 || input > 1e9) return null;
    const cents = Math.round(input * 100);
    // 12.345 is refused; binary noise such as 0.1 + 0.2 is not.
    return Math.abs(cents - input * 100) < 1e-6 ? cents : null;
  }
  if (typeof input !== "string") return null;
  const match = /^(\d{1,9})(?:[.,](\d{0,2}))?$/.exec(input.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}
