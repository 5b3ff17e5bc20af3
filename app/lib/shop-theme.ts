import { normalizeCssColor } from "./colors";
import { composite, MIN_TEXT_CONTRAST, mix, parseCssColor, readableShade, readableTextOn, textContrast, toHex } from "./contrast";

/**
 * Which of the seller's colours the shop's screens use, and where. Isomorphic: the live
 * checkout and the customization preview read the same mapping (docs/sellers-and-shops.md).
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

/** How much of the primary colour tints the checkout banner (`CheckoutBanner`). */
export const BANNER_TINT = 0.12;

/** The banner's surface: the primary colour's tint over the shop background. */
export function bannerSurface(colors: Pick<ShopColors, "primary" | "background">): string {
  const white = { r: 255, g: 255, b: 255, a: 1 };
  const background = composite(parseCssColor(colors.background) ?? white, white);
  const primary = parseCssColor(colors.primary);
  return toHex(primary ? mix(composite(primary, background), background, BANNER_TINT) : background);
}

/**
 * The colours a shop page paints with: the seller's four, the text that reads on the filled
 * ones (`on-*`), and the primary shade that reads as text on the white surfaces (header,
 * cards, dialogs). Every shop screen and the platform's own controls on a shop (login
 * button, links, focus ring) take them from here, so any seller palette stays readable.
 */
export type ShopPalette = ReturnType<typeof shopPalette>;
export function shopPalette(colors: ShopColors) {
  return {
    primary: colors.primary,
    onPrimary: readableTextOn(colors.primary),
    primaryInk: readableShade(colors.primary),
    secondary: colors.secondary,
    onSecondary: readableTextOn(colors.secondary),
    background: colors.background,
    text: colors.text,
  };
}

/** The text colour on each checkout fill (buttons, step marks). */
export function checkoutTextColors(theme: CheckoutColors) {
  return {
    onAccent: readableTextOn(theme.accent),
    onCurrent: readableTextOn(theme.current),
    onCompleted: readableTextOn(theme.completed),
    onUpcoming: readableTextOn(theme.upcoming),
  };
}

export type ContrastIssue = { pair: "text_on_background" | "text_on_banner"; ratio: number };

/**
 * The pairs of seller colours that do not read (WCAG AA, 4.5:1): the shop's text on its
 * background and on the checkout banner. Filled controls need no warning: their text colour
 * is computed. The customization form shows these as warnings; saving is still allowed.
 */
export function shopContrastIssues(colors: ShopColors, { banner = true }: { banner?: boolean } = {}): ContrastIssue[] {
  const issues: ContrastIssue[] = [];
  const pairs: [ContrastIssue["pair"], string][] = [["text_on_background", colors.background]];
  // The banner only shows when the seller wrote one.
  if (banner) pairs.push(["text_on_banner", bannerSurface(colors)]);
  for (const [pair, surface] of pairs) {
    const ratio = textContrast(colors.text, surface);
    if (ratio !== null && ratio < MIN_TEXT_CONTRAST) issues.push({ pair, ratio: Math.floor(ratio * 100) / 100 });
  }
  return issues;
}
