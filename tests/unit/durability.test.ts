import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~db/client";

// Orders and payments must survive an OS crash or a power cut, not only a killed process.
describe("database durability", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "livecart-durability-"));
  const db = openDatabase(`file:${path.join(dir, "app.db")}`);
  afterAll(() => {
    db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("commits with synchronous = FULL in WAL mode (each commit is on disk before it returns)", () => {
    expect(db.$client.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.$client.pragma("synchronous", { simple: true })).toBe(2); // FULL
  });
});
