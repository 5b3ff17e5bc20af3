/**
 * Control characters in what people type (issue 25): no form field, API field, query
 * parameter or path takes them. PostgreSQL refuses NUL in text outright (the request failed
 * with a 500 where SQLite stored it), and the other C0 and C1 controls have no place in a
 * name, an address or a search either. Tab, line feed and carriage return are text in a field
 * that spans lines (a textarea's, or its API twin): those fields are listed here by the name
 * their form and the API give them.
 */
export const MULTILINE_FIELDS: ReadonlySet<string> = new Set([
  "description",
  "business_description",
  "custom_css",
  "checkout_banner_text_en",
  "checkout_banner_text_fr",
  "reason",
]);

const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;

/** Whether `text` holds a control character (Unicode's Cc: U+0000–U+001F, U+007F–U+009F) it may not. */
export function hasControlCharacter(text: string, multiline = false): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20) {
      if (!(multiline && (code === TAB || code === LINE_FEED || code === CARRIAGE_RETURN))) return true;
    } else if (code >= 0x7f && code <= 0x9f) {
      return true;
    }
  }
  return false;
}

/**
 * The first field of parsed input (a JSON body, a form's fields) whose text holds a control
 * character, as a path (`items.0.reference`), or null. An item of a list is judged by the
 * name of its list.
 */
export function controlCharacterField(input: unknown): string | null {
  return findIn(input, [], null);
}

function findIn(value: unknown, path: string[], name: string | null): string | null {
  if (typeof value === "string") {
    return hasControlCharacter(value, name !== null && MULTILINE_FIELDS.has(name)) ? path.join(".") || "non_field_errors" : null;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findIn(item, [...path, String(index)], name);
      if (found !== null) return found;
    }
    return null;
  }
  if (typeof value === "object" && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const found = findIn(item, [...path, key], key);
      if (found !== null) return found;
    }
  }
  return null;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `text` with each lone surrogate (no character at all) as U+FFFD, as UTF-8 decoding reads it (`String#toWellFormed`). */
export function wellFormed(text: string): string {
  return text.replace(LONE_SURROGATE, "\ufffd");
}
