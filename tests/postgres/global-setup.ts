// One real PostgreSQL server (Debian's package, scripts/postgres-server.js) for the whole
// "postgres" project, migrated once; every test file works in its own copy of that database.
import type { TestProject } from "vitest/node";
import { migratePostgres } from "~db/migrate-pg";
import { start } from "../../scripts/postgres-server.js";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
    /** The folder of the server's Unix socket (`?host=` in a URL). */
    postgresSocketDirectory: string;
  }
}

export default async function setup(project: TestProject) {
  const server = (await start({ durable: false })) as { url: string; dir: string; stop: () => Promise<void> };
  await migratePostgres(server.url);
  project.provide("postgresUrl", server.url);
  project.provide("postgresSocketDirectory", server.dir);
  return () => server.stop();
}
