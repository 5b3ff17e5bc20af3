import type { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { PG_MIGRATIONS_FOLDER } from "./migrate-pg";

/**
 * Applies the PostgreSQL migrations to an in-process PGlite database (tests). PGlite serves
 * one connection at a time, so unlike migratePostgres no advisory lock is needed.
 */
export async function migratePglite(client: PGlite, migrationsFolder = PG_MIGRATIONS_FOLDER): Promise<void> {
  await migrate(drizzle(client), { migrationsFolder });
}
