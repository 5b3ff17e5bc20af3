import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// The benchmark's statement counter (db/statement-stats.ts), on as `npm run bench` turns it on:
// DB_STATEMENT_STATS names a folder, read when the module loads.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "statement-stats-"));
const listenersBefore = process.listeners("SIGUSR2");
let stats: typeof import("../../db/statement-stats");

beforeAll(async () => {
  vi.stubEnv("DB_STATEMENT_STATS", dir);
  vi.resetModules();
  stats = await import("../../db/statement-stats");
});

afterAll(() => {
  for (const listener of process.listeners("SIGUSR2")) if (!listenersBefore.includes(listener)) process.off("SIGUSR2", listener);
  vi.unstubAllEnvs();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** What the process reports when the benchmark sends it SIGUSR2 (the listener called as the signal would). */
function report() {
  process.emit("SIGUSR2");
  return JSON.parse(fs.readFileSync(path.join(dir, `${process.pid}.json`), "utf8"));
}

describe("the benchmark's statement counter", () => {
  it("writes its counts when the process starts, so the benchmark knows it may signal it", () => {
    expect(fs.existsSync(path.join(dir, `${process.pid}.json`))).toBe(true);
  });

  it("counts SQLite's statements, prepared or executed, and the COMMITs among them", () => {
    const sqlite = new Database(":memory:");
    stats.countSqliteStatements(sqlite);
    const before = report();
    sqlite.exec("BEGIN IMMEDIATE");
    sqlite.prepare("create table t (n integer)").run();
    const insert = sqlite.prepare("insert into t values (?)");
    insert.run(1);
    insert.run(2);
    expect(sqlite.prepare("select count(*) as n from t").get()).toEqual({ n: 2 });
    sqlite.exec("COMMIT");
    const after = report();
    expect(after.statements - before.statements).toBe(6);
    expect(after.commits - before.commits).toBe(1);
    sqlite.close();
  });

  it("counts PostgreSQL's queries as postgres.js sends them, and a round trip per write after an answer", async () => {
    const options = stats.postgresStatementStats();
    const before = report();
    options.debug!(1, "select 1");
    options.debug!(1, "commit");
    // A server that answers each write once.
    const server = net.createServer((connection) => connection.on("data", () => connection.write("answer")));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    const socket = await options.socket!({ host: ["127.0.0.1"], port: [port] });
    const answered = () => new Promise((resolve) => socket.once("data", resolve));
    // Pipelined: two writes before any answer are one round trip.
    let answer = answered();
    socket.write("statement");
    socket.write("commit");
    await answer;
    answer = answered();
    socket.write("next");
    await answer;
    socket.destroy();
    await new Promise((resolve) => server.close(resolve));
    const after = report();
    expect(after.statements - before.statements).toBe(2);
    expect(after.commits - before.commits).toBe(1);
    expect(after.roundTrips - before.roundTrips).toBe(2);
  });
});
