// The integration suite on a real PostgreSQL: the same environment as on SQLite (setup.ts),
// but each test file gets its own database, cloned from the migrated and seeded template of
// global-setup-pg.ts before the app bundle is imported.
import "./setup";
import { inject } from "vitest";
import { cloneTemplateDatabase } from "../support/postgres-clone";

process.env.DATABASE_URL = await cloneTemplateDatabase(inject("integrationPostgresSeededUrl"), "it");
