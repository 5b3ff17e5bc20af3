// The app's CPU cost per completed checkout, and where it goes: one process
// (`WEB_CONCURRENCY=1`) on a throwaway SQLite database with the demo shop, as the benchmark
// runs it, driven by the live drop of bench/live-drop.js. The CPU is the process's own
// accounting (user + system time in /proc/<pid>/stat, so Linux only), read before and after
// each measured drop: it holds on a shared machine, where wall time does not.
//
//   node scripts/profile-drop.js [--port 3560] [--shoppers 300] [--rounds 2] [--profile] [--database postgres]
//
// With --database postgres the process runs on a throwaway PostgreSQL beside it (port + 2,
// durable as production), reached through its Unix socket, with no balancer: the process's
// CPU is then the app's side of a checkout on PostgreSQL, the driver's work included.
//
// With --profile the process runs under `node --cpu-prof` (which slows it: compare figures
// without it) and, stopped by SIGTERM, writes its profile; the script then prints the self
// time by package or file and by function.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { runLiveDrop } from "../bench/live-drop.js";
import { shopEnvironment } from "../bench/servers.js";
import { migrate } from "./cluster.js";
import { ensureBuild } from "./ensure-build.js";
import { start as startPostgres } from "./postgres-server.js";

const WARM_UP_SHOPPERS = 100;
const CONCURRENCY = 50;
const READY_TIMEOUT_MS = 60_000;
const TOP = 30;

const { values: options } = parseArgs({
  options: {
    port: { type: "string", default: "3560" },
    shoppers: { type: "string", default: "300" },
    rounds: { type: "string", default: "2" },
    profile: { type: "boolean", default: false },
    database: { type: "string", default: "sqlite" },
  },
});
const port = Number(options.port);
const host = `demo.localhost:${port}`;

ensureBuild();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "profile-drop-"));
if (!["sqlite", "postgres"].includes(options.database)) throw new Error(`--database: sqlite or postgres (got ${options.database})`);
const postgres = options.database === "postgres" ? await startPostgres({ port: port + 2 }) : null;
const sessionSecret = "profile-drop-session-secret-of-32-chars";
if (postgres) migrate({ databaseUrl: postgres.socketUrl, sessionSecret });
const env = {
  ...shopEnvironment(process.env),
  WEB_CONCURRENCY: "1",
  HOST: "127.0.0.1",
  PORT: String(port),
  ROOT_DOMAIN: `localhost:${port}`,
  DATABASE_URL: postgres ? postgres.socketUrl : `file:${dir}/app.db`,
  SESSION_SECRET: sessionSecret,
  UPLOAD_DIR: `${dir}/uploads`,
  TRUST_PROXY: "1",
};
const profileDir = path.join(dir, "profile");
const args = options.profile ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`, "server.js"] : ["server.js"];
const server = spawn(process.execPath, args, { env, stdio: ["ignore", "ignore", "inherit"] });
const exited = new Promise((resolve) => server.on("exit", resolve));

/** CPU milliseconds the server process used so far (utime + stime, in clock ticks of 10 ms). */
function serverCpuMs() {
  const fields = fs.readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * (1000 / 100);
}

async function waitUntilReady() {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server was not ready after ${READY_TIMEOUT_MS / 1000} s`);
}

const drop = (shoppers) => runLiveDrop({ port, host, shoppers, concurrency: CONCURRENCY, timeoutMs: 15_000, timeLimitMs: 120_000 });

try {
  await waitUntilReady();
  // Its code compiled and its caches filled, as in a node that has been serving.
  await drop(WARM_UP_SHOPPERS);
  for (let round = 1; round <= Number(options.rounds); round++) {
    const before = serverCpuMs();
    const result = await drop(Number(options.shoppers));
    const cpuMs = serverCpuMs() - before;
    const perCheckout = result.completed ? (cpuMs / result.completed).toFixed(1) : "-";
    console.log(
      `Drop ${round}: ${result.completed} of ${result.shoppers} completed in ${result.wallSeconds.toFixed(1)} s ` +
        `(${(result.completed / result.wallSeconds).toFixed(1)}/s); server CPU ${cpuMs} ms, ${perCheckout} ms per completed checkout`,
    );
    console.log(`  p50/p99 ms: ${result.steps.map((step) => `${step.name} ${Math.round(step.p50)}/${Math.round(step.p99)}`).join(", ")}`);
  }
} finally {
  server.kill("SIGTERM");
  await exited;
  await postgres?.stop();
}
if (options.profile) {
  const [file] = fs.readdirSync(profileDir);
  printProfile(JSON.parse(fs.readFileSync(path.join(profileDir, file), "utf8")));
}
fs.rmSync(dir, { recursive: true, force: true });

/** Self time by package (or file of the app) and by function, the largest first. */
function printProfile(profile) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byPackage = new Map();
  const byFunction = new Map();
  let total = 0;
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    const { functionName, url, lineNumber } = nodes.get(id).callFrame;
    if (functionName === "(idle)") return;
    total += ms;
    const file = url.replace(/^file:\/\/.*?\/(node_modules|build)\//, "$1/");
    // Frames without a file are V8's or Node's C++ (a write to a socket, a regular expression),
    // but for the garbage collector and the like, which name themselves in parentheses.
    const outside = functionName.startsWith("(") ? functionName : "(native)";
    const packageName = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? (file.startsWith("node:") ? "node" : file || outside);
    add(byPackage, packageName, ms);
    add(byFunction, `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}`, ms);
  });
  const print = (title, map) => {
    console.log(`\n${title} (self time, of ${Math.round(total)} ms busy)`);
    for (const [key, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, TOP))
      console.log(`${String(Math.round(ms)).padStart(8)} ms ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${key}`);
  };
  print("By package or file", byPackage);
  print("By function", byFunction);
}
