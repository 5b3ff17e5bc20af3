// migrateDatabaseAt (npm run db:migrate) picks the migration set from DATABASE_URL alone.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { migrateDatabaseAt } from "~db/migrate-url";
import { isPostgresUrl, postgresAddress } from "~db/url";

describe("isPostgresUrl", () => {
  it("knows PostgreSQL URLs from SQLite ones", () => {
    for (const url of ["postgres://postgres@127.0.0.1:5432/shop", "postgresql://u:p@db/shop?sslmode=require", " POSTGRES://db/x"]) {
      expect(isPostgresUrl(url)).toBe(true);
    }
    for (const url of ["file:./data/app.db", "./data/app.db", ":memory:", "postgres.db", "file:postgres://x"]) {
      expect(isPostgresUrl(url)).toBe(false);
    }
  });
});

describe("postgresAddress", () => {
  it("takes libpq's ?host=/directory out of the URL and gives it to the driver as the socket's folder", () => {
    expect(postgresAddress("postgres://app@localhost:5433/shop?host=%2Fvar%2Frun%2Fpostgresql&sslmode=disable")).toEqual({
      address: "postgres://app@localhost:5433/shop?sslmode=disable",
      socket: { host: "/var/run/postgresql" },
    });
    expect(postgresAddress("postgres://app@localhost/shop?host=/tmp/pg")).toEqual({
      address: "postgres://app@localhost/shop",
      socket: { host: "/tmp/pg" },
    });
  });

  it("puts a host name given as ?host= in the URL's host's place, as libpq does", () => {
    expect(postgresAddress("postgres://app@localhost:5432/shop?host=db2.internal&sslmode=require")).toEqual({
      address: "postgres://app@db2.internal:5432/shop?sslmode=require",
      socket: null,
    });
  });

  it("leaves any other URL as it is", () => {
    for (const url of ["postgres://app:secret@db.internal:5432/shop", "postgresql://app@db/shop?sslmode=require"]) {
      expect(postgresAddress(url)).toEqual({ address: url, socket: null });
    }
  });
});

describe("migrateDatabaseAt", () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "migrate-url-"));
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

  it("applies the SQLite migrations to a file: URL, once", async () => {
    const file = path.join(folder, "nested", "app.db");
    expect(await migrateDatabaseAt(`file:${file}`)).toBe("sqlite");
    expect(await migrateDatabaseAt(`file:${file}`)).toBe("sqlite");
    const sqlite = new Database(file, { readonly: true });
    try {
      const journal = JSON.parse(fs.readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: unknown[] };
      expect(sqlite.prepare("select count(*) as n from __drizzle_migrations").get()).toEqual({ n: journal.entries.length });
      expect(sqlite.prepare("select name from sqlite_master where name = 'orders'").get()).toEqual({ name: "orders" });
    } finally {
      sqlite.close();
    }
  });

  it("sends a postgres:// URL to PostgreSQL (here: nothing listens, so it fails to connect)", async () => {
    const failure = await migrateDatabaseAt("postgres://postgres@127.0.0.1:1/none").then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ cause: { code: "ECONNREFUSED" } });
  });
});
