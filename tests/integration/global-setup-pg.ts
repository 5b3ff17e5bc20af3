// One real PostgreSQL server (Debian's package, scripts/postgres-server.js) for the whole
// "integration-pg" project, with two templates: "it_template" migrated, and "it_seeded" copied
// from it then seeded by the built app (template.ts). Every test file clones the seeded one
// (setup-pg.ts); a server.js a test starts gets a clone of the migrated one
// (server-process.ts). INTEGRATION_PG_PORT picks the server's port (default: a free one).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migratePostgres } from "~db/migrate-pg";
import { start as startServer } from "../../scripts/postgres-server.js";
import postgres from "postgres";
import { prepareTemplate } from "./template";

const SEEDED_TEMPLATE = "it_seeded";

type Server = { url: string; stop: () => Promise<void> };
// The script is plain JavaScript: TypeScript infers its options from the default `{}` alone.
const start = startServer as (options: { port?: number; database?: string; durable?: boolean }) => Promise<Server>;

declare module "vitest" {
  export interface ProvidedContext {
    /** The migrated template database (no demo data). */
    integrationPostgresUrl: string;
    /** The migrated template with the demo data (what the app's prepare() leaves). */
    integrationPostgresSeededUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const port = process.env.INTEGRATION_PG_PORT ? Number(process.env.INTEGRATION_PG_PORT) : undefined;
  const server = await start({ port, database: "it_template", durable: false });
  await migratePostgres(server.url);
  const seeded = new URL(server.url);
  seeded.pathname = `/${SEEDED_TEMPLATE}`;
  const admin = postgres(server.url, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${SEEDED_TEMPLATE} template it_template`);
  } finally {
    await admin.end();
  }
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "livecart-it-template-"));
  // Without a build the seeded template stays only migrated (each file then reports the missing build).
  prepareTemplate(seeded.toString(), uploads);
  fs.rmSync(uploads, { recursive: true, force: true });
  project.provide("integrationPostgresUrl", server.url);
  project.provide("integrationPostgresSeededUrl", seeded.toString());
  return () => server.stop();
}
