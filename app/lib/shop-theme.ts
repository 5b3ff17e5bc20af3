import { normalizeCssColor } from "./colors";

/**
 * Which of the seller's colours the shop's screens use, and where. Isomorphic: the live
 * checkout and the customization preview read the same mapping (docs/architecture.md).
 */

export type ShopColors = { primary: string; secondary: string; background: string; text: string };

/** A shop's colours until the seller customises them (spec section 3). */
export const DEFAULT_SHOP_COLORS: ShopColors = { primary: "#FF0055", secondary: "#D946EF", background: "#ffffff", text: "#111111" };

/** The checkout's own colours (spec section 2: step colours and accent). */
export const DEFAULT_CHECKOUT_COLORS = { accent: "#007bff", current: "#3b82f6", completed: "#10b981", upcoming: "#cbd5e1" } as const;

export type CheckoutColors = { accent: string; current: string; completed: string; upcoming: string };

/** The seller's colour when it is a valid colour other than the default; else null. */
function customised(value: string, defaultValue: string): string | null {
  const color = normalizeCssColor(value);
  return color !== null && color !== normalizeCssColor(defaultValue) ? color : null;
}

/**
 * The checkout keeps the spec's colours until the seller changes theirs: a customised
 * primary colour becomes the accent (the continue and pay buttons), a customised secondary
 * colour marks the current step. Completed steps stay green: "done" reads the same everywhere.
 */
export function checkoutColors(colors: Pick<ShopColors, "primary" | "secondary">): CheckoutColors {
  return {
    accent: customised(colors.primary, DEFAULT_SHOP_COLORS.primary) ?? DEFAULT_CHECKOUT_COLORS.accent,
    current: customised(colors.secondary, DEFAULT_SHOP_COLORS.secondary) ?? DEFAULT_CHECKOUT_COLORS.current,
    completed: DEFAULT_CHECKOUT_COLORS.completed,
    upcoming: DEFAULT_CHECKOUT_COLORS.upcoming,
  };
}
