// The unit suite again on PostgreSQL: every test file gets its own database on the real
// PostgreSQL server of the project's global setup (tests/postgres/global-setup.ts), copied from
// its migrated template. DATABASE_URL names it, and the app connects to it as in production.
import { afterAll, inject } from "vitest";
import { cloneTemplateDatabase } from "../support/postgres-clone";

process.env.DATABASE_URL = await cloneTemplateDatabase(inject("postgresUrl"), "unit");
process.env.SESSION_SECRET ??= "unit-tests-on-postgresql-session-secret-0123456789";
process.env.SEED_DEMO = "0";
process.env.NODE_ENV = "test";
process.env.LOG_LEVEL ??= "silent";

// The file's connections close with it: a pool left open keeps its worker process alive.
const { closeDatabase } = await import("~db/client");
afterAll(() => closeDatabase());
