// SQLite statements are prepared once per SQL text and reused (db/client.ts).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~db/client";

describe("prepared statements on SQLite", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "livecart-statements-"));
  const db = openDatabase(`file:${path.join(dir, "app.db")}`);
  afterAll(() => {
    db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("hands back the statement prepared before for the same SQL, in object mode again", () => {
    const first = db.$client.prepare("SELECT 1 AS one");
    first.raw(true);
    expect(first.get()).toEqual([1]);
    const again = db.$client.prepare("SELECT 1 AS one");
    expect(again).toBe(first);
    expect(again.get()).toEqual({ one: 1 });
    expect(db.$client.prepare("SELECT 2 AS two")).not.toBe(first);
  });

  it("keeps drizzle's row shapes right when one SQL text is read both as arrays and as objects", () => {
    db.$client.exec("CREATE TABLE things (id INTEGER PRIMARY KEY, name TEXT NOT NULL); INSERT INTO things (name) VALUES ('cup')");
    const query = sql`SELECT id, name FROM things`;
    expect(db.values(query)).toEqual([[1, "cup"]]);
    expect(db.all(query)).toEqual([{ id: 1, name: "cup" }]);
    expect(db.values(query)).toEqual([[1, "cup"]]);
  });
});
