import { normalizeCssColor } from "./colors";
import { composite, MIN_TEXT_CONTRAST, mix, parseCssColor, readableShade, readableTextOn, textContrast, toHex } from "./contrast";
import { DEFAULT_CHECKOUT_COLORS, DEFAULT_SHOP_COLORS, type CheckoutColors, type CheckoutTheme, type ShopColors } from "./shop-colors";

/**
 * Which of the seller's colours the shop's screens use, and where. Isomorphic: the server
 * computes a shop page's palette and checkout theme, the customization preview the same in the
 * seller's browser (docs/sellers-and-shops.md).
 */

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
export type ShopPalette = ReturnType<typeof paletteOf>;
export function shopPalette(colors: ShopColors): ShopPalette {
  return remembered(palettes, `${colors.primary}|${colors.secondary}|${colors.background}|${colors.text}`, () => paletteOf(colors));
}
function paletteOf(colors: ShopColors) {
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

/**
 * The checkout's colours and their text colours, computed on the server with the checkout
 * page's data (`checkoutPageData`), so that the shopper's browser loads no colour code; the
 * customization preview computes it in the seller's browser.
 */
export function checkoutTheme(colors: Pick<ShopColors, "primary" | "secondary">): CheckoutTheme {
  return remembered(checkoutThemes, `${colors.primary}|${colors.secondary}`, () => {
    const theme = checkoutColors(colors);
    return { ...theme, ...checkoutTextColors(theme) };
  });
}

/**
 * The palettes and checkout themes computed, by the colours they come from: every shop page
 * and checkout step needs its shop's, and the contrast arithmetic cost more than the rest of
 * the root loader (profiles of the live drop). Keyed by the colours themselves, so a seller's
 * change of theme is a new key on every node, with nothing to invalidate; a few hundred kept,
 * forgotten all at once past that (callers get a frozen object: shared, never changed).
 */
const REMEMBERED_THEMES = 500;
const palettes = new Map<string, ShopPalette>();
const checkoutThemes = new Map<string, CheckoutTheme>();
function remembered<T extends object>(kept: Map<string, T>, key: string, compute: () => T): T {
  let value = kept.get(key);
  if (value === undefined) {
    if (kept.size >= REMEMBERED_THEMES) kept.clear();
    value = Object.freeze(compute());
    kept.set(key, value);
  }
  return value;
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
