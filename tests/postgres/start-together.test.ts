// Two app nodes started at the same moment on an empty PostgreSQL database, as an
// orchestrator starts replicas on a first deploy: both migrate and would both seed the demo
// data. Both must come up ready, and the demo data must exist once.
import postgres from "postgres";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createEmptyDatabase } from "../support/postgres-clone";
import { sendRequest, startServerJs, type ServerProcess } from "../integration/server-process";

const nodes: ServerProcess[] = [];

afterAll(() => {
  for (const node of nodes) node.process.kill("SIGKILL");
});

describe("two nodes started together on an empty database", () => {
  it("both come up ready, and the demo data is seeded once", async () => {
    const url = await createEmptyDatabase(inject("postgresUrl"), "fresh");
    const env = { DATABASE_URL: url, SESSION_SECRET: process.env.SESSION_SECRET!, SEED_DEMO: "1" };
    // Started in the same tick; a node that dies on start rejects with its output.
    const started = await Promise.allSettled([startServerJs(env), startServerJs(env)]);
    for (const result of started) if (result.status === "fulfilled") nodes.push(result.value);
    const failures = started.flatMap((result) => (result.status === "rejected" ? [String(result.reason)] : []));
    expect(failures).toEqual([]);

    for (const node of nodes) {
      const ready = await sendRequest(node.port, "/readyz");
      expect(ready.status).toBe(200);
      expect((await sendRequest(node.port, "/products", { host: `demo.localhost:${node.port}` })).status).toBe(200);
    }
    // Exactly one of them seeded.
    expect(nodes.filter((node) => node.output().includes("Demo data was added")).length).toBe(1);

    const db = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const [counts] = await db<{ users: string; shops: string; demo: string; products: string }[]>`
        select (select count(*) from users) as users,
               (select count(*) from shops) as shops,
               (select count(*) from users where email = 'demo@example.com') as demo,
               (select count(*) from products) as products`;
      expect({ users: Number(counts!.users), shops: Number(counts!.shops), demo: Number(counts!.demo) }).toEqual({
        users: 3,
        shops: 2,
        demo: 1,
      });
      expect(Number(counts!.products)).toBeGreaterThan(0);
    } finally {
      await db.end();
    }
  });
});
