import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgresDatabase } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";

// The PGlite variant for tests is db/migrate-pglite.ts: kept apart so that production code
// importing this module never loads PGlite (a development dependency).
export const PG_MIGRATIONS_FOLDER = path.resolve("db/migrations-pg");

/**
 * Key of the session advisory lock held while migrating. Every node runs the migrations at
 * start-up; without the lock two nodes starting together both find a migration pending and
 * the second fails halfway (drizzle's migrator reads its journal before its transaction).
 * Any constant works, as long as nothing else in the database takes the same key.
 */
export const MIGRATION_LOCK_KEY = 1_414_000_014;

/**
 * Applies the committed PostgreSQL migrations to the database at `url` (idempotent). Opens
 * its own single connection, so the advisory lock, the migrations and the unlock all run in
 * one session; the caller's pool is untouched. Waits while another node is migrating.
 */
export async function migratePostgres(url: string, migrationsFolder = PG_MIGRATIONS_FOLDER): Promise<void> {
  // onnotice: "schema drizzle already exists, skipping" on every start is noise.
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const db = drizzlePostgres(client);
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      await migratePostgresDatabase(db, { migrationsFolder });
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
  } finally {
    // Closing the session would release the lock too, should the unlock itself fail.
    await client.end();
  }
}
