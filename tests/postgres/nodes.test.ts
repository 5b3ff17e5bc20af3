// Two app nodes (server.js from the build) on one PostgreSQL database, as behind a load
// balancer: what one node writes the other serves (sessions, orders, uploaded images), and
// killing one loses no acknowledged write.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "~db/client";
import { orders, shops } from "~db/schema";
import { freePort, sendRequest, startServerJs, type Answer, type ServerProcess } from "../integration/server-process";

const SHIPPING = {
  full_name: "Paul Node",
  email: "paul@nodes.test",
  phone: "0611223344",
  address: "12 rue Hugo",
  city: "Nantes",
  zip_code: "44000",
  country: "France",
};

// A 1x1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

let nodeA: ServerProcess;
let nodeB: ServerProcess;
let mainHost: string;
let shopHost: string;

/** The cookies a response sets, as a Cookie header's pairs. */
function cookiesOf(answer: Answer): Record<string, string> {
  const pairs = (answer.headers["set-cookie"] ?? []).map((line) => line.split(";")[0]!.split("="));
  return Object.fromEntries(pairs.map(([name, ...value]) => [name!, value.join("=")]));
}
const cookieHeader = (cookies: Record<string, string>) =>
  Object.entries(cookies)
    .map(([n, v]) => `${n}=${v}`)
    .join("; ");

/** A JSON request with the CSRF pair (cookie and header) that a browser client sends. */
async function postJson(node: ServerProcess, host: string, path: string, body: unknown, cookies: Record<string, string> = {}) {
  const jar = { ...cookies };
  if (!jar.csrftoken) Object.assign(jar, cookiesOf(await sendRequest(node.port, "/api/v1/shop/categories/", { host })));
  const answer = await sendRequest(node.port, path, {
    host,
    method: "POST",
    headers: { "Content-Type": "application/json", "X-CSRFToken": jar.csrftoken ?? "", Cookie: cookieHeader(jar) },
    body: JSON.stringify(body),
  });
  return { answer, cookies: { ...jar, ...cookiesOf(answer) } };
}

beforeAll(async () => {
  // Both nodes answer for the balancer's address (here node A's port), share the session secret.
  const port = await freePort();
  mainHost = `localhost:${port}`;
  shopHost = `demo.localhost:${port}`;
  const shared = { DATABASE_URL: process.env.DATABASE_URL!, SESSION_SECRET: process.env.SESSION_SECRET!, ROOT_DOMAIN: mainHost };
  // One node seeds the demo data, then the other starts on the seeded database.
  // Each node its own UPLOAD_DIR: nothing is shared on disk, only the database.
  const uploadDir = (node: string) => fs.mkdtempSync(path.join(os.tmpdir(), `uploads-${node}-`));
  nodeA = await startServerJs({ ...shared, PORT: String(port), SEED_DEMO: "1", UPLOAD_DIR: uploadDir("a") });
  nodeB = await startServerJs({ ...shared, SEED_DEMO: "0", UPLOAD_DIR: uploadDir("b") });
}, 120_000);

afterAll(() => {
  nodeA?.process.kill("SIGKILL");
  nodeB?.process.kill("SIGKILL");
});

describe("two nodes on one PostgreSQL", () => {
  it("a session made on node A is valid on node B", async () => {
    const login = await postJson(nodeA, mainHost, "/api/v1/account/auth/login/", { email: "demo@example.com", password: "Demo1234!" });
    expect(login.answer.status).toBe(200);
    const onB = await sendRequest(nodeB.port, "/api/v1/account/profile/", {
      host: mainHost,
      headers: { Cookie: cookieHeader(login.cookies) },
    });
    expect(onB.status).toBe(200);
    expect(JSON.parse(onB.body)).toMatchObject({ email: "demo@example.com" });
    const anonymous = await sendRequest(nodeB.port, "/api/v1/account/profile/", { host: mainHost });
    expect(anonymous.status).toBe(401);
  });

  it("a product image uploaded through node A is served by node B", async () => {
    const login = await postJson(nodeA, mainHost, "/api/v1/account/auth/login/", { email: "demo@example.com", password: "Demo1234!" });
    const form = new FormData();
    form.set("name", "Node Ring");
    form.set("price", "19.90");
    form.set("image", new Blob([new Uint8Array(PNG)], { type: "image/png" }), "ring.png");
    // The multipart body and its boundary, as a browser would send them.
    const multipart = new Request("http://localhost/", { method: "POST", body: form });
    const created = await sendRequest(nodeA.port, "/api/v1/shop/products/", {
      host: mainHost,
      method: "POST",
      headers: {
        "Content-Type": multipart.headers.get("Content-Type")!,
        "X-CSRFToken": login.cookies.csrftoken ?? "",
        Cookie: cookieHeader(login.cookies),
      },
      body: Buffer.from(await multipart.arrayBuffer()) as unknown as string,
    });
    expect(created.status).toBe(201);
    const image = new URL(String((JSON.parse(created.body) as { featured_image: string }).featured_image), `http://${shopHost}`);
    const served = await sendRequest(nodeB.port, image.pathname, { host: shopHost });
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["cache-control"]).toContain("immutable");
  });

  it("an order placed through node A is served by node B to its shopper", async () => {
    const placed = await postJson(nodeA, shopHost, "/api/v1/shop/orders/", { ...SHIPPING, reference: "NODE-1", total_amount: "25.00" });
    expect(placed.answer.status).toBe(201);
    const order = JSON.parse(placed.answer.body) as { id: number; number: string };
    const onB = await sendRequest(nodeB.port, `/api/v1/shop/orders/${order.id}/`, {
      host: shopHost,
      headers: { Cookie: cookieHeader(placed.cookies) },
    });
    expect(onB.status).toBe(200);
    expect(JSON.parse(onB.body)).toMatchObject({ id: order.id, reference: "NODE-1" });
  });

  it("killing node A under load loses no acknowledged order, and node B keeps serving", async () => {
    const [demo] = await getDatabase().select().from(shops).where(eq(shops.subdomain, "demo"));
    const before = (await getDatabase().select({ n: count() }).from(orders).where(eq(orders.shopId, demo!.id)))[0]!.n;
    const csrf = cookiesOf(await sendRequest(nodeA.port, "/api/v1/shop/categories/", { host: shopHost }));
    const attempts = Array.from({ length: 30 }, (_, i) =>
      postJson(nodeA, shopHost, "/api/v1/shop/orders/", { ...SHIPPING, reference: `KILL-${i}`, total_amount: "25.00" }, csrf).then(
        (result) => result.answer.status,
        () => "cut off" as const,
      ),
    );
    // Killed while requests are under way (after the first answers come back).
    await Promise.race(attempts);
    nodeA.process.kill("SIGKILL");
    const statuses = await Promise.all(attempts);
    const acknowledged = statuses.filter((status) => status === 201).length;
    expect(acknowledged).toBeGreaterThan(0);
    const after = (await getDatabase().select({ n: count() }).from(orders).where(eq(orders.shopId, demo!.id)))[0]!.n;
    // Every 201 is in the database; a request cut off may or may not have committed.
    expect(after - before).toBeGreaterThanOrEqual(acknowledged);
    expect(after - before).toBeLessThanOrEqual(30);
    expect((await sendRequest(nodeB.port, "/readyz", { host: mainHost })).status).toBe(200);
    expect((await sendRequest(nodeB.port, "/products", { host: shopHost })).status).toBe(200);
  });
});
