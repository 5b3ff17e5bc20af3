// SQLite group commit (db/client.ts): write transactions queued together share one COMMIT
// (one fsync), each keeps its own outcome, and none is reported done before it is on disk.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it, vi } from "vitest";
import { openDatabase, writeTransaction } from "~db/client";

describe("SQLite group commit", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "livecart-group-commit-"));
  const file = path.join(dir, "app.db");
  const db = openDatabase(`file:${file}`);
  db.$client.exec("CREATE TABLE entries (name TEXT NOT NULL UNIQUE)");
  // Another connection: sees only what is committed.
  const reader = new Database(file, { readonly: true });
  const committed = () => (reader.prepare("SELECT name FROM entries ORDER BY rowid").all() as { name: string }[]).map((row) => row.name);
  const insert = (name: string) => db.$client.prepare("INSERT INTO entries (name) VALUES (?)").run(name);

  afterAll(() => {
    reader.close();
    db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("commits transactions queued together once, rolls back the failing one alone, and answers after the commit", async () => {
    const exec = vi.spyOn(db.$client, "exec");
    const seenAtAnswer: string[][] = [];
    const results = await Promise.allSettled(
      ["a", "b", "bad", "c"].map((name) =>
        writeTransaction(async () => {
          insert(name);
          if (name === "bad") throw new Error("refused");
          return name.toUpperCase();
        }, db).then((value) => {
          seenAtAnswer.push(committed());
          return value;
        }),
      ),
    );
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual(["A", "B", "refused", "C"]);
    expect(committed()).toEqual(["a", "b", "c"]);
    // Every caller heard back only once all of it was committed.
    expect(seenAtAnswer).toEqual([
      ["a", "b", "c"],
      ["a", "b", "c"],
      ["a", "b", "c"],
    ]);
    expect(exec.mock.calls.filter(([statement]) => statement === "COMMIT")).toHaveLength(1);
    exec.mockRestore();
  });

  it("lets each transaction see the ones before it, and a transaction opened inside another joins it", async () => {
    const [first, second] = await Promise.all([
      writeTransaction(async () => {
        insert("d");
        // Joins: no savepoint of its own, rolled back with its parent if that fails.
        return writeTransaction(async () => {
          insert("e");
          return "joined";
        }, db);
      }, db),
      writeTransaction(
        async () => (db.$client.prepare("SELECT count(*) AS n FROM entries WHERE name IN ('d', 'e')").get() as { n: number }).n,
        db,
      ),
    ]);
    expect(first).toBe("joined");
    expect(second).toBe(2);
  });

  it("keeps a constraint failure to its own transaction", async () => {
    const results = await Promise.allSettled([
      writeTransaction(async () => insert("f"), db),
      writeTransaction(async () => {
        insert("g");
        insert("a"); // already there: UNIQUE
      }, db),
      writeTransaction(async () => insert("h"), db),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(committed()).toEqual(expect.arrayContaining(["f", "h"]));
    expect(committed()).not.toContain("g");
  });
});
