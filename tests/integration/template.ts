// The integration files' databases start from one template per run, migrated and seeded with
// the demo data by the built app's own prepare() (in a child process: the bundle keeps its
// connection and configuration in module state). Each test file copies it (a file on SQLite,
// CREATE DATABASE ... TEMPLATE on PostgreSQL), so its prepare() finds the migrations applied
// and the demo data there: no migration and no password hashing per file.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** The environment of every integration test file (setup.ts), for the template's prepare(). */
export const INTEGRATION_ENVIRONMENT = {
  ROOT_DOMAIN: "localhost:3000",
  // React's production build, as the app runs: its development build renders several times
  // slower (checks, warnings). Without SMTP the app then logs each mail it queues: the
  // integration projects leave those lines out (vitest.config.ts).
  NODE_ENV: "production",
  SEED_DEMO: "1",
  SESSION_SECRET: "integration-tests-secret-with-at-least-32-chars",
  LOG_LEVEL: "silent",
  // No test reaches Twitch: the chat readers' own tests start a local chat server.
  TWITCH_CHAT_URL: "off",
} as const;

const BUNDLE = path.resolve("build/server/index.js");

/**
 * Migrates and seeds the database at `databaseUrl` through the built app. Returns false
 * without a build: each file then reports the missing build itself (tests/integration/app.ts).
 */
export function prepareTemplate(databaseUrl: string, uploadDir: string): boolean {
  if (!existsSync(BUNDLE)) return false;
  const script = `const app = await import(${JSON.stringify(pathToFileURL(BUNDLE).href)});
const { seeded } = await app.prepare({ background: false });
if (!seeded) throw new Error("the template database was not seeded");
await app.closeDatabase();
process.exit(0);`;
  const env: NodeJS.ProcessEnv = { ...process.env, ...INTEGRATION_ENVIRONMENT, DATABASE_URL: databaseUrl, UPLOAD_DIR: uploadDir };
  for (const name of ["SMTP_URL", "STRIPE_SECRET_KEY", "PAYMENT_PROVIDER"]) delete env[name];
  execFileSync(process.execPath, ["--input-type=module", "-e", script], { env, stdio: "inherit" });
  return true;
}
