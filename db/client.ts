import { AsyncLocalStorage } from "node:async_hooks";
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

/**
 * What queries run on inside a transaction. On one SQLite connection the transaction is the
 * connection itself (see `writeTransaction`); functions still take an optional
 * `Queryable`/`Transaction` so that they can join their caller's transaction.
 */
export type Transaction = AppDatabase;
/** Anything queries can run on: the database or an open transaction. */
export type Queryable = AppDatabase | Transaction;

/** The transaction open in the current async context, if any (see `writeTransaction`). */
type OpenTransaction = { db: AppDatabase; open: boolean };
const openTransaction = new AsyncLocalStorage<OpenTransaction>();
/** One queue per connection: the promise of the last transaction queued on it. */
const queues = new WeakMap<Database.Database, Promise<unknown>>();

/**
 * Runs `work` in a write transaction that takes the write lock up front (BEGIN IMMEDIATE),
 * so a read-then-write never fails with SQLITE_BUSY halfway. Commits when `work` resolves,
 * rolls back and rethrows when it rejects.
 *
 * drizzle's own better-sqlite3 transaction cannot take an async callback ("Transaction
 * function cannot return a promise"), and PostgreSQL needs every query awaited, so the
 * transaction is driven by hand: transactions on a connection queue up behind one another
 * (a promise chain, one at a time), and a call made inside an open transaction (a
 * transaction calling a function that opens one) joins it instead of waiting behind itself
 * in the queue; AsyncLocalStorage tells which transaction the current call runs in.
 *
 * A transaction body must await ONLY database calls: never the payment provider, mail,
 * password hashing or a timer. SQLite has one connection here and the transaction is that
 * connection's state, so whatever else runs while the body awaits (another request's reads
 * and writes) runs inside this transaction, and is rolled back with it; a slow await also
 * holds the write lock and the queue for every other writer.
 */
export async function writeTransaction<T>(work: (tx: Transaction) => Promise<T>, db: AppDatabase = getDatabase()): Promise<T> {
  const current = openTransaction.getStore();
  if (current?.open && current.db === db) return work(db);

  const previous = queues.get(db.$client) ?? Promise.resolve();
  const run = previous.then(() => {
    const state: OpenTransaction = { db, open: true };
    return openTransaction.run(state, async () => {
      db.$client.exec("BEGIN IMMEDIATE");
      try {
        const result = await work(db);
        db.$client.exec("COMMIT");
        return result;
      } catch (error) {
        if (db.$client.inTransaction) db.$client.exec("ROLLBACK");
        throw error;
      } finally {
        // Work started inside and still running afterwards (none should) no longer joins.
        state.open = false;
      }
    });
  });
  // The queue goes on after a failed transaction; the failure is the caller's.
  queues.set(
    db.$client,
    run.catch(() => undefined),
  );
  return run;
}

/**
 * Runs a write whose loss in a power cut is harmless (a page-view counter) without waiting
 * for the disk (synchronous = NORMAL), so a page view does not pay an fsync. Everything
 * else stays FULL; the next FULL commit syncs this one too. Like a transaction body, `work`
 * awaits only database calls: writes that run meanwhile share the relaxed setting.
 */
export async function withoutDiskSync<T>(work: () => Promise<T>, db: AppDatabase = getDatabase()): Promise<T> {
  db.$client.pragma("synchronous = NORMAL");
  try {
    return await work();
  } finally {
    db.$client.pragma(`synchronous = ${DURABLE_SYNC}`);
  }
}
