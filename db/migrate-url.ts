import { databaseEngine, getDatabase, openDatabase, type SqliteDatabase } from "./client";
import { migrateDatabase } from "./migrate";
import { migratePostgres } from "./migrate-pg";
import { isPostgresUrl } from "./url";

export type DatabaseKind = "sqlite" | "postgres";

/**
 * Applies the committed migrations to the database a DATABASE_URL names: the PostgreSQL set
 * (under the migration advisory lock) for `postgres://` URLs, the SQLite set otherwise.
 * Idempotent; uses its own connection and closes it. Returns which kind of database it was.
 */
export async function migrateDatabaseAt(url: string): Promise<DatabaseKind> {
  if (isPostgresUrl(url)) {
    await migratePostgres(url);
    return "postgres";
  }
  const db = openDatabase(url);
  try {
    await migrateDatabase(db);
  } finally {
    db.$client.close();
  }
  return "sqlite";
}

/**
 * Migrates the app's own database (at start, `npm run admin`): the engine DATABASE_URL names.
 * `afterwards` (the demo data at start-up) runs once the migrations are applied, on PostgreSQL
 * still under the migration lock: nodes started together do their start-up work one at a time.
 */
export async function migrateAppDatabase(afterwards: () => Promise<void> = async () => {}): Promise<void> {
  if (databaseEngine() === "postgres") {
    await migratePostgres(process.env.DATABASE_URL ?? "", undefined, afterwards);
    return;
  }
  await migrateDatabase(getDatabase() as SqliteDatabase);
  await afterwards();
}
