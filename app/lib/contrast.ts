import { normalizeCssColor } from "./colors";

/**
 * Colour contrast (WCAG 2.1): what a seller's colours can carry and what text goes on them.
 * Isomorphic and pure: the shop theme picks its text colours with it, and the customization
 * form warns with the same numbers, live in the browser and after a save on the server.
 */

/** WCAG 2.1 AA for normal text (1.4.3). */
export const MIN_TEXT_CONTRAST = 4.5;

export type Rgba = { r: number; g: number; b: number; a: number };

const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };
const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };

/** The 148 CSS named colours as sRGB hex, for contrast only (validation lives in colors.ts). */
const NAMED_HEX: ReadonlyMap<string, string> = new Map(
  (
    "aliceblue:f0f8ff antiquewhite:faebd7 aqua:00ffff aquamarine:7fffd4 azure:f0ffff beige:f5f5dc " +
    "bisque:ffe4c4 black:000000 blanchedalmond:ffebcd blue:0000ff blueviolet:8a2be2 brown:a52a2a " +
    "burlywood:deb887 cadetblue:5f9ea0 chartreuse:7fff00 chocolate:d2691e coral:ff7f50 " +
    "cornflowerblue:6495ed cornsilk:fff8dc crimson:dc143c cyan:00ffff darkblue:00008b darkcyan:008b8b " +
    "darkgoldenrod:b8860b darkgray:a9a9a9 darkgreen:006400 darkgrey:a9a9a9 darkkhaki:bdb76b " +
    "darkmagenta:8b008b darkolivegreen:556b2f darkorange:ff8c00 darkorchid:9932cc darkred:8b0000 " +
    "darksalmon:e9967a darkseagreen:8fbc8f darkslateblue:483d8b darkslategray:2f4f4f " +
    "darkslategrey:2f4f4f darkturquoise:00ced1 darkviolet:9400d3 deeppink:ff1493 deepskyblue:00bfff " +
    "dimgray:696969 dimgrey:696969 dodgerblue:1e90ff firebrick:b22222 floralwhite:fffaf0 " +
    "forestgreen:228b22 fuchsia:ff00ff gainsboro:dcdcdc ghostwhite:f8f8ff gold:ffd700 goldenrod:daa520 " +
    "gray:808080 green:008000 greenyellow:adff2f grey:808080 honeydew:f0fff0 hotpink:ff69b4 " +
    "indianred:cd5c5c indigo:4b0082 ivory:fffff0 khaki:f0e68c lavender:e6e6fa lavenderblush:fff0f5 " +
    "lawngreen:7cfc00 lemonchiffon:fffacd lightblue:add8e6 lightcoral:f08080 lightcyan:e0ffff " +
    "lightgoldenrodyellow:fafad2 lightgray:d3d3d3 lightgreen:90ee90 lightgrey:d3d3d3 lightpink:ffb6c1 " +
    "lightsalmon:ffa07a lightseagreen:20b2aa lightskyblue:87cefa lightslategray:778899 " +
    "lightslategrey:778899 lightsteelblue:b0c4de lightyellow:ffffe0 lime:00ff00 limegreen:32cd32 " +
    "linen:faf0e6 magenta:ff00ff maroon:800000 mediumaquamarine:66cdaa mediumblue:0000cd " +
    "mediumorchid:ba55d3 mediumpurple:9370db mediumseagreen:3cb371 mediumslateblue:7b68ee " +
    "mediumspringgreen:00fa9a mediumturquoise:48d1cc mediumvioletred:c71585 midnightblue:191970 " +
    "mintcream:f5fffa mistyrose:ffe4e1 moccasin:ffe4b5 navajowhite:ffdead navy:000080 oldlace:fdf5e6 " +
    "olive:808000 olivedrab:6b8e23 orange:ffa500 orangered:ff4500 orchid:da70d6 palegoldenrod:eee8aa " +
    "palegreen:98fb98 paleturquoise:afeeee palevioletred:db7093 papayawhip:ffefd5 peachpuff:ffdab9 " +
    "peru:cd853f pink:ffc0cb plum:dda0dd powderblue:b0e0e6 purple:800080 rebeccapurple:663399 red:ff0000 " +
    "rosybrown:bc8f8f royalblue:4169e1 saddlebrown:8b4513 salmon:fa8072 sandybrown:f4a460 " +
    "seagreen:2e8b57 seashell:fff5ee sienna:a0522d silver:c0c0c0 skyblue:87ceeb slateblue:6a5acd " +
    "slategray:708090 slategrey:708090 snow:fffafa springgreen:00ff7f steelblue:4682b4 tan:d2b48c " +
    "teal:008080 thistle:d8bfd8 tomato:ff6347 turquoise:40e0d0 violet:ee82ee wheat:f5deb3 white:ffffff " +
    "whitesmoke:f5f5f5 yellow:ffff00 yellowgreen:9acd32"
  )
    .split(" ")
    .map((entry) => entry.split(":") as [string, string]),
);

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

function hexToRgba(hex: string): Rgba {
  const digits = hex.slice(1);
  const full = digits.length <= 4 ? [...digits].map((d) => d + d).join("") : digits;
  const channel = (i: number) => parseInt(full.slice(i * 2, i * 2 + 2), 16);
  return { r: channel(0), g: channel(1), b: channel(2), a: full.length === 8 ? channel(3) / 255 : 1 };
}

/** A number or percentage: percentages scale to `full`. */
function amount(part: string, full: number): number {
  return part.endsWith("%") ? (parseFloat(part) / 100) * full : parseFloat(part);
}

function hueDegrees(part: string): number {
  const value = parseFloat(part);
  if (part.endsWith("grad")) return value * 0.9;
  if (part.endsWith("rad")) return (value * 180) / Math.PI;
  if (part.endsWith("turn")) return value * 360;
  return value;
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  // CSS Color 4's hsl-to-rgb, with s and l in 0..1.
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/**
 * The sRGB value of a colour that `normalizeCssColor` accepts (hex, names, rgb(), hsl(),
 * with alpha), or null when it is not one.
 */
export function parseCssColor(value: string): Rgba | null {
  const color = normalizeCssColor(value);
  if (color === null) return null;
  if (color === "transparent") return { r: 0, g: 0, b: 0, a: 0 };
  if (color.startsWith("#")) return hexToRgba(color);
  const named = NAMED_HEX.get(color);
  if (named) return hexToRgba(`#${named}`);
  const match = /^(rgba?|hsla?)\((.*)\)$/.exec(color);
  if (!match) return null;
  const [fn = "", body = ""] = [match[1], match[2]];
  const [main = "", alphaPart] = body.includes(",") ? [body.split(",").slice(0, 3).join(" "), body.split(",")[3]] : body.split("/");
  const channels = main.trim().split(/[\s,]+/);
  const alpha = alphaPart === undefined ? 1 : clamp(amount(alphaPart.trim(), 1), 0, 1);
  const [c1 = "0", c2 = "0", c3 = "0"] = channels;
  if (fn.startsWith("rgb")) {
    return { r: clamp(amount(c1, 255), 0, 255), g: clamp(amount(c2, 255), 0, 255), b: clamp(amount(c3, 255), 0, 255), a: alpha };
  }
  const hue = ((hueDegrees(c1) % 360) + 360) % 360;
  const [r, g, b] = hslToRgb(hue, clamp(amount(c2, 100) / 100, 0, 1), clamp(amount(c3, 100) / 100, 0, 1));
  return { r, g, b, a: alpha };
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

function relativeLuminance(color: Rgba): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(color.r) + 0.7152 * linear(color.g) + 0.0722 * linear(color.b);
}

/** WCAG contrast ratio (1..21) of two opaque colours. */
export function contrastRatio(a: Rgba, b: Rgba): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

export function toHex(color: Rgba): string {
  const byte = (v: number) =>
    Math.round(clamp(v, 0, 255))
      .toString(16)
      .padStart(2, "0");
  return `#${byte(color.r)}${byte(color.g)}${byte(color.b)}`;
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
