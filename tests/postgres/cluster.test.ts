// `npm run cluster` as a person runs it (scripts/cluster.js, the build): a throwaway
// PostgreSQL, two nodes started together and HAProxy in front; Ctrl-C stops HAProxy, then
// the nodes, then the database. The nodes start without demo data (SEED_DEMO=0, which the
// cluster passes on to every node); this file adds it to the cluster's database itself.
import { spawn, type ChildProcess } from "node:child_process";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, getDatabase } from "~db/client";
import { shops } from "~db/schema";
import { seedDemoData } from "~db/seed";
import { freePortRange, sendRequest } from "../integration/server-process";

let cluster: ChildProcess;
let exited: Promise<number | null>;
let output = "";
let port = 0;

beforeAll(async () => {
  // HAProxy on `port`, the two nodes on the next two (scripts/cluster.js).
  port = await freePortRange(3);
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: "127.0.0.1", CLUSTER_NODES: "2", SEED_DEMO: "0" };
  // No DATABASE_URL: the cluster starts a PostgreSQL of its own.
  delete env.DATABASE_URL;
  cluster = spawn(process.execPath, ["scripts/cluster.js"], { env });
  cluster.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  cluster.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  exited = new Promise((resolve) => cluster.on("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (!output.includes("Ctrl-C stops HAProxy")) return;
      cluster.stdout!.off("data", onData);
      resolve();
    };
    cluster.stdout!.on("data", onData);
    void exited.then((code) => reject(new Error(`npm run cluster exited (${code}):\n${output}`)));
  });
  const databaseUrl = /Database:\s+(postgres:\/\/\S+) \(throwaway/.exec(output)?.[1];
  if (!databaseUrl) throw new Error(`No database in the cluster's banner:\n${output}`);
  // This file's queries go to the cluster's database (the connection opens on first use).
  process.env.DATABASE_URL = databaseUrl;
  await seedDemoData(getDatabase(), async () => "not a password hash: nobody signs in here");
}, 180_000);

afterAll(async () => {
  await closeDatabase();
  if (cluster && cluster.exitCode === null) {
    cluster.kill("SIGINT");
    await exited;
  }
}, 60_000);

describe("npm run cluster", () => {
  it("serves the shops from its PostgreSQL through HAProxy, on both nodes", async () => {
    // A name only the cluster's database has: a node on any other database cannot show it.
    const name = `Cluster shop ${port}`;
    await getDatabase().update(shops).set({ name, updatedAt: new Date() }).where(eq(shops.subdomain, "demo"));
    const host = `demo.localhost:${port}`;
    // Round robin: one request to each node.
    const answers = [await sendRequest(port, "/products", { host }), await sendRequest(port, "/products", { host })];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    for (const answer of answers) expect(answer.body).toContain(name);
    expect(output).toMatch(/Cluster: +2 nodes behind HAProxy on port \d+/);
  });

  it("stops HAProxy on Ctrl-C, then the nodes (drained), then PostgreSQL", async () => {
    await closeDatabase();
    cluster.kill("SIGINT");
    expect(await exited).toBe(0);
    const at = (line: string) => {
      const index = output.indexOf(line);
      expect(index, `"${line}" in:\n${output}`).toBeGreaterThan(-1);
      return index;
    };
    const haproxyStopped = at("HAProxy stopped");
    for (const node of ["node1", "node2"]) expect(at(`${node} stopped (drained)`)).toBeGreaterThan(haproxyStopped);
    expect(at("PostgreSQL stopped")).toBeGreaterThan(Math.max(at("node1 stopped"), at("node2 stopped")));
    await expect(sendRequest(port, "/readyz")).rejects.toThrow(/ECONNREFUSED/);
  });
});
