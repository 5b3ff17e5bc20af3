import path from "node:path";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import type { SqliteDatabase } from "./client";

/** Applies the committed drizzle-kit migrations (idempotent). */
export async function migrateDatabase(db: SqliteDatabase, migrationsFolder = path.resolve("db/migrations")): Promise<void> {
  // Synchronous on better-sqlite3; async like every other database call, as on PostgreSQL.
  await Promise.resolve(migrate(db, { migrationsFolder }));
}
