// A PostgreSQL on the node's own machine is reached through its Unix socket when DATABASE_URL
// says so the way libpq does (`?host=/directory`): the app's pool and the migration lock both
// connect there, and nothing of `host` reaches the server as a setting (it would refuse it).
import { sql } from "drizzle-orm";
import type { PostgresJsDatabase } from "drizzle-orm/postgres-js";
import { afterAll, describe, expect, inject, it } from "vitest";
import { withMigrationLock } from "~db/migrate-pg";

const overTcp = process.env.DATABASE_URL!;
const socketDirectory = inject("postgresSocketDirectory");
const overSocket = `${overTcp}?host=${encodeURIComponent(socketDirectory)}`;
process.env.DATABASE_URL = overSocket;
const { closeDatabase, getDatabase } = await import("~db/client");
afterAll(() => closeDatabase());

/** The server's address as the connection sees it: none over a Unix socket. */
const serverAddress = sql`select host(inet_server_addr()) as address, current_database() as database`;

describe("DATABASE_URL with ?host=/directory", () => {
  it("runs the app's queries over the server's Unix socket, on the database the URL names", async () => {
    const rows = await (getDatabase() as unknown as PostgresJsDatabase).execute(serverAddress);
    expect([...rows]).toEqual([{ address: null, database: new URL(overTcp).pathname.slice(1) }]);
  });

  it("takes the migration lock over the same socket", async () => {
    const rows = await withMigrationLock(overSocket, (db) => db.execute(serverAddress));
    expect([...rows]).toEqual([{ address: null, database: new URL(overTcp).pathname.slice(1) }]);
  });

  it("still connects over TCP to a URL without it", async () => {
    const rows = await withMigrationLock(overTcp, (db) => db.execute(serverAddress));
    expect([...rows]).toEqual([{ address: "127.0.0.1", database: new URL(overTcp).pathname.slice(1) }]);
  });
});
