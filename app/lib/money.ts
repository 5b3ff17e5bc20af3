/**
 * Money is integer cents plus an ISO currency. The API shows decimal strings with two
 * decimals and accepts numbers or strings.
 */
export const DEFAULT_CURRENCY = "EUR";

const formatters = new Map<string, Intl.NumberFormat>();

/** "€12.50" in en, "12,50 €" in fr. */
export function formatMoney(cents: number, currency: string, locale: string): string {
  const key = `${locale}|${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale === "fr" ? "fr-FR" : locale === "en" ? "en-US" : locale, {
      style: "currency",
      currency,
    });
    formatters.set(key, formatter);
  }
  return formatter.format(cents / 100);
}

/** Seller screens always show amounts in the French euro format (spec section 9). */
export function formatEuroFr(cents: number): string {
  return formatMoney(cents, DEFAULT_CURRENCY, "fr");
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
