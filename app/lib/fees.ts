/**
 * Fee model (spec section 9): the card provider takes 1.5% + 0.25 EUR; the platform takes
 * 2% excluding VAT (2.4% including 20% VAT). The seller receives the sale minus both.
 * One function for the pricing calculator, the checkout's application fee and the dashboard.
 */
export const PROVIDER_RATE = 0.015;
export const PROVIDER_FIXED_CENTS = 25;
export const PLATFORM_RATE = 0.02;
export const VAT_RATE = 0.2;

export type FeeBreakdown = {
  amountCents: number;
  providerFeeCents: number;
  platformFeeHtCents: number;
  platformVatCents: number;
  platformFeeTtcCents: number;
  netHtCents: number;
  netTtcCents: number;
};

export function computeFees(amountCents: number): FeeBreakdown {
  const providerFeeCents = Math.round(amountCents * PROVIDER_RATE) + PROVIDER_FIXED_CENTS;
  const platformFeeHtCents = Math.round(amountCents * PLATFORM_RATE);
  const platformVatCents = Math.round(platformFeeHtCents * VAT_RATE);
  const platformFeeTtcCents = platformFeeHtCents + platformVatCents;
  return {
    amountCents,
    providerFeeCents,
    platformFeeHtCents,
    platformVatCents,
    platformFeeTtcCents,
    netHtCents: amountCents - providerFeeCents - platformFeeHtCents,
    netTtcCents: amountCents - providerFeeCents - platformFeeTtcCents,
  };
}

export const CALCULATOR_PRESETS = [25, 100, 250] as const;
export const CALCULATOR_DEFAULT = 100;
export const CALCULATOR_MINIMUM = 10;

/**
 * The calculator's reading of the sale-amount field (spec section 5): empty or
 * non-numeric becomes 0, a negative value is clamped to 0, 0 is calculated as 100, and a
 * positive amount below the minimum of 10 is calculated at 10. Returns euros.
 */
export function calculatorAmount(raw: string | number | null | undefined): number {
  return calculatorReading(raw).amount;
}

/**
 * Why the calculated amount differs from what was typed, so the calculator can say so next
 * to the field instead of silently showing other figures: "default" when the field reads
 * as 0 (empty, non-numeric, zero or negative), "minimum" when it is raised to the minimum.
 */
export type CalculatorAdjustment = "default" | "minimum" | null;

export function calculatorReading(raw: string | number | null | undefined): { amount: number; adjustment: CalculatorAdjustment } {
  const value =
    typeof raw === "number"
      ? raw
      : Number(
          String(raw ?? "")
            .trim()
            .replace(",", ".") || "0",
        );
  let amount = Number.isFinite(value) ? value : 0;
  if (amount < 0) amount = 0;
  if (amount === 0) return { amount: CALCULATOR_DEFAULT, adjustment: "default" };
  if (amount < CALCULATOR_MINIMUM) return { amount: CALCULATOR_MINIMUM, adjustment: "minimum" };
  return { amount: Math.round(amount * 100) / 100, adjustment: null };
}
