// Fresh, migrated PostgreSQL databases for tests, in-process (PGlite, PostgreSQL 18 in WASM).
//
// Starting PGlite and migrating takes 7-10 s on this machine; loading a data directory dumped
// after migrating takes under 2 s, as long as a clone(). Vitest runs each test file in its own
// process (isolate), so a template kept in memory would be built again for every file: the
// migrated template is dumped to disk once instead, keyed by the migrations and the PGlite
// version, and every fresh database is loaded from that dump.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle, type PgliteDatabase } from "drizzle-orm/pglite";
import { migratePglite } from "~db/migrate-pglite";
import { PG_MIGRATIONS_FOLDER } from "~db/migrate-pg";
import * as pgSchema from "~db/schema-pg";

export type PgTestDatabase = PgliteDatabase<typeof pgSchema> & { $client: PGlite };

const CACHE_FOLDER = path.resolve("node_modules/.cache/pglite-template");

/** Changes whenever a migration or the PGlite build changes, so a stale dump is never used. */
function templateKey(): string {
  const hash = createHash("sha256");
  const pglitePackage = JSON.parse(fs.readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json"), "utf8")) as {
    version: string;
  };
  hash.update(pglitePackage.version);
  const files = fs.readdirSync(PG_MIGRATIONS_FOLDER, { recursive: true, encoding: "utf8" }).sort();
  for (const file of files) {
    const full = path.join(PG_MIGRATIONS_FOLDER, file);
    if (!fs.statSync(full).isFile()) continue;
    hash.update(file);
    hash.update(fs.readFileSync(full));
  }
  return hash.digest("hex").slice(0, 16);
}

async function buildTemplateDump(file: string): Promise<Blob> {
  const template = await PGlite.create();
  try {
    await migratePglite(template);
    // Uncompressed (about 40 MB): every test file loads it, and gunzip took a quarter of that.
    const dump = await template.dumpDataDir("none");
    fs.mkdirSync(CACHE_FOLDER, { recursive: true });
    for (const stale of fs.readdirSync(CACHE_FOLDER)) fs.rmSync(path.join(CACHE_FOLDER, stale), { force: true });
    // Written under a temporary name then renamed: parallel workers never read half a dump.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
    return dump;
  } finally {
    await template.close();
  }
}

// Kept on globalThis: one dump read per process even if this module is loaded twice.
const memo = globalThis as { pgliteTemplateDump?: Promise<Blob> };

/** The migrated template's data directory (a tarball), built on first use. */
export function pgliteTemplateDump(): Promise<Blob> {
  memo.pgliteTemplateDump ??= (async () => {
    const file = path.join(CACHE_FOLDER, `${templateKey()}.tar`);
    if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
    return buildTemplateDump(file);
  })();
  return memo.pgliteTemplateDump;
}

/**
 * A new PostgreSQL database with the migrations applied, wrapped with drizzle and the pg
 * schema. Close it when done (`afterAll(() => db.$client.close())`).
 */
export async function freshPgDatabase(): Promise<PgTestDatabase> {
  const client = await PGlite.create({ loadDataDir: await pgliteTemplateDump() });
  return drizzle(client, { schema: pgSchema }) as PgTestDatabase;
}
