import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Each integration test file runs the built app against its own fresh database file.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "livecart-it-"));
process.env.DATABASE_URL = `file:${path.join(dir, "app.db")}`;
process.env.UPLOAD_DIR = path.join(dir, "uploads");
process.env.ROOT_DOMAIN = "localhost:3000";
process.env.NODE_ENV = "test";
process.env.SEED_DEMO ??= "1";
process.env.SESSION_SECRET = "integration-tests-secret-with-at-least-32-chars";
delete process.env.SMTP_URL;
delete process.env.STRIPE_SECRET_KEY;
delete process.env.PAYMENT_PROVIDER;
process.env.LOG_LEVEL ??= "silent"; // tests capture the log where they check it (see request-log tests)
