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
 * libpq's `?host=` in a URL, which postgres.js does not read (left in, it would go to the
 * server as a setting, which the server refuses): a folder (`?host=/var/run/postgresql`) is
 * the server's Unix socket there, for a PostgreSQL on the node's own machine (no TCP stack
 * between them), handed to postgres.js as its `host` option, the URL's port naming the socket
 * file; a name or address (`?host=db2`) takes the URL's host's place, as libpq has it.
 */
export function postgresAddress(url: string): { address: string; socket: { host: string } | null } {
  const parsed = new URL(url);
  const host = parsed.searchParams.get("host");
  if (host === null) return { address: url, socket: null };
  parsed.searchParams.delete("host");
  if (host.startsWith("/")) return { address: parsed.toString(), socket: { host } };
  if (host !== "") parsed.hostname = host;
  return { address: parsed.toString(), socket: null };
}
