// Each test file gets a fresh database copied from the migrated template the global setup made.
import { inject } from "vitest";
import { cloneTemplateDatabase } from "../support/postgres-clone";

process.env.DATABASE_URL = await cloneTemplateDatabase(inject("postgresUrl"), "test");
process.env.SESSION_SECRET ??= "postgres-tests-session-secret-0123456789abcdef";
process.env.SEED_DEMO = "0";
process.env.NODE_ENV = "test";
process.env.LOG_LEVEL ??= "silent";
export {};
