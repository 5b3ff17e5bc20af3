// A burst of claiming comments on one live (issue 29), as a chat bot forwards them: the demo
// seller starts a live, adds a product with a code and `units` units, then `comments` viewers
// (each their own handle) post "SOLD <code>" through `POST /api/v1/shop/lives/{id}/comments/`,
// `concurrency` at once, as fast as the node answers. Measured: comments accepted per second
// (200) and refused (429, the live's limit), the latency of the accepted ones; checked in the
// database, read directly: exactly `units` claims held, every other accepted claim waiting,
// no unit held twice.
import { performance } from "node:perf_hooks";
import { sellerClient, expectStatus } from "./live-board.js";
import { withDatabase } from "./stock-drop.js";

const CODE = "BURST1";

function percentile(sorted, fraction) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

/** Runs the burst against the node at 127.0.0.1:`port`; returns what the viewers got and what the database holds. */
export async function runClaimsBurst({ port, mainHost, seller, units, comments, concurrency, timeoutMs, databaseUrl }) {
  const client = sellerClient({ port, host: mainHost, timeoutMs, maxSockets: concurrency });
  try {
    await client.request("GET", "/api/v1/account/auth/status");
    await expectStatus(await client.request("POST", "/api/v1/account/auth/login", seller), 200, "The seller's login");
    const product = await expectStatus(
      await client.request("POST", "/api/v1/shop/products/", { name: "Burst sweater", price: "25.00", code: CODE, stock: units }),
      201,
      "Adding the product",
    );
    const live = await expectStatus(
      await client.request("POST", "/api/v1/shop/lives/", { title: "Claims burst", platform: "tiktok" }),
      201,
      "Starting the live",
    );
    const path = `/api/v1/shop/lives/${live.id}/comments/`;
    // A few comments that are no claim first: the node's code paths warm, nothing is held.
    for (let i = 0; i < 20; i++) {
      await expectStatus(
        await client.request("POST", path, { platform: "tiktok", author: { handle: `warm${i}` }, text: "hello from the chat" }),
        200,
        "A warm-up comment",
      );
    }
    // The live's limit counts per second: start the burst on a fresh second.
    await new Promise((resolve) => setTimeout(resolve, 1_100));

    const answers = [];
    let next = 0;
    const started = performance.now();
    const viewer = async () => {
      while (next < comments) {
        const i = next++;
        const sent = performance.now();
        let status;
        let body = null;
        try {
          const answer = await client.request("POST", path, {
            platform: "tiktok",
            author: { handle: `viewer${i}`, name: `Viewer ${i}` },
            text: i % 3 === 0 ? `SOLD ${CODE}` : i % 3 === 1 ? `je prends ${CODE.toLowerCase()}` : `+1 ${CODE}`,
          });
          status = answer.status;
          body = answer.body;
        } catch (error) {
          status = error.name === "TimeoutError" ? "timeout" : "error";
        }
        answers.push({ status, body, ms: performance.now() - sent, at: performance.now() - started });
      }
    };
    await Promise.all(Array.from({ length: concurrency }, viewer));
    const wallMs = performance.now() - started;

    const accepted = answers.filter((a) => a.status === 200);
    const latencies = accepted.map((a) => a.ms).sort((a, b) => a - b);
    const figures = await withDatabase(databaseUrl, async (query) => {
      const count = async (status) =>
        Number((await query("select count(*) as n from claims where live_id = ? and status = ?", live.id, status))[0].n);
      const [variant] = await query("select stock, reserved from product_variants where product_id = ?", product.id);
      const [holds] = await query(
        "select coalesce(sum(quantity), 0) as n from stock_holds where state = 'held' and claim_id in (select id from claims where live_id = ?)",
        live.id,
      );
      return {
        held: await count("held"),
        waitlisted: await count("waitlisted"),
        unitsHeld: Number(holds.n),
        stock: Number(variant.stock),
        reserved: Number(variant.reserved),
      };
    });
    await client.request("POST", `/api/v1/shop/lives/${live.id}/end/`, {});
    const claimed = accepted.filter((a) => a.body?.claimed === true).length;
    const waitlisted = accepted.filter((a) => a.body?.claimed === false && a.body.waitlisted === true).length;
    const checks = [
      { label: `claims held = the ${units} units`, pass: figures.held === units && claimed === units && figures.unitsHeld === units },
      { label: "every other accepted claim waitlisted", pass: waitlisted === accepted.length - units && figures.waitlisted === waitlisted },
      { label: "the variant's held units = the claims'", pass: figures.reserved === units && figures.stock === units },
      { label: "every comment answered 200 or 429", pass: answers.every((a) => a.status === 200 || a.status === 429) },
    ];
    return {
      comments,
      concurrency,
      units,
      wallMs,
      accepted: accepted.length,
      limited: answers.filter((a) => a.status === 429).length,
      failed: answers.filter((a) => a.status !== 200 && a.status !== 429).length,
      acceptedPerSecond: accepted.length / (wallMs / 1000),
      p50: percentile(latencies, 0.5),
      p99: percentile(latencies, 0.99),
      claimed,
      waitlisted,
      figures,
      checks,
      pass: checks.every((check) => check.pass),
    };
  } finally {
    client.close();
  }
}
