import path from "node:path";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import type { AppDatabase } from "./client";

/** Applies the committed drizzle-kit migrations (idempotent). */
export function migrateDatabase(db: AppDatabase, migrationsFolder = path.resolve("db/migrations")) {
  migrate(db, { migrationsFolder });
}
