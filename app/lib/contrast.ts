import { colord, extend, type RgbaColor } from "colord";
import a11yPlugin from "colord/plugins/a11y";
import { normalizeCssColor } from "./colors";

/**
 * Colour contrast (WCAG 2.1): what a seller's colours can carry and what text goes on them.
 * Isomorphic and pure: the shop theme picks its text colours with it, and the customization
 * form warns with the same numbers, live in the browser and after a save on the server.
 * Parsing and the WCAG ratio are colord's (and its a11y plugin); painting a translucent
 * colour over its backdrop is ours, as the browser composites it (`color-mix(in srgb)`).
 */
extend([a11yPlugin]);

/** WCAG 2.1 AA for normal text (1.4.3). */
export const MIN_TEXT_CONTRAST = 4.5;

export type Rgba = RgbaColor;

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };
const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };

/**
 * The sRGB value of a colour that `normalizeCssColor` accepts (hex, names, rgb(), hsl(),
 * with alpha), or null when it is not one.
 */
export function parseCssColor(value: string): Rgba | null {
  const color = normalizeCssColor(value);
  return color === null ? null : colord(color).rgba;
}

/** `top` painted over an opaque `bottom` (alpha compositing), opaque. */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const mix = (t: number, b: number) => t * top.a + b * (1 - top.a);
  return { r: mix(top.r, bottom.r), g: mix(top.g, bottom.g), b: mix(top.b, bottom.b), a: 1 };
}

/** `amountOfTop` (0..1) of `top` mixed into `bottom`, like `color-mix(in srgb, top N%, bottom)`. */
export function mix(top: Rgba, bottom: Rgba, amountOfTop: number): Rgba {
  return composite({ ...top, a: amountOfTop }, bottom);
}

/** WCAG contrast ratio (1..21) of two opaque colours, to two decimals rounded down (colord's a11y plugin). */
export function contrastRatio(a: Rgba, b: Rgba): number {
  return colord(a).contrast(colord(b));
}

export function toHex(color: Rgba): string {
  return colord(color).toHex();
}

/** The opaque colour a seller colour paints on `backdrop` (white: the page under the shop). */
function paint(value: string, backdrop: Rgba = WHITE): Rgba | null {
  const color = parseCssColor(value);
  return color ? composite(color, backdrop) : null;
}

/**
 * The text colour for anything filled with `fill` (buttons, chips, marks): white when it
 * reads (AA), else black. One of the two always does: every colour reaches 4.5:1 with white
 * or with black. Not a colour: white, as on the default fills.
 */
export function readableTextOn(fill: string, backdrop = "#ffffff"): "#ffffff" | "#000000" {
  const color = paint(fill, paint(backdrop) ?? WHITE);
  if (!color) return "#ffffff";
  if (contrastRatio(color, WHITE) >= MIN_TEXT_CONTRAST) return "#ffffff";
  return contrastRatio(color, BLACK) > contrastRatio(color, WHITE) ? "#000000" : "#ffffff";
}

/**
 * `color` as text on `surface`, its shade adjusted (mixed towards black or white, the
 * side that can reach AA) until it reads; unchanged when it already does. Keeps a brand's
 * hue for links and labels whatever the seller picked.
 */
export function readableShade(color: string, surface = "#ffffff"): string {
  const base = paint(surface) ?? WHITE;
  const ink = paint(color, base);
  if (!ink) return toHex(contrastRatio(base, BLACK) >= contrastRatio(base, WHITE) ? BLACK : WHITE);
  if (contrastRatio(ink, base) >= MIN_TEXT_CONTRAST) return toHex(ink);
  const target = contrastRatio(base, BLACK) >= contrastRatio(base, WHITE) ? BLACK : WHITE;
  for (let step = 1; step <= 20; step++) {
    const candidate = mix(target, ink, step / 20);
    if (contrastRatio(candidate, base) >= MIN_TEXT_CONTRAST) return toHex(candidate);
  }
  return toHex(target);
}

/** Contrast of seller-chosen text over a seller-chosen surface (translucent colours painted first). */
export function textContrast(text: string, surface: string): number | null {
  const base = paint(surface);
  const ink = base ? paint(text, base) : null;
  return base && ink ? contrastRatio(ink, base) : null;
}
