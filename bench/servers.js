// The servers a benchmark run measures, each on a throwaway database, each with a stop():
// the shop on SQLite (one `node server.js`, one or more worker processes), the shop on PostgreSQL (K nodes behind the
// cluster's HAProxy, assembled with scripts/cluster.js's pieces and scripts/balancer.js), and the bare React
// Router app (bench/bare). Ports: the shop (or its balancer) on `port`, PostgreSQL on port+2,
// the bare app on port+1, the cluster's nodes from port+10.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { migrate, nodeEnvironment, startNode, stopNode, waitUntilReady } from "../scripts/cluster.js";
import { ensureBuild } from "../scripts/ensure-build.js";
import { ensureHaproxy, startBalancer } from "../scripts/balancer.js";
import { start as startPostgres } from "../scripts/postgres-server.js";
import { pinTree } from "./pinning.js";

const BARE_READY_TIMEOUT_MS = 60_000;
const READY_CHECK_TIMEOUT_MS = 30_000;

/**
 * What every shop node of the benchmark runs with: production, the demo shop seeded on the
 * fresh database, the simulated payment provider, mail kept in the outbox, and warnings and
 * errors only in the log (a line per request would have to be read and written by the
 * benchmark, on the same cores as the server).
 */
export function shopEnvironment(env) {
  const result = { ...env, NODE_ENV: "production", SEED_DEMO: "1", PAYMENT_PROVIDER: "simulated", LOG_LEVEL: "warn" };
  delete result.SMTP_URL;
  return result;
}

/** The folder where the shop's processes write their statement counts (db/statement-stats.ts, bench/cost.js). */
function statementStatsDir(dir) {
  const stats = path.join(dir, "statement-stats");
  fs.mkdirSync(stats, { recursive: true });
  return stats;
}

// What is running: the stop() of each server, for stopEverything() (Ctrl-C, a failure), and
// their processes, killed if the benchmark exits without stopping them (a failed build exits
// at once; the shop's nodes run in process groups of their own, out of reach of Ctrl-C).
const running = new Set();
const processGroups = [];
process.on("exit", () => {
  for (const { child } of processGroups.flat()) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

let stoppedEverything = false;

/** `stop` made to run once (a second caller waits for the first), and known to stopEverything(). */
function track(stop) {
  let stopping = null;
  const tracked = () => {
    running.delete(tracked);
    stopping ??= stop();
    return stopping;
  };
  running.add(tracked);
  return tracked;
}

/** No server starts once stopEverything() was called (an interrupted run is not to go on). */
function refuseAfterStop() {
  if (stoppedEverything) throw new Error("The benchmark is stopping: no new server is started.");
}

/** Stops whatever is still running, the most recently started first, and starts nothing more. */
export async function stopEverything() {
  stoppedEverything = true;
  for (const stop of [...running].reverse()) await stop();
}

/**
 * One production node on a SQLite file in `dir`, with `workers` processes (default: one per core). TRUST_PROXY=1: the benchmark plays the proxy
 * in front, each simulated shopper arriving from its own X-Forwarded-For address. The node's
 * output (warnings, errors, the mails it would send) goes to `log`, line by line. The result
 * says what bench/cost.js measures: its processes, where they write their statement counts.
 */
export async function startShopOnSqlite({ port, dir, log, workers }) {
  refuseAfterStop();
  const stats = statementStatsDir(dir);
  const env = shopEnvironment({
    ...process.env,
    // Worker processes of the node: server.js's default (one per core) unless given.
    ...(workers ? { WEB_CONCURRENCY: String(workers) } : {}),
    HOST: "127.0.0.1",
    ROOT_DOMAIN: `localhost:${port}`,
    DATABASE_URL: `file:${dir}/app.db`,
    UPLOAD_DIR: `${dir}/uploads`,
    TRUST_PROXY: "1",
    DB_STATEMENT_STATS: stats,
  });
  const node = startNode({ name: "shop", port, env, log });
  processGroups.push([node]);
  const stop = track(() => stopNode(node));
  try {
    await waitUntilReady(node);
  } catch (error) {
    await stop();
    throw error;
  }
  // The node's first process (a cluster's primary): the fresh-node part reads its memory and its workers'.
  return {
    port,
    databaseUrl: env.DATABASE_URL,
    pid: node.child.pid,
    stop,
    engine: "sqlite",
    statementStatsDir: stats,
    processes: { app: [node.child.pid] },
  };
}

/**
 * A throwaway PostgreSQL, migrated once, `count` nodes on it and HAProxy on `port`, as
 * `npm run cluster` runs them. TRUST_PROXY=2: the shopper's own X-Forwarded-For address, then
 * HAProxy's entry. The nodes' and HAProxy's output goes to `log`. With `pin` (bench/pinning.js's
 * pinPlan), PostgreSQL, each node and HAProxy run on the CPUs it gives them.
 */
export async function startShopOnPostgres({ port, count, dir, log, pin = null }) {
  refuseAfterStop();
  // Missing, it is installed (as root) or reported before anything starts.
  const haproxy = ensureHaproxy();
  const stats = statementStatsDir(dir);
  const postgres = await startPostgres({ port: port + 2, statementStats: true });
  const nodes = [];
  processGroups.push(nodes);
  let balancer = null;
  const stop = track(async () => {
    if (balancer) await balancer.stop();
    await Promise.all(nodes.map(stopNode));
    await postgres.stop();
  });
  try {
    const sessionSecret = crypto.randomBytes(32).toString("hex");
    // The nodes reach the database beside them through its Unix socket, as an operator would
    // configure them on one machine (docs/scaling.md: 7% more checkouts/s than over TCP).
    migrate({ databaseUrl: postgres.socketUrl, sessionSecret });
    const env = shopEnvironment({
      ...nodeEnvironment({ databaseUrl: postgres.socketUrl, sessionSecret, rootDomain: `localhost:${port}`, uploadDir: `${dir}/uploads` }),
      TRUST_PROXY: "2",
      // Nodes as processes: 1 and 2 nodes compare one process with two.
      WEB_CONCURRENCY: "1",
      DB_STATEMENT_STATS: stats,
    });
    // All together, as `npm run cluster` starts them, but only node1 adds the demo data:
    // nodes that all add it to one empty database race, and all but one fail (until the node
    // itself makes its seeding safe).
    const started = Array.from({ length: count }, (_, index) =>
      startNode({ name: `node${index + 1}`, port: port + 10 + index, env: index === 0 ? env : { ...env, SEED_DEMO: "0" }, log }),
    );
    nodes.push(...started);
    await Promise.all(started.map(waitUntilReady));
    balancer = await startBalancer({
      port,
      nodes: nodes.map((node) => ({ name: node.name, port: node.port })),
      haproxy,
      // A node the benchmark saturates answers its /readyz late (its `select 1` waits for a
      // pooled connection behind the requests), not never: with the cluster's 2 s it could be
      // taken out of rotation, and a one-node cluster would then answer 503 (docs/scaling.md).
      // A dead node still fails its checks at once: its connections are refused.
      checkTimeoutMs: READY_CHECK_TIMEOUT_MS,
      log: (line) => log(`balancer | ${line}`),
    });
    processGroups.push([balancer]);
    if (pin) {
      pinTree([postgres.pid], pin.database);
      nodes.forEach((node, index) => pinTree([node.child.pid], pin.nodes[index]));
      pinTree([balancer.child.pid], pin.harness);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    port,
    databaseUrl: postgres.url,
    stop,
    engine: "postgres",
    statementStatsDir: stats,
    processes: { app: nodes.map((node) => node.child.pid), database: [postgres.pid], balancer: [balancer.child.pid] },
  };
}

function answers(port, path) {
  return new Promise((resolve) => {
    const request = http.get({ host: "127.0.0.1", port, path, agent: false, timeout: 1000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(false));
  });
}

/**
 * The bare React Router app, built when its sources changed (`react-router build bench/bare`,
 * packages from the project's node_modules), serving `cards` product cards on /products.
 */
export async function startBareApp({ port, cards }) {
  refuseAfterStop();
  ensureBuild({
    label: "Bare React Router app: ",
    marker: "bench/bare/build/server/index.js",
    sources: [
      "bench/bare/app",
      "bench/bare/vite.config.ts",
      "bench/bare/react-router.config.ts",
      "bench/bare/server.js",
      "package-lock.json",
    ],
    command: [process.execPath, "node_modules/@react-router/dev/bin.js", "build", "bench/bare"],
  });
  const child = spawn(process.execPath, ["bench/bare/server.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), BARE_CARDS: String(cards) },
    stdio: ["ignore", "ignore", "inherit"],
  });
  processGroups.push([{ child }]);
  const exited = new Promise((resolve) => child.on("exit", resolve));
  const stop = track(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
  });
  const deadline = Date.now() + BARE_READY_TIMEOUT_MS;
  while (!(await answers(port, "/products"))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The bare app did not answer on port ${port} (exit ${child.exitCode ?? "none yet"}).`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { port, stop };
}
