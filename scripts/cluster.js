// `npm run cluster`: the product as several nodes on one machine. Builds if needed, starts a
// throwaway PostgreSQL (scripts/postgres-server.js) unless DATABASE_URL names a database,
// migrates it once (`npm run db:migrate`), starts CLUSTER_NODES app nodes (`node server.js`,
// default 2) together on ports PORT+1..PORT+N, as an orchestrator would, then HAProxy in
// front of them on PORT (default 3000; scripts/balancer.js writes its configuration), and
// prints the URLs. Ctrl-C or SIGTERM stops HAProxy first (no new requests; those under way
// finish), then the nodes with SIGTERM (each drains its requests), then PostgreSQL.
//
//   npm run cluster                              # PostgreSQL, 2 nodes, balancer on :3000
//   CLUSTER_NODES=3 PORT=8000 npm run cluster
//   CLUSTER_DATABASE=sqlite npm run cluster      # every node on one SQLite file (WAL works across processes)
//   DATABASE_URL=postgres://... npm run cluster  # an existing PostgreSQL, left running on stop
//
// The rest of the environment (SMTP_URL, PAYMENT_PROVIDER, LOG_LEVEL, ...) reaches every node
// unchanged.
//
// The pieces are exported for the benchmark (scripts/bench.js), which assembles clusters the
// same way: `migrate`, `nodeEnvironment`, `startNode`, `waitUntilReady`, `stopNode` (and
// scripts/balancer.js).
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import { ensureBuild } from "./ensure-build.js";
import { ensureHaproxy, startBalancer } from "./balancer.js";
import { start as startPostgres } from "./postgres-server.js";

const NODE_READY_TIMEOUT_MS = 120_000;
// More than server.js's own 10 s grace: a node is killed only if it did not stop by itself.
const NODE_STOP_TIMEOUT_MS = 15_000;

function fail(message) {
  console.error(message);
  process.exit(1);
}

function readSettings(env) {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`PORT: must be a port number (got ${env.PORT})`);
  const nodeCount = Number(env.CLUSTER_NODES ?? 2);
  if (!Number.isInteger(nodeCount) || nodeCount < 1 || nodeCount > 32)
    fail(`CLUSTER_NODES: must be a whole number from 1 to 32 (got ${env.CLUSTER_NODES})`);
  if (port + nodeCount > 65535) fail(`PORT: the nodes need ports ${port + 1}..${port + nodeCount}`);
  const database = env.CLUSTER_DATABASE ?? "postgres";
  if (!["postgres", "sqlite"].includes(database)) fail(`CLUSTER_DATABASE: must be postgres or sqlite (got ${database})`);
  const rootDomain = env.ROOT_DOMAIN ?? `localhost:${port}`;
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    nodeCount,
    database,
    databaseUrl: env.DATABASE_URL,
    rootDomain,
    mainUrl: `${env.PUBLIC_SCHEME ?? "http"}://${rootDomain}`,
    // One secret for every node: a flash cookie signed by one node is read by the next. A fresh
    // one per run is enough for a local cluster (sessions are rows; only pending flash messages
    // of a previous run become unreadable).
    sessionSecret: env.SESSION_SECRET ?? crypto.randomBytes(32).toString("hex"),
    // Uploads are database rows; the folder only holds files an earlier version wrote there,
    // served by every node.
    uploadDir: path.resolve(env.UPLOAD_DIR ?? "./data/uploads"),
  };
}

/** GET /readyz answered 200. */
function isReady(port) {
  return new Promise((resolve) => {
    const request = http.get({ host: "127.0.0.1", port, path: "/readyz", agent: false, timeout: 1000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(false));
  });
}

/**
 * Starts one `node server.js` as a child. Its banner (URLs, demo logins: the same for every
 * node) is kept in `banner` rather than printed; its other lines go to `log` with its name.
 */
export function startNode({ name, port, env, log = console.log }) {
  // Its own process group: Ctrl-C in the terminal reaches only this script, which stops the
  // balancer before it asks the nodes to stop (else they would drain while still in rotation).
  const child = spawn(process.execPath, ["server.js"], {
    env: { ...env, PORT: String(port) },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const node = { name, port, child, banner: [], exitCode: undefined };
  node.exited = new Promise((resolve) => child.on("exit", (code, signal) => resolve((node.exitCode = code ?? signal))));
  let inBanner = false;
  const onLine = (line) => {
    if (line.includes("Main site:")) inBanner = true;
    if (inBanner) {
      if (line.trim() === "") inBanner = false;
      else node.banner.push(line);
      return;
    }
    if (line.trim() !== "") log(`${name} | ${line}`);
  };
  readline.createInterface({ input: child.stdout }).on("line", onLine);
  readline.createInterface({ input: child.stderr }).on("line", onLine);
  return node;
}

export async function waitUntilReady(node) {
  const deadline = Date.now() + NODE_READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (node.exitCode !== undefined) {
      throw new Error(`${node.name} exited (${node.exitCode}) while starting (its output is above).`);
    }
    // The banner too: it is printed once the node listens, with the URLs shown below.
    if (node.banner.length > 0 && (await isReady(node.port))) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${node.name} was not ready after ${NODE_READY_TIMEOUT_MS / 1000} s`);
}

export async function stopNode(node) {
  if (node.exitCode !== undefined) return;
  node.child.kill("SIGTERM");
  const timer = setTimeout(() => node.child.kill("SIGKILL"), NODE_STOP_TIMEOUT_MS);
  await node.exited;
  clearTimeout(timer);
}

/** Applies the migrations once, before any node: nodes never race on the schema. (The script `npm run db:migrate` runs.) */
export function migrate({ databaseUrl, sessionSecret }) {
  const migrated = spawnSync(process.execPath, ["scripts/migrate.js"], {
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: databaseUrl, SESSION_SECRET: sessionSecret },
  });
  if (migrated.status !== 0) throw new Error("Migrating the database failed (see above).");
}

/** The environment every node of a cluster gets. */
export function nodeEnvironment({ databaseUrl, sessionSecret, rootDomain, uploadDir }) {
  return {
    ...process.env,
    NODE_ENV: "production",
    // The nodes are reached through the balancer only.
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    SESSION_SECRET: sessionSecret,
    ROOT_DOMAIN: rootDomain,
    UPLOAD_DIR: uploadDir,
    // The balancer is the one proxy in front: the client address is the last X-Forwarded-For entry.
    TRUST_PROXY: "1",
    // Each node one process (the nodes share this machine's cores already), unless asked.
    WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "1",
  };
}

/**
 * Starts `count` nodes together, as an orchestrator would, on ports
 * firstPort..firstPort+count-1, and resolves once all are ready. The started nodes are pushed
 * to `started` at once, so that a caller stopping everything (a signal, a failure) stops them.
 */
async function startNodes({ count, firstPort, env, started, log = console.log }) {
  const nodes = Array.from({ length: count }, (_, index) => startNode({ name: `node${index + 1}`, port: firstPort + index, env, log }));
  log(`Starting ${nodes.map((node) => node.name).join(", ")}...`);
  started.push(...nodes);
  await Promise.all(nodes.map(waitUntilReady));
}

// `node scripts/cluster.js` (`npm run cluster`): the cluster until Ctrl-C.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const settings = readSettings(process.env);
  const running = { balancer: null, nodes: [], postgres: null };
  let stopping = false;

  /** Balancer first (no new requests), then the nodes (each finishes its own), then the database. */
  const stopAll = async () => {
    if (running.balancer) {
      await running.balancer.stop();
      console.log("HAProxy stopped");
    }
    await Promise.all(running.nodes.map(stopNode));
    for (const node of running.nodes) console.log(`${node.name} stopped (${node.exitCode === 0 ? "drained" : `exit ${node.exitCode}`})`);
    if (running.postgres) {
      await running.postgres.stop();
      console.log("PostgreSQL stopped (its throwaway data was deleted)");
    }
  };

  const shutDown = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping HAProxy, then the nodes, then the database`);
    await stopAll();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutDown("SIGINT"));
  process.on("SIGTERM", () => void shutDown("SIGTERM"));
  // Whatever ends this script, neither HAProxy nor a node outlives it (they are in their own process groups).
  process.on("exit", () => {
    for (const child of [running.balancer, ...running.nodes]) if (child && child.exitCode === undefined) child.child.kill("SIGKILL");
  });

  const main = async () => {
    ensureBuild();
    // Before anything starts: a missing HAProxy is installed (as root) or reported first.
    const haproxy = ensureHaproxy();

    let databaseUrl = settings.databaseUrl;
    let databaseLabel;
    if (databaseUrl) {
      databaseLabel = `${databaseUrl} (from DATABASE_URL)`;
    } else if (settings.database === "sqlite") {
      databaseUrl = "file:./data/app.db";
      databaseLabel = `${databaseUrl} (SQLite, shared by the nodes)`;
    } else {
      console.log("Starting PostgreSQL...");
      running.postgres = await startPostgres();
      // The nodes run on this machine: through the server's Unix socket.
      databaseUrl = running.postgres.socketUrl;
      databaseLabel = `${databaseUrl} (throwaway: deleted on stop)`;
    }

    migrate({ databaseUrl, sessionSecret: settings.sessionSecret });
    // The database chosen above, not settings' own (DATABASE_URL's value, often none).
    const env = nodeEnvironment({ ...settings, databaseUrl });
    await startNodes({ count: settings.nodeCount, firstPort: settings.port + 1, env, started: running.nodes });
    if (stopping) return;

    running.balancer = await startBalancer({
      port: settings.port,
      host: settings.host,
      nodes: running.nodes.map((node) => ({ name: node.name, port: node.port })),
      haproxy,
      log: (line) => console.log(`balancer | ${line}`),
    });
    // A signal while it started found no balancer to stop: stop it here.
    if (stopping) return void (await running.balancer.stop());
    void running.balancer.exited.then((code) => {
      if (!stopping) console.log(`HAProxy exited (${code}): the cluster no longer answers on port ${settings.port}`);
    });
    for (const node of running.nodes) {
      void node.exited.then((code) => {
        if (!stopping) console.log(`${node.name} exited (${code}); HAProxy takes it out after two failed /readyz checks`);
      });
    }

    const banner = running.nodes[0].banner.filter((line) => !line.includes("Main site:") && !line.includes("Demo shop:"));
    console.log(`
  Cluster:    ${settings.nodeCount} node${settings.nodeCount > 1 ? "s" : ""} behind HAProxy on port ${settings.port} (${running.balancer.configFile})
  Main site:  ${settings.mainUrl}
  Demo shop:  ${settings.mainUrl.replace("://", "://demo.")}/products
${running.nodes.map((node) => `  ${`${node.name}:`.padEnd(12)}http://127.0.0.1:${node.port} (/readyz, /healthz)`).join("\n")}
  Database:   ${databaseLabel}
  Uploads:    in the database (earlier files: ${settings.uploadDir})
${banner.join("\n")}
  Ctrl-C stops HAProxy, then the nodes (each finishes its requests), then the database.
`);
  };

  try {
    await main();
  } catch (error) {
    console.error(error.message);
    if (!stopping) {
      stopping = true;
      await stopAll();
    }
    process.exit(1);
  }
}
