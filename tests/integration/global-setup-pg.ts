// One real PostgreSQL server (Debian's package, scripts/postgres-server.js) for the whole
// "integration-pg" project, migrated once as a template; every test file clones it
// (setup-pg.ts) and the app seeds its clone on prepare(). INTEGRATION_PG_PORT picks the
// server's port (default: a free one).
import type { TestProject } from "vitest/node";
import { migratePostgres } from "~db/migrate-pg";
import { start as startServer } from "../../scripts/postgres-server.js";

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
  await migratePostgres(server.url);
  project.provide("integrationPostgresUrl", server.url);
  return () => server.stop();
}
