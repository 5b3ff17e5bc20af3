import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { INTEGRATION_ENVIRONMENT } from "./template";

// Each integration test file runs the built app against its own database file: a copy of the
// run's migrated and seeded template (global-setup.ts) on SQLite; on PostgreSQL, setup-pg.ts
// points DATABASE_URL at a clone of its own template instead.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "livecart-it-"));
process.env.DATABASE_URL = `file:${path.join(dir, "app.db")}`;
const template = inject("integrationSqliteTemplate");
if (template) {
  fs.copyFileSync(template, path.join(dir, "app.db"));
  // Closed cleanly, SQLite folds its log into the file; copied along if it was left.
  if (fs.existsSync(`${template}-wal`)) fs.copyFileSync(`${template}-wal`, path.join(dir, "app.db-wal"));
}
process.env.UPLOAD_DIR = path.join(dir, "uploads");
process.env.ROOT_DOMAIN = INTEGRATION_ENVIRONMENT.ROOT_DOMAIN;
process.env.NODE_ENV = INTEGRATION_ENVIRONMENT.NODE_ENV;
process.env.SEED_DEMO ??= INTEGRATION_ENVIRONMENT.SEED_DEMO;
process.env.SESSION_SECRET = INTEGRATION_ENVIRONMENT.SESSION_SECRET;
process.env.TWITCH_CHAT_URL = INTEGRATION_ENVIRONMENT.TWITCH_CHAT_URL;
delete process.env.SMTP_URL;
delete process.env.STRIPE_SECRET_KEY;
delete process.env.PAYMENT_PROVIDER;
process.env.LOG_LEVEL ??= "silent"; // tests capture the log where they check it (see request-log tests)
