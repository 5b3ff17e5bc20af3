/**
 * The end-to-end server's environment, in one place: playwright.config.ts starts the server
 * with it, and the helpers in db.ts open the same database.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
// SQLite by default; E2E_DATABASE_URL=postgres://... runs the suite on PostgreSQL (emptied first).
export const E2E_DATABASE_URL = process.env.E2E_DATABASE_URL ?? "file:./data/e2e/app.db";

export const e2eServerEnvironment = {
  PORT: String(E2E_PORT),
  ROOT_DOMAIN: `localhost:${E2E_PORT}`,
  DATABASE_URL: E2E_DATABASE_URL,
  UPLOAD_DIR: "./data/e2e/uploads",
  SESSION_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e",
  SEED_DEMO: "1",
  // Tests give each test its own client address through X-Forwarded-For (fixtures.ts).
  TRUST_PROXY: "1",
  // The custom domains' background check asks a port where no DNS server listens: no lookup leaves the machine.
  DNS_SERVERS: "127.0.0.1:9",
  // One process: what a node counts in memory before writing it (views, a live's visits) is
  // read back by the tests from the process that counted it. The shopper's path runs once
  // more on two worker processes (E2E_WEB_CONCURRENCY, scripts/test.js).
  WEB_CONCURRENCY: process.env.E2E_WEB_CONCURRENCY ?? "1",
  // No test reaches Twitch.
  TWITCH_CHAT_URL: "off",
};
