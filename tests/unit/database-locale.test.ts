// PostgreSQL orders text by the database's collation, SQLite by bytes: the docs require C.UTF-8,
// and a node started on a database made otherwise says so (db/database-locale.ts).
import { describe, expect, it } from "vitest";
import { checkDatabaseTextOrder, ordersTextLikeSqlite, type DatabaseLocale } from "~db/database-locale";
import { createLogger } from "~/lib/logger.server";

const libc = (collate: string, ctype = collate): DatabaseLocale => ({ provider: "c", collate, ctype });

function capturedLog() {
  const lines: Record<string, unknown>[] = [];
  const log = createLogger("info", { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { log, lines };
}

describe("ordersTextLikeSqlite", () => {
  it.each([libc("C"), libc("POSIX"), libc("C.UTF-8"), libc("C.utf8"), libc("c.utf-8"), libc("C", "C.UTF-8")])(
    "a libc database in a byte-order locale orders like SQLite: %o",
    (locale) => expect(ordersTextLikeSqlite(locale)).toBe(true),
  );

  it.each([
    libc("en_US.UTF-8"),
    libc("fr_FR.UTF-8"),
    libc("C.UTF-8", "en_US.UTF-8"),
    libc("en_US.UTF-8", "C.UTF-8"),
    libc("English_United States.1252"),
    libc("C.UTF-8 "),
    libc(""),
  ])("a libc database in any other locale does not: %o", (locale) => expect(ordersTextLikeSqlite(locale)).toBe(false));

  it("an ICU database does not, even when its libc datcollate is C.UTF-8 (ICU orders by a language)", () => {
    expect(ordersTextLikeSqlite({ provider: "i", collate: "C.UTF-8", ctype: "C.UTF-8" })).toBe(false);
  });

  it("a database of the builtin provider (PostgreSQL 17+) does: its locales order by code point", () => {
    expect(ordersTextLikeSqlite({ provider: "b", collate: "en_US.UTF-8", ctype: "en_US.UTF-8" })).toBe(true);
  });
});

describe("checkDatabaseTextOrder", () => {
  it("warns once, with the locale and how to make the database, when the order is not SQLite's; the node starts anyway", async () => {
    const { log, lines } = capturedLog();
    expect(await checkDatabaseTextOrder(log, async () => libc("en_US.UTF-8"))).toBe(false);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: "warn", locale_provider: "c", datcollate: "en_US.UTF-8", datctype: "en_US.UTF-8" });
    expect(lines[0]!.msg).toContain("sort differently than on SQLite");
    expect(lines[0]!.msg).toContain("LOCALE_PROVIDER libc LOCALE 'C.UTF-8' TEMPLATE template0");
    expect(lines[0]!.msg).toContain("--locale=C.UTF-8");
  });

  it("says nothing for a C.UTF-8 database or SQLite (no locale)", async () => {
    const { log, lines } = capturedLog();
    expect(await checkDatabaseTextOrder(log, async () => libc("C.UTF-8"))).toBe(true);
    expect(await checkDatabaseTextOrder(log, async () => null)).toBe(true);
    expect(lines).toEqual([]);
  });

  // On "unit-pg" this reads pg_database on the test server (scripts/postgres-server.js makes it
  // with initdb --locale=C.UTF-8), so the test suite's own databases never warn.
  it("finds this suite's database ordering like SQLite, without a warning", async () => {
    const { log, lines } = capturedLog();
    expect(await checkDatabaseTextOrder(log)).toBe(true);
    expect(lines).toEqual([]);
  });
});
