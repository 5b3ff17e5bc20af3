import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import * as schema from "./schema";
import { sqliteFilenameFromUrl } from "./url";

export type AppDatabase = BetterSQLite3Database<typeof schema> & {
  $client: Database.Database;
};

const DURABLE_SYNC = "FULL";

export function openDatabase(url: string): AppDatabase {
  const filename = sqliteFilenameFromUrl(url);
  if (!filename) throw new Error(`DATABASE_URL is not a SQLite file URL: ${url}`);
  if (filename !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(filename)), { recursive: true });
  const sqlite = new Database(filename);
  // Web-server settings: concurrent readers with one writer, enforced relations,
  // wait instead of failing when another connection holds the write lock.
  sqlite.pragma("journal_mode = WAL");
  // FULL: every commit (an order, a payment) is on disk before it is reported done, even
  // through a power cut or an OS crash; NORMAL could lose the last ones. Cost measured in
  // docs/operations.md (Durability).
  sqlite.pragma(`synchronous = ${DURABLE_SYNC}`);
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return drizzle(sqlite, { schema }) as AppDatabase;
}

/** The process-wide connection, opened on first use from DATABASE_URL. */
let current: AppDatabase | undefined;
export function getDatabase(): AppDatabase {
  current ??= openDatabase(process.env.DATABASE_URL ?? "file:./data/app.db");
  return current;
}

/** Closes the process-wide connection (graceful shutdown); the next use reopens it. */
export function closeDatabase(): void {
  current?.$client.close();
  current = undefined;
}

export type Transaction = Parameters<Parameters<AppDatabase["transaction"]>[0]>[0];
/** Anything queries can run on: the database or an open transaction. */
export type Queryable = AppDatabase | Transaction;

/**
 * Runs `work` in a write transaction that takes the write lock up front
 * (BEGIN IMMEDIATE), so a read-then-write never fails with SQLITE_BUSY halfway.
 * better-sqlite3 is synchronous: never await inside `work`.
 */
export function writeTransaction<T>(work: (tx: Transaction) => T, db: AppDatabase = getDatabase()): T {
  return db.transaction(work, { behavior: "immediate" });
}

/**
 * Runs a write whose loss in a power cut is harmless (a page-view counter) without waiting
 * for the disk (synchronous = NORMAL), so a page view does not pay an fsync. Everything
 * else stays FULL; the next FULL commit syncs this one too.
 */
export function withoutDiskSync<T>(work: () => T, db: AppDatabase = getDatabase()): T {
  db.$client.pragma("synchronous = NORMAL");
  try {
    return work();
  } finally {
    db.$client.pragma(`synchronous = ${DURABLE_SYNC}`);
  }
}
