import path from "node:path";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from "drizzle-orm/postgres-js";
import { migrate as migratePostgresDatabase } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { postgresAddress } from "./url";

// The PGlite variant for tests is db/migrate-pglite.ts: kept apart so that production code
// importing this module never loads PGlite (a development dependency).
export const PG_MIGRATIONS_FOLDER = path.resolve("db/migrations-pg");

/**
 * Key of the session advisory lock held while migrating and seeding the demo data. Every node
 * runs the migrations at start-up; without the lock two nodes starting together both find a
 * migration pending and the second fails halfway (drizzle's migrator reads its journal before
 * its transaction), or both find the database empty and both seed it (the second dies on
 * `users_email_unique`). Any constant works, as long as nothing else in the database takes the
 * same key.
 */
export const MIGRATION_LOCK_KEY = 1_414_000_014;

/**
 * Runs `work` holding the migration lock, on a single connection of its own so that the lock,
 * the work done on that connection and the unlock all run in one session (the caller's pool
 * is untouched; work done through the pool meanwhile is still covered, since every node takes
 * this lock before its start-up work). Waits while another node holds it.
 */
export async function withMigrationLock<T>(url: string, work: (db: PostgresJsDatabase) => Promise<T>): Promise<T> {
  // onnotice: "schema drizzle already exists, skipping" on every start is noise.
  const { address, socket } = postgresAddress(url);
  const client = postgres(address, { ...socket, max: 1, onnotice: () => {} });
  try {
    const db = drizzlePostgres(client);
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`);
    try {
      return await work(db);
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`);
    }
  } finally {
    // Closing the session would release the lock too, should the unlock itself fail.
    await client.end();
  }
}

/**
 * Applies the committed PostgreSQL migrations to the database at `url` (idempotent), under the
 * migration lock, then runs `afterwards` (the demo data at start-up) still under it.
 */
export async function migratePostgres(
  url: string,
  migrationsFolder = PG_MIGRATIONS_FOLDER,
  afterwards: () => Promise<void> = async () => {},
): Promise<void> {
  await withMigrationLock(url, async (db) => {
    await migratePostgresDatabase(db, { migrationsFolder });
    await afterwards();
  });
}
