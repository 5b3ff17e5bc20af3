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

/**
 * libpq's `?host=/directory` (`postgres://user@localhost:5432/db?host=/var/run/postgresql`):
 * the server's Unix socket in that directory, for a PostgreSQL on the node's own machine (no
 * TCP stack between them). postgres.js takes a socket only as its `host` option (left in the
 * URL, `host` would go to the server as a setting, which it refuses); the URL keeps the port,
 * which names the socket file. Any other URL is returned as it is.
 */
export function postgresAddress(url: string): { address: string; socket: { host: string } | null } {
  const parsed = new URL(url);
  const host = parsed.searchParams.get("host");
  if (!host?.startsWith("/")) return { address: url, socket: null };
  parsed.searchParams.delete("host");
  return { address: parsed.toString(), socket: { host } };
}
