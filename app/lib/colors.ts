/**
 * Shop colours typed by sellers end up in inline styles / CSS variables, so only plain
 * colour syntax is accepted: no url(), var(), expression() or `;` smuggling.
 * Isomorphic: used by forms on the client and by the server before saving.
 */

export const MAX_COLOR_LENGTH = 64;

/** The 148 CSS named colours (CSS Color 4), plus `transparent`. */
export const CSS_NAMED_COLORS: ReadonlySet<string> = new Set(
  (
    "aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown " +
    "burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan " +
    "darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred " +
    "darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink " +
    "deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold " +
    "goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush " +
    "lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey " +
    "lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow " +
    "lime limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen " +
    "mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin " +
    "navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise " +
    "palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue " +
    "saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow " +
    "springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen " +
    "transparent"
  ).split(" "),
);

const HEX = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/;
const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/;
const PERCENT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?%$/;
const HUE = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?(?:deg|rad|grad|turn)?$/;
// The body may not contain parentheses, so nested functions (var(), calc(), url()) never match.
const FUNCTION = /^(rgba?|hsla?)\(\s*([^()]*?)\s*\)$/;

const isNumberOrPercent = (part: string) => NUMBER.test(part) || PERCENT.test(part);

/** rgb()/rgba()/hsl()/hsla() in legacy comma or modern space syntax, normalised; else null. */
function normalizeFunction(value: string): string | null {
  const match = FUNCTION.exec(value);
  if (!match) return null;
  const fn = match[1] as string;
  const body = match[2] as string;
  const legacy = body.includes(",");
  let channels: string[];
  let alpha: string | undefined;
  if (legacy) {
    const parts = body.split(",").map((part) => part.trim());
    if (parts.length !== 3 && parts.length !== 4) return null;
    channels = parts.slice(0, 3);
    alpha = parts[3];
  } else {
    const [main = "", slashAlpha, ...extra] = body.split("/");
    if (extra.length > 0) return null;
    channels = main.trim().split(/\s+/);
    alpha = slashAlpha?.trim();
    if (channels.length !== 3) return null;
  }
  if (alpha !== undefined && !isNumberOrPercent(alpha)) return null;
  const [first = "", ...rest] = channels;
  if (fn.startsWith("rgb")) {
    // Legacy syntax needs all numbers or all percentages; the modern one may mix.
    const ok = legacy ? channels.every((c) => NUMBER.test(c)) || channels.every((c) => PERCENT.test(c)) : channels.every(isNumberOrPercent);
    if (!ok) return null;
  } else if (!HUE.test(first) || !rest.every((c) => (legacy ? PERCENT.test(c) : isNumberOrPercent(c)))) {
    return null;
  }
  return legacy
    ? `${fn}(${[...channels, ...(alpha === undefined ? [] : [alpha])].join(", ")})`
    : `${fn}(${channels.join(" ")}${alpha === undefined ? "" : ` / ${alpha}`})`;
}

/**
 * Trimmed, lower-cased colour (`#FF0055` -> `#ff0055`, `RGB( 1 , 2 , 3 )` -> `rgb(1, 2, 3)`),
 * or null when the value is not a plain CSS colour.
 */
export function normalizeCssColor(value: string): string | null {
  if (typeof value !== "string" || value.length > MAX_COLOR_LENGTH) return null;
  const color = value.trim().toLowerCase();
  if (HEX.test(color) || CSS_NAMED_COLORS.has(color)) return color;
  return normalizeFunction(color);
}

export function isValidCssColor(value: string): boolean {
  return normalizeCssColor(value) !== null;
}
