// `npm run db:migrate`: applies the committed migrations to the database DATABASE_URL names
// (SQLite for file: URLs, PostgreSQL under an advisory lock for postgres:// URLs), then exits.
// Servers migrate on start anyway; this is for deploys that migrate first, then start nodes.
// TypeScript runs from the server build, as for `npm start` and `npm run admin`.
import { ensureBuild } from "./ensure-build.js";

ensureBuild();
process.env.NODE_ENV ??= "production";
const url = process.env.DATABASE_URL ?? "file:./data/app.db";
try {
  // Evaluating the bundle reads the configuration: an invalid one ends here, as for `npm start`.
  const { migrateDatabaseAt } = await import("../build/server/index.js");
  const kind = await migrateDatabaseAt(url);
  console.log(`Migrations applied (${kind === "postgres" ? "PostgreSQL" : "SQLite"}).`);
  process.exit(0);
} catch (error) {
  // drizzle's "Failed query" hides the reason (refused connection, bad password) in `cause`.
  const reason = error?.cause ? ` (${error.cause.message ?? error.cause})` : "";
  console.error(error?.constructor?.name === "ConfigError" ? error.message : `Migrating failed: ${error?.message ?? error}${reason}`);
  process.exit(1);
}
