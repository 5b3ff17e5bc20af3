// The PostgreSQL migrations (db/migrations-pg) on PGlite: they apply, applying again changes
// nothing, they create every table, column and index of db/schema-pg.ts, and a duplicate key
// comes back as an error that isUniqueViolation recognises.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { DrizzleQueryError, is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isUniqueViolation } from "~db/errors";
import { PG_MIGRATIONS_FOLDER } from "~db/migrate-pg";
import { migratePglite } from "~db/migrate-pglite";
import * as pgSchema from "~db/schema-pg";
import { freshPgDatabase, type PgTestDatabase } from "../support/pglite";

const pgTables: PgTable[] = Object.values(pgSchema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable));
const journal = JSON.parse(fs.readFileSync(path.join(PG_MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as { entries: unknown[] };

async function appliedMigrationCount(client: PGlite): Promise<number> {
  const result = await client.query<{ count: number }>("select count(*)::int as count from drizzle.__drizzle_migrations");
  return result.rows[0]!.count;
}

async function schemaSnapshot(client: PGlite): Promise<string> {
  const columns = await client.query(
    `select table_name, column_name, data_type, is_nullable, column_default from information_schema.columns
     where table_schema = 'public' order by table_name, column_name`,
  );
  const indexes = await client.query(`select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`);
  return JSON.stringify([columns.rows, indexes.rows]);
}

describe("PostgreSQL migrations", () => {
  it("apply to an empty database, and applying them again changes nothing", { timeout: 120_000 }, async () => {
    const client = await PGlite.create();
    try {
      await migratePglite(client);
      expect(await appliedMigrationCount(client)).toBe(journal.entries.length);
      const before = await schemaSnapshot(client);
      await migratePglite(client);
      expect(await appliedMigrationCount(client)).toBe(journal.entries.length);
      expect(await schemaSnapshot(client)).toBe(before);
    } finally {
      await client.close();
    }
  });
});

describe("a migrated PostgreSQL database", () => {
  let db: PgTestDatabase;
  beforeAll(async () => {
    db = await freshPgDatabase();
  }, 120_000);
  afterAll(() => db?.$client.close());

  it("has every table and column of db/schema-pg.ts, with its type and nullability", async () => {
    const result = await db.$client.query<{ table_name: string; column_name: string; data_type: string; is_nullable: string }>(
      `select table_name, column_name, data_type, is_nullable from information_schema.columns where table_schema = 'public'`,
    );
    const actual = result.rows.map(
      (row) => `${row.table_name}.${row.column_name} ${row.data_type}${row.is_nullable === "NO" ? " not null" : ""}`,
    );
    const expected = pgTables.flatMap((table) => {
      const config = getTableConfig(table);
      return config.columns.map((column) => `${config.name}.${column.name} ${column.getSQLType()}${column.notNull ? " not null" : ""}`);
    });
    expect(pgTables.length).toBeGreaterThan(20);
    expect(actual.sort()).toEqual(expected.sort());
  });

  it("has every index of db/schema-pg.ts", async () => {
    const result = await db.$client.query<{ indexname: string }>(`select indexname from pg_indexes where schemaname = 'public'`);
    const actual = new Set(result.rows.map((row) => row.indexname));
    for (const table of pgTables) {
      for (const index of getTableConfig(table).indexes) expect(actual).toContain(index.config.name);
    }
  });

  it("reports a duplicate key as SQLSTATE 23505, which isUniqueViolation recognises", async () => {
    const user = { email: "dup@example.com", username: "dup", passwordHash: "x" };
    await db.insert(pgSchema.users).values(user);
    const error = await db
      .insert(pgSchema.users)
      .values(user)
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    // drizzle wraps the driver's error; PGlite's own carries the SQLSTATE in `code`.
    expect(error).toBeInstanceOf(DrizzleQueryError);
    expect((error as DrizzleQueryError).cause).toMatchObject({ code: "23505", constraint: "users_email_unique" });
    expect(isUniqueViolation(error)).toBe(true);
  });

  it("reports other constraint failures as something else", async () => {
    const missingUser = await db
      .insert(pgSchema.sellerProfiles)
      .values({ userId: 999_999, businessName: "Nobody", businessType: "individual" })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect((missingUser as DrizzleQueryError).cause).toMatchObject({ code: "23503" });
    expect(isUniqueViolation(missingUser)).toBe(false);
  });

  it("reads rows back with the same JavaScript types as SQLite (Date, boolean, JSON)", async () => {
    const [user] = await db.insert(pgSchema.users).values({ email: "types@example.com", username: "types", passwordHash: "x" }).returning();
    expect(user!.createdAt).toBeInstanceOf(Date);
    expect(user!.isSeller).toBe(false);
    const [session] = await db
      .insert(pgSchema.sessions)
      .values({ id: "session-types", userId: user!.id, lastSeenAt: new Date(), expiresAt: new Date(Date.now() + 60_000) })
      .returning();
    await db.insert(pgSchema.registrationProgress).values({ sessionId: session!.id, data: { step: 1, names: ["a"] } });
    const progress = await db.select().from(pgSchema.registrationProgress);
    expect(progress[0]!.data).toEqual({ step: 1, names: ["a"] });
    const [row] = await db.execute<{ one: number }>(sql`select 1 as one`).then((result) => result.rows);
    expect(row).toEqual({ one: 1 });
  });
});
