/**
 * The one rule for record ids in URLs (paths and query strings, API and screens): a plain
 * decimal integer, "12". Anything `Number()` would also accept ("0x1", "1e0", "1.0",
 * "+1", " 1", "01") is not an id, so every resource has exactly one address. Nor is a number
 * beyond what an id column holds (PostgreSQL's `integer`): asking the database for it would
 * fail there instead of finding nothing.
 */
export const MAX_RECORD_ID = 2_147_483_647;
const PLAIN_DECIMAL = /^[1-9][0-9]{0,9}$/;

export function parsePathId(value: string | null | undefined): number | null {
  if (value == null || !PLAIN_DECIMAL.test(value)) return null;
  const id = Number(value);
  return id <= MAX_RECORD_ID ? id : null;
}

/** Whether a number (an API's JSON value) can be a record's id. */
export function isRecordId(value: number): boolean {
  return Number.isInteger(value) && value > 0 && value <= MAX_RECORD_ID;
}
