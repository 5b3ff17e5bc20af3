import { colord, extend } from "colord";
import namesPlugin from "colord/plugins/names";

/**
 * Shop colours typed by sellers end up in inline styles / CSS variables, so only plain
 * colour syntax is accepted: hex, rgb()/rgba() and hsl()/hsla() in the legacy comma or the
 * modern space syntax, the CSS named colours and `transparent`, as colord reads them (its
 * patterns are anchored and take numbers only: no url(), var(), expression() or `;`
 * smuggling). Isomorphic: used by forms on the client and by the server before saving.
 */
extend([namesPlugin]);

export const MAX_COLOR_LENGTH = 64;

/** A colour function colord accepted, written one way: single spaces, `, ` and ` / ` between its parts. */
function normalizeFunction(color: string): string {
  const open = color.indexOf("(");
  const body = color.slice(open + 1, -1);
  const parts = body.includes(",")
    ? body.split(",").map((part) => part.trim())
    : [
        body
          .split("/")
          .map((part) => part.trim().split(/\s+/).join(" "))
          .join(" / "),
      ];
  return `${color.slice(0, open)}(${parts.join(", ")})`;
}

/**
 * Trimmed, lower-cased colour (`#FF0055` -> `#ff0055`, `RGB( 1 , 2 , 3 )` -> `rgb(1, 2, 3)`),
 * or null when the value is not a plain CSS colour.
 */
export function normalizeCssColor(value: string): string | null {
  if (typeof value !== "string" || value.length > MAX_COLOR_LENGTH) return null;
  const color = value.trim().toLowerCase();
  if (!colord(color).isValid()) return null;
  return color.endsWith(")") ? normalizeFunction(color) : color;
}

export function isValidCssColor(value: string): boolean {
  return normalizeCssColor(value) !== null;
}
