// A node started on a PostgreSQL database whose text order is not SQLite's (here ICU's English,
// although its libc datcollate says C.UTF-8) serves, and says so once in its log at start.
import crypto from "node:crypto";
import postgres from "postgres";
import { afterAll, describe, expect, inject, it } from "vitest";
import { sendRequest, startServerJs, type ServerProcess } from "../integration/server-process";

const nodes: ServerProcess[] = [];

afterAll(() => {
  for (const node of nodes) node.process.kill("SIGKILL");
});

/** An empty database on the suite's server, ordering text by ICU's English rules. */
async function icuDatabase(): Promise<string> {
  const name = `icu_${crypto.randomBytes(6).toString("hex")}`;
  const maintenance = new URL(inject("postgresUrl"));
  maintenance.pathname = "/postgres";
  const admin = postgres(maintenance.toString(), { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name} locale_provider icu icu_locale 'en' locale 'C.UTF-8' template template0`);
  } finally {
    await admin.end();
  }
  const url = new URL(inject("postgresUrl"));
  url.pathname = `/${name}`;
  return url.toString();
}

describe("a database whose text order is not SQLite's", () => {
  it("is served, with one warning at start naming its locale and how to make it C.UTF-8", async () => {
    const node = await startServerJs({ DATABASE_URL: await icuDatabase(), SESSION_SECRET: process.env.SESSION_SECRET!, LOG_LEVEL: "info" });
    nodes.push(node);
    expect((await sendRequest(node.port, "/readyz")).status).toBe(200);
    const warnings = node
      .output()
      .split("\n")
      .filter((line) => line.includes("not created with the C.UTF-8 locale"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ level: "warn", locale_provider: "i", datcollate: "C.UTF-8", datctype: "C.UTF-8" });
  });
});
