// The unit suite again on PostgreSQL: every test file gets its own fresh, migrated PGlite
// (PostgreSQL in-process). DATABASE_URL names PostgreSQL so that db/schema.ts hands the app the
// PostgreSQL tables; the connection itself is the PGlite database, not that URL.
process.env.DATABASE_URL = "postgres://pglite/unit";
process.env.SESSION_SECRET ??= "unit-tests-on-postgresql-session-secret-0123456789";
process.env.SEED_DEMO = "0";
process.env.NODE_ENV = "test";
process.env.LOG_LEVEL ??= "silent";

const { freshPgDatabase } = await import("../support/pglite");
const { useDatabase } = await import("~db/client");
const db = await freshPgDatabase();
useDatabase(db, "postgres", () => db.$client.close());
export {};
