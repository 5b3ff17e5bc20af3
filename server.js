// The HTTP server: static files, then the app. `node server.js --dev` runs Vite in
// middleware mode; otherwise it serves the production build (see scripts/start.js).
import fs from "node:fs";
import compression from "compression";
import express from "express";

const DEVELOPMENT = process.argv.includes("--dev");
process.env.NODE_ENV ??= DEVELOPMENT ? "development" : "production";

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
  // Imported inside the try below: evaluating the bundle may already read the configuration.
  loadApp = () => import("./build/server/index.js");
}

let built;
let info;
try {
  built = await loadApp();
  info = await built.prepare();
} catch (error) {
  if (error?.constructor?.name === "ConfigError") {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
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
  const headers = built.securityHeaders(null);
  const setHeaders = (res) => res.set(headers);
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

const httpServer = server.listen(info.port, info.host, () => {
  console.log(`\n  Main site:  ${info.mainUrl}`);
  console.log(`  Demo shop:  ${info.demoShopUrl}/products`);
  if (info.seeded) console.log("  Demo data was added to the fresh database.");
  console.log(`  Payments:   ${info.paymentProvider === "simulated" ? "simulated (test mode)" : "Stripe"}`);
  const { seller, admin, pendingSeller } = info.demoAccounts;
  console.log(`  Logins:     ${seller.email} / ${seller.password} (seller, shop "demo")`);
  console.log(`              ${admin.email} / ${admin.password} (admin, reviews sellers at ${info.mainUrl}/admin/sellers)`);
  console.log(`              ${pendingSeller.email} / ${pendingSeller.password} (seller under review)\n`);
});

// Graceful stop (SIGTERM from the orchestrator, Ctrl-C): stop accepting connections, claim no
// more background work, let the requests under way finish, then close the database. A
// request still running after SHUTDOWN_GRACE_MS is cut off (the orchestrator would kill us).
const SHUTDOWN_GRACE_MS = 10_000;
let stopping = false;
async function shutDown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(JSON.stringify({ level: "info", time: new Date().toISOString(), msg: "shutting down", signal }));
  setTimeout(() => {
    console.error(JSON.stringify({ level: "error", time: new Date().toISOString(), msg: "shutdown timed out" }));
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
  console.log(JSON.stringify({ level: "info", time: new Date().toISOString(), msg: "shutdown complete" }));
  process.exit(0);
}
process.on("SIGTERM", () => void shutDown("SIGTERM"));
process.on("SIGINT", () => void shutDown("SIGINT"));
