/**
 * DATABASE_URL accepts `file:<path>`, a plain path, or `:memory:` (tests).
 * Returns the filename better-sqlite3 opens, or null when the value is unusable.
 */
export function sqliteFilenameFromUrl(url: string): string | null {
  const value = url.trim();
  if (value === ":memory:" || value === "file::memory:") return ":memory:";
  const filename = value.startsWith("file:") ? value.slice("file:".length) : value;
  if (filename === "" || /^[a-z]+:\/\//i.test(filename)) return null;
  return filename;
}

/** True for a PostgreSQL connection URL (`postgres://...` or `postgresql://...`). */
export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//i.test(url.trim());
}
