import { parseAmountToCents } from "~/lib/money";

/** A price as the seller types it ("12.50", "12,5" or 12.5): cents above 0, up to 100,000, or null. */
export function priceCents(value: string | number): number | null {
  const cents = parseAmountToCents(typeof value === "string" ? value.trim() : value);
  return cents === null || cents <= 0 || cents > 10_000_000 ? null : cents;
}
