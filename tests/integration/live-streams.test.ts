// A small node, so that its cap is reached in a test (read when the app loads, below).
process.env.MAX_EVENT_STREAMS = "25";

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadApp, sql, sqlNow, TestClient } from "./app";

/** Issue 25, item 11: one client cannot hold hundreds of a live's event streams. */
beforeAll(() => loadApp());

const open: Response[] = [];
afterAll(async () => {
  await Promise.all(open.map((response) => response.body!.cancel()));
});

async function insertLive(code: string) {
  await sql(
    `insert into lives (shop_id, code, title, platform, visits, created_at, updated_at) values (1, ?, 'Streams', 'tiktok', 0, ${sqlNow()}, ${sqlNow()})`,
    code,
  );
}

async function stream(code: string, clientAddress: string, headers: Record<string, string> = {}) {
  const response = await new TestClient("demo.localhost:3000").request(`/live/${code}/events`, {
    headers: { Accept: "text/event-stream", ...headers },
    clientAddress,
  });
  if (response.status === 200) open.push(response);
  return response;
}

describe("a live's event streams", () => {
  it("an address holds 20 at once, the 21st is a 429 until one closes; the node holds 25, then 503", async () => {
    await insertLive("strm23");
    for (let i = 0; i < 20; i++) expect((await stream("strm23", "198.51.100.1")).status).toBe(200);
    const refused = await stream("strm23", "198.51.100.1");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("30");
    expect(refused.headers.get("Cache-Control")).toBe("no-store");
    expect(((await refused.json()) as { message: string }).message).toBe(
      "Too many live updates are open from your connection. Close some of the live pages, then reload this one.",
    );
    const french = await stream("strm23", "198.51.100.1", { "Accept-Language": "fr" });
    expect(((await french.json()) as { message: string }).message).toContain("Trop de mises à jour en direct");
    // Another address is not concerned.
    expect((await stream("strm23", "198.51.100.2")).status).toBe(200);

    // A closed stream gives its slot back.
    await open.shift()!.body!.cancel();
    expect((await stream("strm23", "198.51.100.1")).status).toBe(200);

    // 21 open; four more addresses fill the node.
    for (let i = 0; i < 4; i++) expect((await stream("strm23", `198.51.100.${10 + i}`)).status).toBe(200);
    const full = await stream("strm23", "198.51.100.50");
    expect(full.status).toBe(503);
    expect(full.headers.get("Retry-After")).toBe("30");
    expect(((await full.json()) as { message: string }).message).toContain("This server has too many live updates open");
    await open.pop()!.body!.cancel();
    expect((await stream("strm23", "198.51.100.50")).status).toBe(200);
  });
});
