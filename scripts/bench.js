// `npm run bench`: how fast the shop is on this machine, measured in one run (issue 15). Not a
// test: a person runs it, reads the figures and commits them. It builds what needs building,
// starts the production server on a throwaway database with the demo shop and simulated
// payments, and measures (code in bench/):
//
//   http  requests/s and p50/p99 of the catalogue, the checkout page, the products API and a
//         bare React Router page with as many product cards (bench/bare), A/B in the same run
//   drop  the live drop: N shoppers, C at once, each buying one product without JavaScript,
//         and a check that every accepted card paid exactly one order; on the node as
//         `npm start` runs it (one worker process per core) and on one process
//   live  the same drop through a live's link (issue 16) while the seller's live board is
//         open, and how soon the board showed each paid order
//   stock the limited-stock drop (issue 27): the shoppers race through a live's link for U
//         units of its pinned product; exactly U paid, the others told "sold out" before
//         paying, checked in the database (nobody charged twice or for nothing)
//   claims a burst of claiming comments on one live (issue 29): comments accepted per second
//         and their latency, exactly as many claims held as units, the rest waitlisted
//   js    the gzipped JavaScript of the catalogue, the checkout and the landing page
//   fresh a node just started (issue 31): the time until it is ready, its idle memory, and
//         the drop at once, with no warm-up drop (bench/fresh-node.js)
//
// and writes the figures into docs/performance.md (between its bench markers). With
// `--database postgres --nodes 1,2` it measures the catalogue and the drops on PostgreSQL with
// each number of nodes behind the cluster's HAProxy (as `npm run cluster` runs it) instead,
// into docs/scaling.md, with the capacity model computed from the run's costs (bench/capacity.js);
// `--pin` puts PostgreSQL, the nodes, HAProxy and this client on CPUs of their own (taskset).
//
// Each drop also gets its cost per completed checkout (issue 31, bench/cost.js): the CPU the
// app's processes, PostgreSQL, HAProxy and this client spent, from their own accounting, and
// the database statements and round trips.
//
//   npm run bench
//   npm run bench -- --shoppers 300 --concurrency 50 --duration 10 --only http|drop|live|stock|claims|js|fresh
//   npm run bench -- --only stock --units 100     # the units of the limited-stock drop
//   npm run bench -- --database postgres --nodes 1,2
//   npm run bench -- --database postgres --nodes 1,2,3 --pin
//   npm run bench -- --port 3400       # the shop (or HAProxy); the run uses port..port+19
//
// Only a full run (no --only) writes the docs; a part that fails is reported and the docs are
// left as they were. Exit status 1 when a part failed or exactly-once did not hold.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createBrowser } from "../bench/browser.js";
import { CONNECTIONS, measureThroughput, responseHeaders, WARM_UP_SECONDS } from "../bench/http-load.js";
import { measureJavaScript } from "../bench/js-size.js";
import { runLiveDrop } from "../bench/live-drop.js";
import { countPaidOrders } from "../bench/paid-orders.js";
import { openLiveBoard } from "../bench/live-board.js";
import { ASSUMPTIONS, capacityModel, predictedCeiling } from "../bench/capacity.js";
import { costPerCheckout, startCostMeter } from "../bench/cost.js";
import { cpuSets, ensureTaskset, pinPlan, pinTree } from "../bench/pinning.js";
import {
  capacitySection,
  costSection,
  dropSection,
  httpSection,
  javaScriptSection,
  liveSection,
  machineLine,
  nodesCostSection,
  nodesSection,
  claimsSection,
  pinnedSection,
  stockNodesSection,
  stockSection,
  writeSection,
} from "../bench/report.js";
import { startBareApp, startShopOnPostgres, startShopOnSqlite, stopEverything } from "../bench/servers.js";
import { runClaimsBurst } from "../bench/claims-burst.js";
import { judgeStockDrop, putUnitsOnSale, SOLD_OUT_TEXT, stockDropFigures } from "../bench/stock-drop.js";
import { ensureBuild } from "./ensure-build.js";
import { freshNodeSection, measureFreshNode } from "../bench/fresh-node.js";

// The drop's per-request and overall limits: a slow server is reported, it cannot hang the run.
const DROP_REQUEST_TIMEOUT_MS = 15_000;
const DROP_TIME_LIMIT_MS = 120_000;
const WARM_UP_SHOPPERS = 100;
const PARTS = ["http", "drop", "live", "stock", "claims", "js", "fresh"];
// The claims burst: this many comments, for this many units.
const CLAIM_COMMENTS = 1_000;
const CLAIM_UNITS = 20;
// The demo seller (db/seed.ts), who starts the live of the `live` part.
const DEMO_SELLER = { email: "demo@example.com", password: "Demo1234!" };

function fail(message) {
  console.error(message);
  process.exit(1);
}

function readOptions() {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        shoppers: { type: "string", default: "300" },
        concurrency: { type: "string", default: "50" },
        duration: { type: "string", default: "10" },
        only: { type: "string" },
        database: { type: "string", default: "sqlite" },
        nodes: { type: "string", default: "1,2" },
        port: { type: "string", default: "3400" },
        units: { type: "string", default: "100" },
        pin: { type: "boolean", default: false },
      },
    }));
  } catch (error) {
    fail(error.message);
  }
  const whole = (name, min, max) => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < min || value > max)
      fail(`--${name}: a whole number from ${min} to ${max} (got ${values[name]})`);
    return value;
  };
  if (values.only && !PARTS.includes(values.only)) fail(`--only: one of ${PARTS.join(", ")} (got ${values.only})`);
  if (!["sqlite", "postgres"].includes(values.database)) fail(`--database: sqlite or postgres (got ${values.database})`);
  if (values.pin && values.database !== "postgres") fail("--pin pins PostgreSQL and the nodes: use it with --database postgres");
  if (values.database === "postgres" && values.only === "js")
    fail("--only js measures the pages' JavaScript, the same on any database: run it without --database");
  if (values.database === "postgres" && values.only === "fresh") fail("--only fresh runs on SQLite: run it without --database");
  const nodes = values.nodes.split(",").map(Number);
  if (nodes.some((count) => !Number.isInteger(count) || count < 1 || count > 8))
    fail(`--nodes: node counts from 1 to 8, e.g. 1,2 (got ${values.nodes})`);
  const shoppers = whole("shoppers", 1, 100_000);
  return {
    shoppers,
    // The limited-stock drop sells these, and refuses the other shoppers.
    units: whole("units", 1, shoppers),
    concurrency: whole("concurrency", 1, 1000),
    duration: whole("duration", 1, 600),
    // On PostgreSQL the pages' JavaScript is not measured again: it does not depend on the database.
    parts: values.only ? [values.only] : values.database === "postgres" ? ["http", "drop", "stock"] : PARTS,
    full: !values.only,
    postgres: values.database === "postgres",
    nodes,
    pin: values.pin,
    port: whole("port", 1024, 65_000),
  };
}

/** The demo shop's catalogue page as a shopper gets it: how many cards it shows and a product to buy. */
async function readCatalogue(port, host) {
  const browser = createBrowser({ port, host, forwardedFor: "10.255.255.1", timeoutMs: 30_000 });
  try {
    const page = await browser.get("/products");
    if (page.status !== 200) throw new Error(`GET /products on ${host} answered ${page.status || page.error}`);
    const cards = page.html.split('data-testid="product-card"').length - 1;
    const productId = page.html.match(/href="\/\?product_id=(\d+)"/)?.[1];
    if (!cards || !productId) throw new Error(`The catalogue of ${host} shows no product to buy`);
    return { cards, productId };
  } finally {
    browser.close();
  }
}

/**
 * The drop, and the exactly-once check against the database: paid orders grew by the cards
 * accepted, and those are paid. A smaller drop first warms the server up (its code compiled
 * by V8, its caches filled, as in a node that has been serving), as autocannon's warm-up
 * does for the throughput; it is not counted.
 */
async function liveDrop(shop, host, options, liveCode = null) {
  const run = (shoppers) =>
    runLiveDrop({
      port: shop.port,
      host,
      shoppers,
      concurrency: options.concurrency,
      timeoutMs: DROP_REQUEST_TIMEOUT_MS,
      timeLimitMs: DROP_TIME_LIMIT_MS,
      liveCode,
    });
  await run(Math.min(WARM_UP_SHOPPERS, options.shoppers));
  const paidBefore = await countPaidOrders(shop.databaseUrl);
  const meter = await startCostMeter(shop);
  const drop = await run(options.shoppers);
  const cost = costPerCheckout(await meter.stop(), drop.completed);
  const grewBy = (await countPaidOrders(shop.databaseUrl)) - paidBefore;
  const paidAmongThem = drop.paidOrderIds.length ? await countPaidOrders(shop.databaseUrl, drop.paidOrderIds) : 0;
  const exactlyOnce = { grewBy, paidAmongThem, pass: grewBy === drop.paidOrderIds.length && paidAmongThem === drop.paidOrderIds.length };
  return { drop, exactlyOnce, cost };
}

/**
 * The limited-stock drop: the demo seller starts a live pinning `productId` (the board stays
 * open), a warm-up drop buys it while it sells without a count, then it gets `units` units and
 * the shoppers race for them through the live's link. Returns the drop, the database's
 * figures and the verdict.
 */
async function limitedStockDrop(shop, host, options, productId) {
  const board = await openLiveBoard({
    port: shop.port,
    mainHost: `localhost:${shop.port}`,
    seller: DEMO_SELLER,
    productId,
    timeoutMs: DROP_REQUEST_TIMEOUT_MS,
  });
  const run = (shoppers, soldOutText) =>
    runLiveDrop({
      port: shop.port,
      host,
      shoppers,
      concurrency: options.concurrency,
      timeoutMs: DROP_REQUEST_TIMEOUT_MS,
      timeLimitMs: DROP_TIME_LIMIT_MS,
      liveCode: board.code,
      soldOutText,
    });
  let drop = null;
  try {
    await run(Math.min(WARM_UP_SHOPPERS, options.shoppers), null);
    const afterOrderId = await putUnitsOnSale(shop.databaseUrl, productId, options.units);
    const meter = await startCostMeter(shop);
    drop = await run(options.shoppers, SOLD_OUT_TEXT);
    // Per checkout completed: the refused shoppers' requests are part of what the units cost.
    const cost = costPerCheckout(await meter.stop(), drop.completed);
    const figures = await stockDropFigures(shop.databaseUrl, productId, afterOrderId);
    return { drop, units: options.units, figures, verdict: judgeStockDrop(drop, figures, options.units), cost };
  } finally {
    await board.finish(drop?.paidAt ?? new Map());
  }
}

/** Runs `measure` and returns its result, or prints why it failed and returns null. */
async function part(name, measure) {
  console.log(`\n== ${name}`);
  try {
    return await measure();
  } catch (error) {
    console.error(`${name} failed: ${error.stack ?? error}`);
    return null;
  }
}

/**
 * The default run, on SQLite; figures into docs/performance.md. First one process (server.js
 * with WEB_CONCURRENCY=1): the A/B pair with the bare app, itself one process, and the drop a
 * single process holds. Then the node as `npm start` runs it (one worker process per core):
 * the drop, the drop through a live's link and the JavaScript.
 */
async function benchSqlite(options, { dir, log, loadAverage }) {
  const port = options.port;
  const host = `demo.localhost:${port}`;
  const workers = os.availableParallelism();
  const sections = {};
  let exactlyOnceFailed = false;
  const drop = async (shop, liveCode) => {
    const result = await liveDrop(shop, host, options, liveCode);
    exactlyOnceFailed ||= !result.exactlyOnce.pass;
    return result;
  };

  if (options.parts.includes("http") || options.parts.includes("drop")) {
    console.log("\nOne process (WEB_CONCURRENCY=1)");
    const shop = await startShopOnSqlite({ port, dir: path.join(dir, "one-process"), log, workers: 1 });
    try {
      const { cards, productId } = await readCatalogue(port, host);
      console.log(`Shop: http://${host}/products (${cards} product cards on the catalogue page; checkout of product ${productId})`);
      // The drop first, as on the node below: each part measures a server that was at rest.
      if (options.parts.includes("drop")) {
        sections.dropOneProcess = await part("Live drop, one process", async () => {
          const { drop: figures, exactlyOnce, cost } = await drop(shop);
          return `${dropSection(figures, exactlyOnce, { judged: false })}\n\n${costSection(cost)}`;
        });
      }
      if (options.parts.includes("http"))
        sections.http = await part("HTTP throughput", () => throughput(port, host, cards, productId, options));
    } finally {
      await shop.stop();
    }
  }

  if (options.parts.includes("fresh")) {
    sections.fresh = await part("A fresh node's first drop", async () => {
      const fresh = await measureFreshNode({
        port,
        host,
        dir: path.join(dir, "fresh"),
        log,
        shoppers: options.shoppers,
        concurrency: options.concurrency,
        timeoutMs: DROP_REQUEST_TIMEOUT_MS,
        timeLimitMs: DROP_TIME_LIMIT_MS,
      });
      exactlyOnceFailed ||= !fresh.exactlyOnce.pass;
      return freshNodeSection(fresh);
    });
  }

  if (options.parts.some((name) => name !== "http" && name !== "fresh")) {
    console.log(`\nOne node as \`npm start\` runs it (${workers} worker processes, one per core)`);
    const shop = await startShopOnSqlite({ port, dir: path.join(dir, "node"), log });
    try {
      const { productId } = await readCatalogue(port, host);
      if (options.parts.includes("drop")) {
        sections.drop = await part("Live drop", async () => {
          const { drop: figures, exactlyOnce, cost } = await drop(shop);
          return `${dropSection(figures, exactlyOnce)}\n\n${costSection(cost)}`;
        });
      }
      if (options.parts.includes("live")) {
        sections.live = await part("Live drop through a live's link, with the live board open", async () => {
          const board = await openLiveBoard({
            port,
            mainHost: `localhost:${port}`,
            seller: DEMO_SELLER,
            productId,
            timeoutMs: DROP_REQUEST_TIMEOUT_MS,
          });
          const { drop: figures, exactlyOnce, cost } = await drop(shop, board.code);
          return `${liveSection(figures, exactlyOnce, await board.finish(figures.paidAt))}\n\n${costSection(cost)}`;
        });
      }
      // Before the limited-stock drop, which sells out the product whose checkout it measures.
      if (options.parts.includes("js")) sections.js = await part("JavaScript per page", () => javaScript(host, port, productId));
      if (options.parts.includes("stock")) {
        sections.stock = await part("Limited-stock drop through a live's link", async () => {
          const stock = await limitedStockDrop(shop, host, options, productId);
          exactlyOnceFailed ||= !stock.verdict.pass;
          return `${stockSection(stock.drop, stock)}\n\n${costSection(stock.cost)}`;
        });
      }
      if (options.parts.includes("claims")) {
        sections.claims = await part("Claims burst on a live", async () => {
          const burst = await runClaimsBurst({
            port,
            mainHost: `localhost:${port}`,
            seller: DEMO_SELLER,
            units: CLAIM_UNITS,
            comments: CLAIM_COMMENTS,
            concurrency: options.concurrency,
            timeoutMs: DROP_REQUEST_TIMEOUT_MS,
            databaseUrl: shop.databaseUrl,
          });
          exactlyOnceFailed ||= !burst.pass;
          return claimsSection(burst);
        });
      }
    } finally {
      await shop.stop();
    }
  }

  const node = `one node, ${workers} worker processes (one per core, as \`npm start\` runs it), SQLite`;
  const markdown = [
    machineLine(loadAverage),
    sections.http && `### Throughput (one process)\n\n${sections.http}`,
    sections.drop && `### Live drop (${node})\n\n${sections.drop}`,
    sections.dropOneProcess &&
      `### Live drop in one process (\`WEB_CONCURRENCY=1\`, SQLite; for comparison, the targets are the node's)\n\n${sections.dropOneProcess}`,
    sections.live && `### Live drop through a live's link, with the live board open (${node})\n\n${sections.live}`,
    sections.stock && `### Limited-stock drop through a live's link (${node})\n\n${sections.stock}`,
    sections.claims && `### Claims burst on a live (${node})\n\n${sections.claims}`,
    sections.js && `### JavaScript shipped per page type\n\n${sections.js}`,
    sections.fresh && `### A fresh node's first drop, and its idle memory (${node})\n\n${sections.fresh}`,
  ]
    .filter(Boolean)
    .join("\n\n");
  const expected = options.parts.flatMap((name) => (name === "drop" ? ["drop", "dropOneProcess"] : [name]));
  return {
    markdown,
    complete: expected.every((name) => sections[name]),
    writes: [{ file: "docs/performance.md", marker: "bench", markdown }],
    exactlyOnceFailed,
  };
}

/** Catalogue, bare page (A/B, one after the other), checkout page and products API under autocannon. */
async function throughput(port, host, cards, productId, options) {
  const bare = await startBareApp({ port: port + 1, cards });
  const targets = [
    { key: "catalogue", label: "shop catalogue `/products`", port, host, path: "/products" },
    // Next to the catalogue: the A/B pair is measured under the same conditions.
    { key: "bare", label: `bare React Router page, ${cards} cards`, port: port + 1, host: `127.0.0.1:${port + 1}`, path: "/products" },
    // What a CDN in front costs the node: it keeps the page and revalidates it with its ETag.
    {
      key: "revalidated",
      label: "shop catalogue revalidated by a CDN (`If-None-Match`, 304)",
      port,
      host,
      path: "/products",
      headers: { "if-none-match": (await responseHeaders({ port, host, path: "/products" })).etag },
      expect: 304,
    },
    { key: "checkout", label: `shop checkout \`/?product_id=${productId}\``, port, host, path: `/?product_id=${productId}` },
    { key: "api", label: "products API `/api/v1/shop/products/`", port, host, path: "/api/v1/shop/products/" },
  ];
  const rows = [];
  try {
    for (const target of targets) {
      process.stdout.write(`${target.label}... `);
      const result = await measureThroughput({ ...target, duration: options.duration });
      console.log(`${result.requestsPerSecond.toFixed(1)} requests/s`);
      rows.push({ ...target, result });
    }
  } finally {
    await bare.stop();
  }
  const byKey = Object.fromEntries(rows.map((row) => [row.key, row.result]));
  return httpSection({ duration: options.duration, rows, ratio: byKey.catalogue.requestsPerSecond / byKey.bare.requestsPerSecond });
}

/** The gzipped JavaScript of the catalogue, the checkout (before and once in its form) and the landing page. */
async function javaScript(host, port, productId) {
  return javaScriptSection(
    await measureJavaScript([
      { kind: "catalogue", label: "shop catalogue `/products`", url: `http://${host}/products` },
      {
        kind: "checkout",
        label: `shop checkout \`/?product_id=${productId}\` (shipping step)`,
        url: `http://${host}/?product_id=${productId}`,
      },
      {
        // The page's load plus what the first focus in the form fetches afterwards (issue 31
        // gives it a target of its own).
        kind: "checkoutInUse",
        label: "the same, once the shopper is in the form (its validation loads on first focus)",
        url: `http://${host}/?product_id=${productId}`,
        use: (page) => page.locator("[name=full_name]").focus(),
      },
      { kind: "landing", label: "main site landing `/`", url: `http://localhost:${port}/` },
    ]),
  );
}

/**
 * `--database postgres`: each cluster size on a fresh PostgreSQL; figures into docs/scaling.md,
 * with the capacity model computed from the run's costs per checkout. `--pin`: PostgreSQL, the
 * nodes, HAProxy and this process each on CPUs of their own (bench/pinning.js), the figures
 * and the model's check against them into their own section.
 */
async function benchPostgres(options, { dir, log, loadAverage }) {
  const port = options.port;
  const host = `demo.localhost:${port}`;
  const runs = [];
  let complete = true;
  if (options.pin) ensureTaskset();
  for (const nodes of options.nodes) {
    // All the machine's CPUs: this process may already be pinned to some (availableParallelism counts those).
    const pin = options.pin ? pinPlan(os.cpus().length, nodes) : null;
    console.log(`\n== ${nodes} node${nodes > 1 ? "s" : ""} on PostgreSQL behind HAProxy${pin ? " (pinned)" : ""}`);
    if (pin) {
      pinTree([process.pid], pin.harness);
      console.log(
        `CPUs: PostgreSQL ${pin.database}, nodes ${pin.nodes.join(" ")}${pin.shared ? " (shared)" : ""}, client and HAProxy ${pin.harness}`,
      );
    }
    const shop = await startShopOnPostgres({ port, count: nodes, dir: path.join(dir, `nodes-${nodes}`), log, pin });
    const run = { nodes, pin };
    try {
      // The demo shop answers through HAProxy before anything is measured.
      await readCatalogue(port, host);
      if (options.parts.includes("http")) {
        run.http = await part(`Catalogue throughput, ${nodes} node(s)`, () =>
          measureThroughput({ port, host, path: "/products", duration: options.duration }),
        );
        if (run.http) console.log(`${run.http.requestsPerSecond.toFixed(1)} requests/s`);
      }
      if (options.parts.includes("drop")) {
        Object.assign(run, await part(`Live drop, ${nodes} node(s)`, () => liveDrop(shop, host, options)));
        if (run.drop) console.log(`${dropSection(run.drop, run.exactlyOnce)}\n\n${costSection(run.cost)}`);
        if (run.cost && pin) run.ceiling = predictedCeiling(cpuSets(pin), groupCosts(run.cost));
      }
      if (options.parts.includes("stock")) {
        const { productId } = await readCatalogue(port, host);
        run.stock = await part(`Limited-stock drop, ${nodes} node(s)`, () => limitedStockDrop(shop, host, options, productId));
        if (run.stock) console.log(`${stockSection(run.stock.drop, run.stock)}\n\n${costSection(run.stock.cost)}`);
      }
    } finally {
      await shop.stop();
    }
    complete &&= options.parts.every((name) => run[name]);
    runs.push(run);
  }
  const pinned = options.pin ? ", each part pinned to its CPUs (`--pin`)" : "";
  const markdown = [
    machineLine(loadAverage),
    `Catalogue page: autocannon, ${CONNECTIONS} connections, ${options.duration} s after a ${WARM_UP_SECONDS} s warm-up. Live drop: ${options.shoppers} shoppers, ` +
      `${options.concurrency} at once (the journey of docs/performance.md). Each node count on a fresh PostgreSQL 15 with the demo shop, ` +
      `behind HAProxy configured as \`npm run cluster\` does (\`scripts/balancer.js\`), on the same machine as the benchmark${pinned}.`,
    (options.parts.includes("http") || options.parts.includes("drop")) && nodesSection(runs),
    options.parts.includes("drop") &&
      `Cost per completed checkout of the live drop (CPU from the processes' own accounting; statements and round trips counted by the app's driver; WAL from the server):\n\n${nodesCostSection(runs, "drop")}`,
    options.pin && options.parts.includes("drop") && `The capacity model checked against this run's own costs:\n\n${pinnedSection(runs)}`,
    options.parts.includes("stock") &&
      `Limited-stock drop (issue 27): ${options.shoppers} shoppers, ${options.concurrency} at once, race through a live's link for ` +
        `${options.units} units of its pinned product, the live board open; the checks of docs/performance.md.\n\n${stockNodesSection(runs)}`,
    options.parts.includes("stock") &&
      `Cost per paid checkout of the limited-stock drop (the refused shoppers' requests included):\n\n${nodesCostSection(runs, "stock")}`,
  ]
    .filter(Boolean)
    .join("\n\n");
  const writes = [{ file: "docs/scaling.md", marker: options.pin ? "bench-pinned" : "bench-nodes", markdown }];
  // The model comes from unpinned runs: pinned on a machine with too few CPUs, the nodes share
  // one and each checkout costs more than on a node of its own (docs/scaling.md, "Pinned runs").
  const model = options.pin ? null : modelFromRuns(runs);
  if (model) writes.push({ file: "docs/scaling.md", marker: "capacity-model", markdown: model });
  return {
    markdown: [markdown, model].filter(Boolean).join("\n\n"),
    complete,
    writes,
    exactlyOnceFailed: runs.some((run) => (run.exactlyOnce && !run.exactlyOnce.pass) || (run.stock && !run.stock.verdict.pass)),
  };
}

/** A cost per checkout by the names of bench/cost.js's process groups. */
const groupCosts = (cost) => ({ app: cost.appMs, database: cost.databaseMs, balancer: cost.balancerMs, client: cost.clientMs });

/** The capacity model from the live drops' mean cost over the run's node counts, or null without one. */
function modelFromRuns(runs) {
  const costs = runs.map((run) => run.cost).filter((cost) => cost && cost.appMs !== null && cost.databaseMs !== null);
  if (!costs.length) return null;
  const mean = (key) =>
    costs.some((cost) => cost[key] === null) ? null : costs.reduce((total, cost) => total + cost[key], 0) / costs.length;
  const measured = { appMs: mean("appMs"), databaseMs: mean("databaseMs"), walKb: mean("walKb"), commits: mean("commits") };
  const nodeCounts = runs.filter((run) => run.cost).map((run) => run.nodes);
  const source =
    `the PostgreSQL run of ${new Date().toISOString().slice(0, 10)} ` +
    `(the live drop's cost per checkout, the mean over ${nodeCounts.join(", ")} node${nodeCounts.length > 1 || nodeCounts[0] > 1 ? "s" : ""})`;
  return capacitySection(capacityModel(measured), { ...measured, source }, ASSUMPTIONS);
}

// The project's root, whatever the current directory: server.js, the builds and the docs are found from there.
process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), ".."));
const options = readOptions();
process.on("SIGINT", () => {
  console.log("\nInterrupted: stopping the servers");
  void stopEverything().finally(() => process.exit(130));
});

const loadAverage = os.loadavg()[0];
ensureBuild();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-"));
// The servers' own output (warnings, errors, the mails of 300 orders) would bury the figures:
// it goes to a file kept after the run.
const logFile = `${dir}.log`;
const logStream = fs.createWriteStream(logFile);
const log = (line) => logStream.write(`${line}\n`);
console.log(`Servers' output: ${logFile}`);
let result;
try {
  result = await (options.postgres ? benchPostgres : benchSqlite)(options, { dir, log, loadAverage });
} catch (error) {
  console.error(`The benchmark could not run: ${error.stack ?? error}\n(the servers' output is in ${logFile})`);
  await stopEverything();
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
  await new Promise((resolve) => logStream.end(resolve));
}
if (!result) process.exit(1);

console.log(`\n${result.markdown}\n`);
const files = [...new Set(result.writes.map((write) => write.file))].join(", ");
if (result.complete && options.full) {
  for (const { file, marker, markdown } of result.writes) writeSection(file, marker, markdown);
  console.log(`Written to ${files}.`);
} else {
  console.log(`${files} left as it was (${result.complete ? "a partial run" : "a part failed"}).`);
}
process.exit(result.complete && !result.exactlyOnceFailed ? 0 : 1);
