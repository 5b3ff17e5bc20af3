// One real PostgreSQL server (Debian's package, scripts/postgres-server.js) for the whole
// "integration-pg" project, migrated and seeded once as a template by the built app
// (template.ts); every test file clones it (setup-pg.ts). INTEGRATION_PG_PORT picks the
// server's port (default: a free one).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migratePostgres } from "~db/migrate-pg";
import { start as startServer } from "../../scripts/postgres-server.js";
import { prepareTemplate } from "./template";

type Server = { url: string; stop: () => Promise<void> };
// The script is plain JavaScript: TypeScript infers its options from the default `{}` alone.
const start = startServer as (options: { port?: number; database?: string }) => Promise<Server>;

declare module "vitest" {
  export interface ProvidedContext {
    integrationPostgresUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const port = process.env.INTEGRATION_PG_PORT ? Number(process.env.INTEGRATION_PG_PORT) : undefined;
  const server = await start({ port, database: "it_template" });
  const uploads = fs.mkdtempSync(path.join(os.tmpdir(), "livecart-it-template-"));
  // Without a build, the template is only migrated (each file then reports the missing build).
  if (!prepareTemplate(server.url, uploads)) await migratePostgres(server.url);
  fs.rmSync(uploads, { recursive: true, force: true });
  project.provide("integrationPostgresUrl", server.url);
  return () => server.stop();
}
