import { sql, type SQL } from "drizzle-orm";
import type { Logger } from "pino";
import { getDatabase, isSqlite, type AppDatabase } from "./client";

/**
 * What orders a PostgreSQL database's text (`pg_database`): its locale provider (`c` libc,
 * `i` ICU, `b` builtin since PostgreSQL 17) and its libc locale's collation and character
 * classes. An ICU database still reports a libc `datcollate`, often `C.UTF-8`.
 */
export type DatabaseLocale = { provider: string; collate: string; ctype: string };

// libc locales that compare strings by their bytes; UTF-8's byte order is its code points', SQLite's order.
const BYTE_ORDER_LOCALE = /^(C|POSIX|C\.UTF-?8)$/i;

/** Whether a PostgreSQL database with this locale orders text as SQLite does (by code point). */
export function ordersTextLikeSqlite(locale: DatabaseLocale): boolean {
  // Every locale of the builtin provider (C, C.UTF-8, PG_UNICODE_FAST) orders by code point.
  if (locale.provider === "b") return true;
  // ICU orders by a language's rules, whatever datcollate says.
  return locale.provider === "c" && BYTE_ORDER_LOCALE.test(locale.collate) && BYTE_ORDER_LOCALE.test(locale.ctype);
}

/** The current PostgreSQL database's locale; null on SQLite, which always orders by bytes. */
export async function readDatabaseLocale(db: AppDatabase = getDatabase()): Promise<DatabaseLocale | null> {
  if (isSqlite(db)) return null;
  type Row = { datlocprovider: string; datcollate: string; datctype: string };
  const postgresDb = db as unknown as { execute: (query: SQL) => Promise<Row[] | { rows: Row[] }> };
  const result = await postgresDb.execute(
    sql`select datlocprovider, datcollate, datctype from pg_database where datname = current_database()`,
  );
  const [row] = Array.isArray(result) ? result : result.rows;
  return row ? { provider: row.datlocprovider, collate: row.datcollate, ctype: row.datctype } : null;
}

/**
 * At start: the database's text order against SQLite's. The docs require C.UTF-8; a database
 * made otherwise still works (only the order of names differs), so this warns, once, rather
 * than refusing to start. Returns whether the order is SQLite's.
 */
export async function checkDatabaseTextOrder(
  log: Pick<Logger, "warn">,
  read: () => Promise<DatabaseLocale | null> = readDatabaseLocale,
): Promise<boolean> {
  const locale = await read();
  if (!locale || ordersTextLikeSqlite(locale)) return true;
  log.warn(
    { locale_provider: locale.provider, datcollate: locale.collate, datctype: locale.ctype },
    "PostgreSQL database not created with the C.UTF-8 locale: text such as product and category names will sort " +
      "differently than on SQLite. Create the database with CREATE DATABASE <name> LOCALE_PROVIDER libc LOCALE 'C.UTF-8' TEMPLATE template0 " +
      "(createdb --locale-provider=libc --locale=C.UTF-8 --template=template0) and restore the data into it (docs/operations.md)",
  );
  return false;
}
