// The HTTP server: static files, then the app. `node server.js --dev` runs Vite in
// middleware mode; otherwise it serves the production build (see scripts/start.js).
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

// First: the request id, the request's log line, and a 400 for a Host no URL can be made of.
server.use(built.requestEdge);

if (!DEVELOPMENT) {
  // Static files carry the app's security headers (one definition, in the bundle).
  const headers = built.securityHeaders(null);
  const setHeaders = (res) => res.set(headers);
  server.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y", setHeaders }));
  server.use(express.static("build/client", { maxAge: "1h", setHeaders }));
}

server.set("trust proxy", info.trustProxy);
server.use(async (req, res, next) => {
  try {
    (await loadApp()).app(req, res, next);
  } catch (error) {
    next(error);
  }
});

server.listen(info.port, info.host, () => {
  console.log(`\n  Main site:  ${info.mainUrl}`);
  console.log(`  Demo shop:  ${info.demoShopUrl}/products`);
  if (info.seeded) console.log("  Demo data was added to the fresh database.");
  console.log(`  Payments:   ${info.paymentProvider === "simulated" ? "simulated (test mode)" : "Stripe"}`);
  const { seller, admin, pendingSeller } = info.demoAccounts;
  console.log(`  Logins:     ${seller.email} / ${seller.password} (seller, shop "demo")`);
  console.log(`              ${admin.email} / ${admin.password} (admin, reviews sellers at ${info.mainUrl}/admin/sellers)`);
  console.log(`              ${pendingSeller.email} / ${pendingSeller.password} (seller under review)\n`);
});
