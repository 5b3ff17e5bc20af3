// The production build on a fresh database for the end-to-end tests.
import fs from "node:fs";

fs.rmSync("data/e2e", { recursive: true, force: true });
// On PostgreSQL the suite's database starts empty too: the server migrates and seeds it.
if (/^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? "")) {
  const { default: postgres } = await import("postgres");
  const client = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
  await client.unsafe("drop schema if exists drizzle cascade; drop schema public cascade; create schema public");
  await client.end();
}
process.env.NODE_ENV = "production";
await import("../../server.js");
