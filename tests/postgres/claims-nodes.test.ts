// Claims from a live's chat across two app nodes (server.js from the build) on one PostgreSQL,
// as behind a load balancer (issue 29): 200 viewers claim the same 20 units through the
// comments API, half on each node, at once; exactly 20 claims hold them, the others wait on
// the waitlist by handle, and nothing is oversold.
import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "~/domain/accounts/api-keys.server";
import { createLive } from "~/domain/lives/lives.server";
import { getDatabase } from "~db/client";
import { claimLinks, claims, products, shops, stockHolds, waitlistEntries } from "~db/schema";
import { startTwoNodes, stopNodes } from "./two-nodes";
import { sendRequest, type ServerProcess } from "../integration/server-process";
import { createProduct } from "../unit/factories";
import { onlyVariant, variantRow } from "../unit/stock-drops";

let nodes: ServerProcess[] = [];
let mainHost: string;

beforeAll(async () => {
  const started = await startTwoNodes();
  nodes = started.nodes;
  const port = started.port;
  mainHost = `localhost:${port}`;
}, 120_000);

afterAll(() => stopNodes(nodes));

describe("claims across two nodes on PostgreSQL", () => {
  it("200 claiming comments at once for 20 units, half on each node: exactly 20 held claims, 180 waiting", async () => {
    const [demo] = await getDatabase().select().from(shops).where(eq(shops.subdomain, "demo"));
    const product = await createProduct(demo!.id, { name: "Node Claim Scarf", priceCents: 2500, stock: 20 });
    await getDatabase().update(products).set({ code: "RACE1" }).where(eq(products.id, product.id));
    const variant = (await onlyVariant(product.id)).id;
    const live = await createLive(demo!.id, { title: "Race", platform: "twitch", scheduledAt: null });
    const { key } = await createApiKey(demo!.ownerId, "chat bot");

    // All sent before any answer is read.
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, n) =>
        sendRequest(nodes[n % 2]!.port, `/api/v1/shop/lives/${live.id}/comments/`, {
          host: mainHost,
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${key}` },
          body: JSON.stringify({ platform: "twitch", author: { handle: `viewer${n}` }, text: "SOLD race1" }),
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 200 }, () => 200));
    const outcomes = answers.map((a) => JSON.parse(a.body) as { claimed: boolean; reason?: string; waitlisted?: boolean });
    expect(outcomes.filter((o) => o.claimed)).toHaveLength(20);
    expect(outcomes.filter((o) => !o.claimed).every((o) => o.reason === "sold_out" && o.waitlisted === true)).toBe(true);

    const rows = await getDatabase().select().from(claims).where(eq(claims.liveId, live.id));
    expect(rows.filter((c) => c.status === "held")).toHaveLength(20);
    expect(rows.filter((c) => c.status === "waitlisted")).toHaveLength(180);
    const holds = await getDatabase()
      .select()
      .from(stockHolds)
      .where(and(eq(stockHolds.variantId, variant), isNotNull(stockHolds.claimId)));
    expect(holds.map((h) => [h.state, h.quantity])).toEqual(Array.from({ length: 20 }, () => ["held", 1]));
    expect(await variantRow(variant)).toMatchObject({ stock: 20, reserved: 20 });
    expect(await getDatabase().select().from(waitlistEntries).where(eq(waitlistEntries.variantId, variant))).toHaveLength(180);
    expect(await getDatabase().select().from(claimLinks).where(eq(claimLinks.liveId, live.id))).toHaveLength(200);
  });

  it("one handle's 10 comments at once, on both nodes, make one link and stop at the cap of 3", async () => {
    const [demo] = await getDatabase().select().from(shops).where(eq(shops.subdomain, "demo"));
    const product = await createProduct(demo!.id, { name: "Node Greedy Scarf", priceCents: 2500, stock: 20 });
    await getDatabase().update(products).set({ code: "RACE2" }).where(eq(products.id, product.id));
    const variant = (await onlyVariant(product.id)).id;
    const live = await createLive(demo!.id, { title: "Greedy", platform: "twitch", scheduledAt: null });
    const { key } = await createApiKey(demo!.ownerId, "greedy bot");
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        sendRequest(nodes[n % 2]!.port, `/api/v1/shop/lives/${live.id}/comments/`, {
          host: mainHost,
          method: "POST",
          headers: { "Content-Type": "application/json", Authorization: `Bearer ${key}` },
          body: JSON.stringify({ platform: "twitch", author: { handle: "@Greedy" }, text: "+1 RACE2" }),
        }),
      ),
    );
    const outcomes = answers.map((a) => JSON.parse(a.body) as { claimed: boolean; reason?: string });
    expect(outcomes.filter((o) => o.claimed)).toHaveLength(3);
    expect(outcomes.filter((o) => o.reason === "cap_reached")).toHaveLength(7);
    expect(await getDatabase().select().from(claimLinks).where(eq(claimLinks.liveId, live.id))).toHaveLength(1);
    expect(await variantRow(variant)).toMatchObject({ stock: 20, reserved: 3 });
  });
});
