import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import type { AnySQLiteTable } from "drizzle-orm/sqlite-core";
import postgres from "postgres";
import * as pgSchema from "./schema-pg";
import * as sqliteSchema from "./schema-sqlite";
import { countSqliteStatements, postgresStatementStats } from "./statement-stats";
import { isPostgresUrl, postgresAddress, sqliteFilenameFromUrl } from "./url";

/**
 * The database the app queries, whichever engine runs it. It is typed with the SQLite
 * schema: the PostgreSQL schema has the same row types (tests/unit/schema-parity.test.ts) and
 * the app only uses what both query builders share (awaited builders, `.returning()`,
 * `onConflictDo*`, portable SQL; ESLint forbids the SQLite-only `.get()/.all()/.run()`).
 */
export type AppDatabase = BetterSQLite3Database<typeof sqliteSchema>;
/** A SQLite database with its better-sqlite3 handle (tests of SQLite behaviour, migrations). */
export type SqliteDatabase = AppDatabase & { $client: Database.Database };
export type DatabaseEngine = "sqlite" | "postgres";

const DURABLE_SYNC = "FULL";

export function openDatabase(url: string): SqliteDatabase {
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
  // The benchmark's statement counter (DB_STATEMENT_STATS); nothing otherwise.
  countSqliteStatements(sqlite);
  reusePreparedStatements(sqlite);
  return drizzle(sqlite, { schema: sqliteSchema }) as SqliteDatabase;
}

const PREPARED_STATEMENTS = 1000;

/**
 * drizzle asks better-sqlite3 to prepare every query anew, and compiling the SQL costs more
 * than running most of ours (measured: a third of a checkout's database time). Statements
 * are kept per SQL text (bounded, least recently used out). drizzle switches a statement to
 * array rows with `raw()` for some queries and expects objects for others, so a reused
 * statement is handed back in object mode; drizzle never iterates one (the only way a
 * statement could be busy when handed out again).
 */
function reusePreparedStatements(sqlite: Database.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const statements = new Map<string, Database.Statement>();
  const reusing = (source: string) => {
    let statement = statements.get(source);
    if (statement) statements.delete(source);
    else statement = prepare(source);
    statements.set(source, statement);
    if (statements.size > PREPARED_STATEMENTS) statements.delete(statements.keys().next().value!);
    if (statement.reader) statement.raw(false);
    return statement;
  };
  sqlite.prepare = reusing as typeof sqlite.prepare;
}

/**
 * A pool of PostgreSQL connections (postgres-js). DATABASE_POOL_SIZE connections per process
 * (default 4): a process spends most of a request in JavaScript, so a few connections keep it
 * busy, and more only make the database's processes compete for the cores (a limited-stock
 * drop on two nodes: order and card p99 of 622 to 910 ms with 4, 863 to 1,039 ms with 10,
 * three runs of each). N nodes x workers x the pool must stay under max_connections.
 */
function openPostgres(url: string): Connection {
  const { address, socket } = postgresAddress(url);
  const client = preparedByDefault(
    postgres(address, {
      ...socket,
      max: Number(process.env.DATABASE_POOL_SIZE) || 4,
      onnotice: () => {},
      ...postgresStatementStats(),
    }),
  );
  const db = drizzlePostgres(client, { schema: pgSchema }) as unknown as AppDatabase;
  return { engine: "postgres", db, close: () => client.end({ timeout: 5 }) };
}

/** A postgres.js client, or a transaction's or savepoint's. */
type PostgresClient = {
  unsafe: (query: string, params?: unknown[], options?: { prepare?: boolean }) => unknown;
  begin?: (...args: unknown[]) => unknown;
  savepoint?: (...args: unknown[]) => unknown;
};

/**
 * drizzle asks postgres.js for an unnamed statement on every query it has not been told to
 * prepare. postgres.js then sends a query with parameters in two round trips, waiting for the
 * server to describe its parameters before binding them, and sends nothing else on that
 * connection meanwhile: every query cost two turns of the node's event loop, and a
 * transaction's row locks were held across them (docs/scaling.md, "Concurrency"). Named and
 * kept per connection, a statement is described on its first use only. Transactions and
 * savepoints get a client of their own, handled the same way.
 */
function preparedByDefault<T>(client: T): T {
  const sql = client as unknown as PostgresClient;
  const unsafe = sql.unsafe.bind(sql);
  sql.unsafe = (query, params, options) => unsafe(query, params, { ...options, prepare: true });
  for (const method of ["begin", "savepoint"] as const) {
    const original = sql[method]?.bind(sql);
    if (!original) continue;
    sql[method] = (...args: unknown[]) => {
      const work = args.pop() as (inner: unknown) => unknown;
      return original(...args, (inner: unknown) => work(preparedByDefault(inner)));
    };
  }
  return client;
}

type Connection = { engine: "sqlite"; db: SqliteDatabase } | { engine: "postgres"; db: AppDatabase; close: () => Promise<void> };

/** The process-wide connection (a pool on PostgreSQL), opened on first use from DATABASE_URL. */
let current: Connection | undefined;
function connection(): Connection {
  if (!current) {
    const url = process.env.DATABASE_URL ?? "file:./data/app.db";
    current = isPostgresUrl(url) ? openPostgres(url) : { engine: "sqlite", db: openDatabase(url) };
  }
  return current;
}

/**
 * Runs the app on a database made elsewhere (tests: an in-process PostgreSQL, PGlite), in
 * place of the one DATABASE_URL names. The schema's engine follows DATABASE_URL, so a test
 * run on PostgreSQL also sets DATABASE_URL to a postgres:// URL before importing the app.
 */
export function useDatabase(db: unknown, engine: DatabaseEngine, close: () => Promise<void> = async () => {}): void {
  current = engine === "sqlite" ? { engine, db: db as SqliteDatabase } : { engine, db: db as AppDatabase, close };
}

export function databaseEngine(): DatabaseEngine {
  return connection().engine;
}

/**
 * The database to query: inside `writeTransaction`, its transaction (so that a function
 * called there reads and writes in it without being handed it: on PostgreSQL the pool's
 * other connections would neither see its rows nor get past its locks); otherwise the
 * process-wide connection.
 */
export function getDatabase(): AppDatabase {
  const open = openTransaction.getStore();
  return open?.open ? open.tx : connection().db;
}

/** A query built with `sql.placeholder(...)` for its values, as drizzle prepares it. */
type PreparedRead<R> = { execute(values?: Record<string, unknown>): PromiseLike<R> | R };

/**
 * A read that every page makes (the shop of the host, an order, its payment), with its SQL
 * built once per database instead of on every call: drizzle builds a query's SQL anew each
 * time, and for these small reads building cost more than the database's work (profiles of
 * the live drop, docs/performance.md). `build` writes the query with `sql.placeholder(name)`
 * for each value; the returned function runs it with those values, which reach the driver
 * as given (a date goes through its column's `mapToDriverValue`). Inside a transaction on
 * PostgreSQL it runs on the transaction's connection (the pool's others would not see its
 * rows), built once all the same (`onConnection`); SQLite has one connection, in a
 * transaction or not.
 */
export function preparedRead<R>(name: string, build: (db: AppDatabase) => { prepare(name: string): PreparedRead<R> }) {
  return prepared(name, build, false);
}

/**
 * `preparedRead` for a write of a transaction's hot path (the card step's updates): its SQL
 * built once per database. It runs only inside `writeTransaction` (on SQLite a write outside
 * would skip the group commit). Values are placeholders: `sql.placeholder(name)` in a
 * condition, `columnValue(column, name)` in `.set()`, since a value the builder computes
 * itself (`$defaultFn`) would be computed once, at preparation, and then reused.
 */
export function preparedWrite<R>(name: string, build: (db: AppDatabase) => { prepare(name: string): PreparedRead<R> }) {
  return prepared(name, build, true);
}

/** A value for `column` given when a prepared statement runs (`values[name]`), encoded as the column encodes it (a date, JSON). */
export function columnValue(column: SQLWrapper & { mapToDriverValue(value: unknown): unknown }, name: string): SQL {
  return sql`${sql.param(sql.placeholder(name), column)}`;
}

function prepared<R>(name: string, build: (db: AppDatabase) => { prepare(name: string): PreparedRead<R> }, writes: boolean) {
  const kept = new WeakMap<AppDatabase, PreparedRead<R>>();
  return async (values: Record<string, unknown>): Promise<R> => {
    const db = getDatabase();
    const inTransaction = openTransaction.getStore()?.open === true;
    if (writes && !inTransaction) throw new Error(`${name} is a write: it runs inside writeTransaction`);
    if (inTransaction && !sqliteHandle(db)) {
      const client = pipelinedClient(db);
      const pool = connection().db;
      // Built once on the pool and run on the transaction's connection (its rows, its locks).
      if (client && pool !== db) return await onConnection(keptFor(pool), client).execute(values);
      return await build(db).prepare(name).execute(values);
    }
    return await keptFor(db).execute(values);
  };
  function keptFor(db: AppDatabase): PreparedRead<R> {
    let query = kept.get(db);
    if (!query) kept.set(db, (query = build(db).prepare(name)));
    return query;
  }
}

/**
 * A statement prepared on the pool (postgres.js: its SQL and parameters built once by drizzle),
 * run on a transaction's connection instead: drizzle's prepared query sends through its
 * `client`, which this copy replaces. The suites on PostgreSQL run every such statement, so a
 * drizzle whose prepared query no longer has that field fails them here, not in a shop.
 */
function onConnection<R>(query: PreparedRead<R>, client: PipelinedClient): PreparedRead<R> {
  if (!Object.hasOwn(query, "client")) throw new Error("A prepared PostgreSQL statement without its client: drizzle's internals changed");
  return Object.create(query, { client: { value: client } }) as PreparedRead<R>;
}

/** Closes the process-wide connection (graceful shutdown); the next use reopens it. */
export async function closeDatabase(): Promise<void> {
  const closing = current;
  current = undefined;
  if (closing?.engine === "sqlite") closing.db.$client.close();
  else if (closing) await closing.close();
}

/**
 * What queries run on inside a transaction. On SQLite the transaction is the connection
 * itself (see `writeTransaction`); functions still take an optional `Queryable`/`Transaction`.
 */
export type Transaction = AppDatabase;
/** Anything queries can run on: the database or an open transaction. */
export type Queryable = AppDatabase | Transaction;

/**
 * The transaction open in the current async context, if any (see `writeTransaction`), and the
 * statements it sends with its COMMIT (see `sendWithCommit`).
 */
type OpenTransaction = { tx: AppDatabase; open: boolean; sentWithCommit?: Promise<unknown>[] };
const openTransaction = new AsyncLocalStorage<OpenTransaction>();

function sqliteHandle(db: AppDatabase): Database.Database | null {
  const client = (db as Partial<SqliteDatabase>).$client;
  return client instanceof Database ? client : null;
}

/** Whether this database (or transaction) is SQLite's, for the few statements written per engine. */
export function isSqlite(db: Queryable): boolean {
  return sqliteHandle(db) !== null;
}

/**
 * Ascending order with NULLs first on both engines: SQLite sorts NULL first by default and
 * PostgreSQL last, so a bare `asc()` on a nullable column orders rows differently per engine.
 */
export function ascNullsFirst(column: SQLWrapper): SQL {
  return sql`${column} asc nulls first`;
}

/** Whether this call runs inside an open write transaction (one it would join). */
export function insideTransaction(): boolean {
  return openTransaction.getStore()?.open === true;
}

/**
 * Runs `work` in a write transaction; commits when it resolves, rolls back and rethrows when
 * it rejects. A call made inside an open transaction (a transaction calling a function that
 * opens one) joins it; AsyncLocalStorage tells which transaction the current call runs in.
 *
 * PostgreSQL: drizzle's transaction on a pooled connection, READ COMMITTED. What must not
 * race takes a row lock or writes conditionally (see docs/scaling.md, "Concurrency").
 *
 * SQLite: drizzle's better-sqlite3 transaction cannot take an async callback, so it is driven
 * by hand: BEGIN IMMEDIATE takes the write lock up front (a read-then-write never fails with
 * SQLITE_BUSY halfway), and transactions on a connection queue up behind one another and
 * commit in groups (see `runGroup`).
 *
 * Either way a transaction body awaits ONLY database calls: never the payment provider, mail,
 * password hashing or a timer. On SQLite's one connection, whatever else runs while the body
 * awaits runs inside the transaction and is rolled back with it; on PostgreSQL a slow body
 * holds a pooled connection and its row locks.
 */
export async function writeTransaction<T>(work: (tx: Transaction) => Promise<T>, db: AppDatabase = getDatabase()): Promise<T> {
  const current = openTransaction.getStore();
  if (current?.open) return work(current.tx);
  const sqlite = sqliteHandle(db);
  if (!sqlite) {
    const sent: Promise<unknown>[] = [];
    const value = (await db.transaction((tx) => {
      const state: OpenTransaction = { tx: tx as unknown as AppDatabase, open: true, sentWithCommit: sent };
      return openTransaction.run(state, async () => {
        try {
          const result = await work(state.tx);
          // Without pipelining (PGlite, the tests' PostgreSQL) they are waited for in the transaction.
          if (!pipelinedClient(state.tx)) await Promise.all(sent);
          return result;
        } finally {
          state.open = false;
        }
      });
    })) as unknown as T;
    // The COMMIT of a transaction whose statement failed rolls it back without an error:
    // the statements' own answers say whether it was committed.
    await Promise.all(sent);
    return value;
  }

  return queueSqliteTransaction(sqlite, db, work);
}

/**
 * One write statement (`work` sends exactly one), as its own transaction: on PostgreSQL
 * without BEGIN and COMMIT around it (a statement alone is atomic: one round trip instead of
 * three), on SQLite through `writeTransaction` (its group commit: one disk sync for the writes
 * queued together). Inside an open transaction it joins it.
 */
export async function writeAlone<T>(work: (db: AppDatabase) => PromiseLike<T>): Promise<T> {
  const open = openTransaction.getStore();
  const db = getDatabase();
  if (open?.open || sqliteHandle(db)) return writeTransaction(async (tx) => await work(tx), db);
  return await work(db);
}

/** postgres.js's connection of a transaction (the pool's on PostgreSQL), or null (PGlite, SQLite). */
type PipelinedClient = {
  unsafe: (query: string, params: unknown[], options: { prepare: boolean }) => { execute(): Promise<Record<string, unknown>[]> };
};
function pipelinedClient(tx: Transaction): PipelinedClient | null {
  const client = (tx as unknown as { session?: { client?: Partial<PipelinedClient> } }).session?.client;
  return typeof client?.unsafe === "function" ? (client as PipelinedClient) : null;
}
const postgresDialect = new PgDialect();

/** Whether statements can be sent with the COMMIT (`sendWithCommit`): PostgreSQL's transactions. */
export function sendsWithCommit(tx: Transaction): boolean {
  return !sqliteHandle(tx);
}

/**
 * PostgreSQL, inside `writeTransaction`: sends `statement` at once and has the COMMIT follow
 * it in the same round trip, without waiting for its answer. The row locks it takes are then
 * held for the database's time only, not for the turn of this node's event loop that the
 * answer would wait for before the COMMIT is sent (during a drop every order and payment of
 * the shop queues for those rows: docs/scaling.md, "Concurrency"). Statements sent this way
 * go out in the order of the calls, after the ones already awaited and before the COMMIT (each
 * is handed to postgres.js here, synchronously, and postgres.js queues a connection's queries
 * in order), so the body must send nothing after them that it awaits. A statement that fails
 * aborts the transaction: its COMMIT rolls it back and `writeTransaction` throws that error.
 * The answer (raw rows, columns by their SQL names) is for after `writeTransaction` returned:
 * awaited in the body, it would wait for the turn this saves. On PGlite the statement simply
 * runs in the transaction. Not for SQLite (its one writer holds no row locks).
 */
export function sendWithCommit(tx: Transaction, statement: SQLWrapper): Promise<Record<string, unknown>[]> {
  const state = openTransaction.getStore();
  if (!state?.open || !state.sentWithCommit || sqliteHandle(tx)) throw new Error("sendWithCommit runs in a PostgreSQL writeTransaction");
  const client = pipelinedClient(tx);
  let sent: Promise<Record<string, unknown>[]>;
  if (client) {
    const query = postgresDialect.sqlToQuery(statement.getSQL());
    // Prepared: postgres.js sends a statement it has not prepared on this connection in two
    // steps, its parameters' types asked first and the rest (the COMMIT too) sent on the
    // answer; prepared once per connection, it goes out whole at once.
    sent = Promise.resolve(client.unsafe(query.sql, query.params, { prepare: true }).execute()).then((rows) => [...rows]);
  } else {
    type Rows = Record<string, unknown>[];
    const postgresTx = tx as unknown as { execute: (query: SQL) => Promise<Rows | { rows: Rows }> };
    sent = postgresTx.execute(statement.getSQL()).then((result) => (Array.isArray(result) ? result : result.rows));
  }
  // Its failure is reported by writeTransaction, or by the body's own error.
  sent.catch(() => {});
  state.sentWithCommit.push(sent);
  return sent;
}

/**
 * SQLite group commit. Every commit waits for the disk (synchronous = FULL), and
 * better-sqlite3 waits on the event loop's thread: one fsync per transaction would stall
 * the whole node several milliseconds per write. Transactions queued meanwhile run one
 * after the other in ONE database transaction, each in its own savepoint (a failing one is
 * rolled back alone and its caller gets its error), then one COMMIT makes them all durable,
 * and only then does any caller learn its outcome: nothing is reported done before it is
 * on disk, and each body still runs alone, seeing the ones before it as if they had
 * committed separately.
 */
type QueuedTransaction = {
  work: (tx: Transaction) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};
type SqliteQueue = { waiting: QueuedTransaction[]; scheduled: boolean };
const MAX_GROUP = 100;
const queues = new WeakMap<Database.Database, SqliteQueue>();

function queueSqliteTransaction<T>(sqlite: Database.Database, db: AppDatabase, work: (tx: Transaction) => Promise<T>): Promise<T> {
  let queue = queues.get(sqlite);
  if (!queue) queues.set(sqlite, (queue = { waiting: [], scheduled: false }));
  const done = new Promise<T>((resolve, reject) => {
    queue.waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
  });
  scheduleGroup(sqlite, db, queue);
  return done;
}

// On the next turn of the event loop: the transactions other requests queue until then join the group.
function scheduleGroup(sqlite: Database.Database, db: AppDatabase, queue: SqliteQueue): void {
  if (queue.scheduled) return;
  queue.scheduled = true;
  setImmediate(() => {
    void runGroup(sqlite, db, queue.waiting.splice(0, MAX_GROUP)).finally(() => {
      queue.scheduled = false;
      if (queue.waiting.length > 0) scheduleGroup(sqlite, db, queue);
    });
  });
}

async function runGroup(sqlite: Database.Database, db: AppDatabase, group: QueuedTransaction[]): Promise<void> {
  const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
  try {
    sqlite.exec("BEGIN IMMEDIATE");
  } catch (error) {
    for (const entry of group) entry.reject(error);
    return;
  }
  for (const entry of group) {
    // A statement that failed badly enough (disk full, I/O error) rolls the whole
    // transaction back: the rest of the group runs again in the next one.
    if (!sqlite.inTransaction) break;
    const state: OpenTransaction = { tx: db, open: true };
    sqlite.exec("SAVEPOINT grouped");
    try {
      const value = await openTransaction.run(state, () => entry.work(db));
      sqlite.exec("RELEASE grouped");
      outcomes.push({ ok: true, value });
    } catch (error) {
      if (sqlite.inTransaction) sqlite.exec("ROLLBACK TO grouped; RELEASE grouped");
      outcomes.push({ ok: false, error });
    } finally {
      // Work started inside and still running afterwards (none should) no longer joins.
      state.open = false;
    }
  }
  let commitError: unknown = null;
  if (sqlite.inTransaction) {
    try {
      sqlite.exec("COMMIT");
    } catch (error) {
      commitError = error;
      if (sqlite.inTransaction) sqlite.exec("ROLLBACK");
    }
  } else {
    commitError = new Error("The SQLite transaction was rolled back by the database");
  }
  const notRun: QueuedTransaction[] = [];
  group.forEach((entry, index) => {
    const outcome = outcomes[index];
    if (!outcome) notRun.push(entry);
    else if (!outcome.ok) entry.reject(outcome.error);
    else if (commitError) entry.reject(commitError);
    else entry.resolve(outcome.value);
  });
  // Those that never ran (the transaction was lost before their turn) go first in the next group.
  queues.get(sqlite)?.waiting.unshift(...notRun);
}

/**
 * Inside a write transaction: locks the rows `where` selects in `table` until the transaction
 * ends, so a read-then-write on them cannot interleave with another transaction's
 * (PostgreSQL's `SELECT ... FOR UPDATE` under READ COMMITTED). `"no key update"` takes the
 * lock an UPDATE that changes no key takes: it still queues behind such updates, but not
 * behind transactions that only insert rows referencing these (a foreign key's check locks
 * the referenced row in KEY SHARE, which FOR UPDATE waits for). On SQLite a write transaction
 * already holds the database's one write lock (BEGIN IMMEDIATE): nothing to do.
 */
export async function lockRows(
  tx: Transaction,
  table: AnySQLiteTable,
  where: SQL | undefined,
  strength: "update" | "no key update" = "update",
): Promise<void> {
  if (sqliteHandle(tx)) return;
  const postgresTx = tx as unknown as { execute: (query: SQL) => Promise<unknown> };
  await postgresTx.execute(sql`select 1 from ${table} where ${where} for ${sql.raw(strength)}`);
}

/**
 * Inside a write transaction: `query` (a select of existing rows) read with its rows locked on
 * PostgreSQL until the transaction ends, in the same statement (`SELECT ... FOR <strength>`).
 * `"share"`: transactions reading the rows so do not wait for one another, but one that
 * UPDATEs them waits for them, and they for it; they then read what it committed (READ
 * COMMITTED reads the row again once its lock is free). On SQLite the write transaction
 * already sees every write committed before it, under the one write lock: the query as is.
 */
export function readLocked<Q extends PromiseLike<unknown>>(tx: Transaction, query: Q, strength: "share" | "update" | "no key update"): Q {
  if (sqliteHandle(tx)) return query;
  return (query as unknown as { for: (strength: string) => Q }).for(strength);
}

/**
 * Inside a write transaction: holds a lock named by `key` until the transaction ends, for
 * counters kept as rows that are inserted rather than updated (rate limits): PostgreSQL's
 * transaction-level advisory lock; nothing to do under SQLite's one write lock.
 */
export async function lockKey(tx: Transaction, key: string): Promise<void> {
  if (sqliteHandle(tx)) return;
  const postgresTx = tx as unknown as { execute: (query: SQL) => Promise<unknown> };
  await postgresTx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
