// The HTTP server: static files, then the app. `node server.js --dev` runs Vite in
// middleware mode; otherwise it serves the production build (see scripts/start.js), in
// WEB_CONCURRENCY worker processes (default: one per core) that share the port.
//
// A node of several workers has a primary that only supervises: it loads the build's small
// `supervisor.js` (the configuration and the event streams' counter), never the app, express
// or React (issue 31). The workers load the app together; the first to have loaded it
// migrates and seeds, the others wait for it before they prepare.
import cluster from "node:cluster";
import fs from "node:fs";
import http from "node:http";
import { fileURLToPath } from "node:url";

const DEVELOPMENT = process.argv.includes("--dev");
process.env.NODE_ENV ??= DEVELOPMENT ? "development" : "production";

const SHUTDOWN_GRACE_MS = 10_000;
// The messages between a worker and its primary about starting (the event streams' have their own).
const LOADED = "livecart:loaded";
const MAY_PREPARE = "livecart:may-prepare";
const PREPARED = "livecart:prepared";
const WARMED_UP = "livecart:warmed-up";
const NODE_WARMED_UP = "livecart:node-warmed-up";
const log = (level, msg, fields = {}) =>
  (level === "error" ? console.error : console.log)(JSON.stringify({ level, time: new Date().toISOString(), msg, ...fields }));

/** Runs `load`; a ConfigError (the environment is wrong) is printed without a stack and exits 1. */
async function exitOnConfigError(load) {
  try {
    return await load();
  } catch (error) {
    if (error?.constructor?.name === "ConfigError") {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

if (cluster.isPrimary && !DEVELOPMENT) {
  // Imported inside exitOnConfigError: evaluating it may already read the configuration.
  const supervisor = await exitOnConfigError(() => import("./build/server/supervisor.js"));
  const workers = await exitOnConfigError(() => supervisor.workerCount());
  if (workers > 1) runWorkers(workers, supervisor);
  else await serve();
} else {
  await serve();
}

/**
 * A process that serves: the whole node, or one of its workers. Prepares (migrations, demo
 * data, background work), listens, then warms up (server/warm-up.ts): `/healthz` answers at
 * once, `/readyz` 503 until the node has warmed up.
 */
async function serve() {
  const [{ default: express }, { default: compression }] = await Promise.all([import("express"), import("compression")]);
  const server = express();
  server.disable("x-powered-by");
  server.use(compression());

  let loadApp;
  if (DEVELOPMENT) {
    const vite = await import("vite");
    const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    server.use(viteDevServer.middlewares);
    loadApp = () => viteDevServer.ssrLoadModule("./server/app.ts");
  } else {
    loadApp = () => import("./build/server/index.js");
  }

  let built;
  let info;
  await exitOnConfigError(async () => {
    built = await loadApp();
    if (cluster.isWorker) await askPrimary({ tag: LOADED }, MAY_PREPARE);
    info = await built.prepare({ background: true });
  });

  // A worker answers `/readyz` for its node: ready once every worker has warmed up, which
  // the primary says. It answers that it was prepared with whether the node is warm already:
  // a worker that replaces another is ready as it listens (the others serve), and warms up too.
  if (cluster.isWorker) {
    process.on("message", (message) => {
      if (message?.tag === NODE_WARMED_UP && message.warmedUp) built.markWarmedUp();
    });
    await askPrimary({ tag: PREPARED, info }, NODE_WARMED_UP);
  }

  // Health answers for the load balancer come first: any Host, no session, no log line.
  server.use((req, res, next) => built.healthCheck(req, res, next));
  // Then: the request id, the request's log line, and a 400 for a Host no URL can be made of.
  server.use(built.requestEdge);
  // A stopping node asks its clients to reconnect elsewhere rather than keep this connection.
  server.use((req, res, next) => {
    if (built.isDraining()) res.set("Connection", "close");
    next();
  });

  if (!DEVELOPMENT) {
    // Static files carry the app's security headers (one definition, in the bundle).
    // HSTS depends on the host (a shop's custom domain: without includeSubDomains).
    const setHeaders = (res) => res.set(built.securityHeaders([], false, res.req.hostname));
    server.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", setHeaders }));
    // What else the build holds at its top level (favicon, demo images...): looked up by
    // name, so that a page request does not cost a failed stat() of the disk first.
    const topLevel = fs.readdirSync("build/client", { withFileTypes: true }).filter((entry) => entry.name !== "assets");
    const files = new Set(topLevel.filter((entry) => entry.isFile()).map((entry) => `/${entry.name}`));
    const folders = topLevel.filter((entry) => entry.isDirectory()).map((entry) => `/${entry.name}/`);
    const isStaticPath = (path) => files.has(path) || folders.some((folder) => path.startsWith(folder));
    const topLevelStatic = express.static("build/client", { maxAge: "1h", setHeaders, index: false });
    server.use((req, res, next) => (isStaticPath(req.path) ? topLevelStatic(req, res, next) : next()));
  }

  server.set("trust proxy", info.trustProxy);
  if (DEVELOPMENT) {
    // Reloaded per request, so that edits show without a restart.
    server.use(async (req, res, next) => {
      try {
        (await loadApp()).app(req, res, next);
      } catch (error) {
        next(error);
      }
    });
  } else {
    server.use(built.app);
  }

  // Requests take turns, so that a shopper arriving during a drop is not kept waiting behind
  // every request of those already connected (server/request-turns.ts).
  const turns = DEVELOPMENT ? null : built.takingTurns(server);
  const httpServer = http.createServer(turns ?? server);
  if (turns) httpServer.on("connection", turns.connectionArrived);
  const listening = new Promise((resolve) => httpServer.once("listening", resolve));
  httpServer.listen(info.port, info.host, () => {
    // A cluster's primary prints the banner once all its workers listen.
    if (!cluster.isWorker) printBanner(info);
  });

  // Graceful stop (SIGTERM from the orchestrator, Ctrl-C): stop accepting connections, claim no
  // more background work, let the requests under way finish, then close the database. A
  // request still running after SHUTDOWN_GRACE_MS is cut off (the orchestrator would kill us).
  let stopping = false;
  async function shutDown(signal) {
    if (stopping) return;
    stopping = true;
    log("info", "shutting down", { signal });
    setTimeout(() => {
      log("error", "shutdown timed out");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    const closed = new Promise((resolve) => httpServer.close(resolve));
    // Keep-alive connections left idle by a finished request would hold `close` open.
    const idleSweep = setInterval(() => httpServer.closeIdleConnections(), 100);
    httpServer.closeIdleConnections();
    await built.stopBackgroundWork();
    await closed;
    clearInterval(idleSweep);
    await built.closeDatabase();
    log("info", "shutdown complete");
    process.exit(0);
  }
  process.on("SIGTERM", () => void shutDown("SIGTERM"));
  process.on("SIGINT", () => void shutDown("SIGINT"));
  // A worker whose primary is gone (killed outright) stops too rather than serve on alone.
  if (cluster.isWorker) process.on("disconnect", () => void shutDown("primary gone"));

  // The pages once more through the port just opened: the HTTP server's code warms too.
  const address = { port: info.port, host: info.host, listening };
  // Development reloads the code per request: nothing to warm.
  if (DEVELOPMENT) built.markWarmedUp();
  else if (!cluster.isWorker) await built.warmUpNode({ address });
  else {
    await built.warmUpNode({ thenReady: false, address });
    process.send({ tag: WARMED_UP }, () => {});
  }
}

/** A worker's question to its primary, and the answer (listened for before the question leaves). */
function askPrimary(message, answerTag) {
  return new Promise((resolve) => {
    const onAnswer = (answer) => {
      if (answer?.tag !== answerTag) return;
      process.off("message", onAnswer);
      resolve(answer);
    };
    process.on("message", onAnswer);
    process.send(message);
  });
}

/**
 * The primary of a node with several workers: forks them (each runs this file and serves the
 * port; the primary hands out connections), lets the first that has loaded the app prepare the
 * database while the others wait, replaces one that dies, says when all have warmed up, and on SIGTERM/SIGINT stops
 * them all gracefully and exits 0 once every worker has. It serves nothing itself.
 */
function runWorkers(count, supervisor) {
  cluster.setupPrimary({ exec: fileURLToPath(import.meta.url), args: [] });
  let stopping = false;
  let listening = 0;
  let failedStarts = 0;
  // What the first worker prepared (the banner's URLs and logins); null until then.
  let info = null;
  // The worker preparing the database, and those waiting for it to be done.
  let preparing = null;
  const waiting = [];
  let nodeWarmedUp = false;
  const exitCodes = [];
  // Counted here: cluster.workers drops a worker only once it has both exited and
  // disconnected, in either order, so it may still list one whose exit is being handled.
  const running = new Set();
  const warmedUp = new Set();
  const fork = (replacing = null) => {
    const worker = cluster.fork();
    running.add(worker);
    // The node's limits on event streams hold across its workers: they ask here.
    supervisor.serveStreamSlots(worker);
    const startedAt = Date.now();
    let serving = false;
    worker.on("message", (message) => {
      if (message?.tag === LOADED) {
        if (info || !preparing) worker.send({ tag: MAY_PREPARE }, () => {});
        else waiting.push(worker);
        preparing ??= worker;
      } else if (message?.tag === PREPARED) {
        worker.send({ tag: NODE_WARMED_UP, warmedUp: nodeWarmedUp }, () => {});
        if (info) return;
        // The database is ready: the others prepare (and find nothing left to do).
        info = message.info;
        for (const other of waiting.splice(0)) other.send({ tag: MAY_PREPARE }, () => {});
      } else if (message?.tag === WARMED_UP) {
        warmedUp.add(worker);
        if (nodeWarmedUp || running.size < count || ![...running].every((other) => warmedUp.has(other))) return;
        nodeWarmedUp = true;
        for (const other of running) other.send({ tag: NODE_WARMED_UP, warmedUp: true }, () => {});
      }
    });
    worker.once("listening", () => {
      serving = true;
      listening += 1;
      if (replacing) log("info", "worker replaced", { pid: worker.process.pid, replacing });
      if (listening === count) printBanner(info);
    });
    worker.on("exit", (code, signal) => {
      running.delete(worker);
      warmedUp.delete(worker);
      if (stopping) {
        // A worker still starting has no handler yet: SIGTERM ends it at once, which is fine.
        exitCodes.push(!serving && signal === "SIGTERM" ? 0 : code);
        if (running.size === 0) process.exit(exitCodes.every((c) => c === 0) ? 0 : 1);
        return;
      }
      // The node could not start (the database unreachable...): the worker said why.
      if (!info) {
        for (const other of running) other.process.kill("SIGKILL");
        process.exit(code || 1);
      }
      log("error", "worker exited", { pid: worker.process.pid, code, signal });
      // A worker that cannot even start would be replaced forever: give up after three.
      if (Date.now() - startedAt < 10_000 && ++failedStarts >= 3) {
        log("error", "workers keep failing at start; stopping");
        stop("workers failing", 1);
        return;
      }
      fork(worker.process.pid);
    });
  };
  const stop = (signal, code = 0) => {
    if (stopping) return;
    stopping = true;
    if (code !== 0) exitCodes.push(code);
    log("info", "shutting down", { signal, workers: running.size });
    for (const worker of running) worker.process.kill("SIGTERM");
    if (running.size === 0) process.exit(code);
    setTimeout(() => {
      log("error", "shutdown timed out");
      for (const worker of running) worker.process.kill("SIGKILL");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + 2_000).unref();
  };
  for (let i = 0; i < count; i++) fork();
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

function printBanner(info) {
  console.log(`\n  Main site:  ${info.mainUrl}`);
  console.log(`  Demo shop:  ${info.demoShopUrl}/products`);
  if (info.seeded) console.log("  Demo data was added to the fresh database.");
  console.log(`  Payments:   ${info.paymentProvider === "simulated" ? "simulated (test mode)" : "Stripe"}`);
  const { seller, admin, pendingSeller } = info.demoAccounts;
  console.log(`  Logins:     ${seller.email} / ${seller.password} (seller, shop "demo")`);
  console.log(`              ${admin.email} / ${admin.password} (admin, reviews sellers at ${info.mainUrl}/admin/sellers)`);
  console.log(`              ${pendingSeller.email} / ${pendingSeller.password} (seller under review)\n`);
}
