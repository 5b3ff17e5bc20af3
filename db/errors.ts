// Database errors the domain reacts to, recognised the same way on every driver: SQLite
// (better-sqlite3), PostgreSQL (postgres-js) and PGlite. drizzle wraps a driver's error in a
// DrizzleQueryError whose `cause` is the driver's own, so the whole cause chain is searched.

/** SQLSTATE of a unique violation (PostgreSQL, PGlite); better-sqlite3's codes for the same. */
const UNIQUE_VIOLATION_CODES = new Set(["23505", "SQLITE_CONSTRAINT_UNIQUE", "SQLITE_CONSTRAINT_PRIMARYKEY"]);

// Deep enough for drizzle's wrapper around a driver error; bounded against cyclic causes.
const MAX_CAUSE_DEPTH = 5;

/** The `code` of the error and of its causes, outermost first. */
function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && typeof current === "object" && current !== null; depth++) {
    if ("code" in current && typeof current.code === "string") codes.push(current.code);
    current = "cause" in current ? current.cause : undefined;
  }
  return codes;
}

/** True when a write failed because it would duplicate a unique key (map it to a 409 or a retry). */
export function isUniqueViolation(error: unknown): boolean {
  return errorCodes(error).some((code) => UNIQUE_VIOLATION_CODES.has(code));
}

/** SQLSTATE of a foreign key violation (PostgreSQL, PGlite); better-sqlite3's code for the same. */
const FOREIGN_KEY_VIOLATION_CODES = new Set(["23503", "SQLITE_CONSTRAINT_FOREIGNKEY"]);

/** True when a write named a row that is gone (deleted since it was read): map it to a refusal. */
export function isForeignKeyViolation(error: unknown): boolean {
  return errorCodes(error).some((code) => FOREIGN_KEY_VIOLATION_CODES.has(code));
}

/** True when a write left a NOT NULL column empty (PostgreSQL, PGlite). */
export function isNotNullViolation(error: unknown): boolean {
  return errorCodes(error).includes("23502");
}
