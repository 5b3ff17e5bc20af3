/**
 * The one rule for record ids in URLs (paths and query strings, API and screens): a plain
 * decimal integer, "12". Anything `Number()` would also accept ("0x1", "1e0", "1.0",
 * "+1", " 1", "01") is not an id, so every resource has exactly one address.
 */
const PLAIN_DECIMAL = /^[1-9][0-9]{0,15}$/;

export function parsePathId(value: string | null | undefined): number | null {
  if (value == null || !PLAIN_DECIMAL.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
