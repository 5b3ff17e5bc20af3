// A throwaway PostgreSQL server for tests, CI and local clusters: a fresh cluster in a
// directory of its own, listening on 127.0.0.1 only, trusted logins, removed on stop.
//
//   import { start } from "./postgres-server.js";
//   const server = await start({ port: 55432 });   // { url, dir, port, pid, stop() }
//   ... DATABASE_URL=server.url ...
//   await server.stop();
//
// Or from a shell: `node scripts/postgres-server.js [port]` prints the URL and runs until Ctrl-C.
//
// It uses Debian's `postgresql` package (binaries in /usr/lib/postgresql/<version>/bin). When
// they are missing it installs the package if running as root, else says what to run. The
// server refuses to run as root, so as root the binaries run as the `postgres` user.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { installDebianPackage, isRoot } from "./debian-package.js";

const POSTGRES_ROOT = "/usr/lib/postgresql";
const DEFAULT_DATABASE = "live_shop";

/** The bin folder of the newest PostgreSQL installed, or null. */
function findBinaries() {
  if (!fs.existsSync(POSTGRES_ROOT)) return null;
  const versions = fs
    .readdirSync(POSTGRES_ROOT)
    .filter((version) => fs.existsSync(path.join(POSTGRES_ROOT, version, "bin", "pg_ctl")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(POSTGRES_ROOT, versions[0], "bin") : null;
}

/** Runs a PostgreSQL binary, as the `postgres` user when we are root; throws with its output on failure. */
function run(binaries, program, args) {
  const [command, commandArgs] = isRoot
    ? ["runuser", ["-u", "postgres", "--", path.join(binaries, program), ...args]]
    : [path.join(binaries, program), args];
  const result = spawnSync(command, commandArgs, { encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`${program} ${args.join(" ")} failed (exit ${result.status}):\n${result.stdout ?? ""}${result.stderr ?? ""}`);
  }
  return result.stdout;
}

/** A port nothing listens on right now (the kernel's pick). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Creates and starts a cluster in `dir` (a new temporary folder by default; it must not
 * exist or be empty, and as root the `postgres` user must be able to reach it) on
 * 127.0.0.1:`port` (a free one by default), with database `database`.
 * Returns its URL (TCP), the same through its Unix socket (`socketUrl`) and a stop() that
 * shuts the server down and deletes the folder.
 *
 * `durable: false` (the test suites' servers) turns off what only protects data against a
 * crash of the machine: fsync, synchronous commit, full-page writes. The suites copy a
 * template database per test file, and with them on, the copies' writes to disk took a large
 * part of the suites' time. The benchmark and the local cluster keep them on, as production.
 *
 * `statementStats: true` (the benchmark's servers) loads pg_stat_statements, created in the
 * maintenance database `postgres`: the server's own count of the statements each database ran.
 * The result's `pid` is the postmaster's (its backends are its children).
 */
export async function start({ dir, port, database = DEFAULT_DATABASE, durable = true, statementStats = false } = {}) {
  let binaries = findBinaries();
  if (!binaries) {
    // The package's own default cluster is not used.
    installDebianPackage("postgresql", "PostgreSQL");
    binaries = findBinaries();
    if (!binaries) throw new Error(`PostgreSQL was installed but no binaries were found in ${POSTGRES_ROOT}`);
  }
  const dataDir = path.resolve(dir ?? fs.mkdtempSync(path.join(os.tmpdir(), "postgres-")));
  fs.mkdirSync(dataDir, { recursive: true });
  if (isRoot) execFileSync("chown", ["-R", "postgres:postgres", dataDir]);
  const listenPort = port ?? (await freePort());

  const logFile = path.join(dataDir, "server.log");
  try {
    run(binaries, "initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C.UTF-8"]);
    // The socket goes in the data folder: no shared /var/run/postgresql needed, no clash between servers.
    const serverOptions = [
      `-p ${listenPort} -k ${dataDir} -c listen_addresses=127.0.0.1`,
      ...(durable ? [] : ["-c fsync=off -c synchronous_commit=off -c full_page_writes=off"]),
      ...(statementStats ? ["-c shared_preload_libraries=pg_stat_statements"] : []),
    ].join(" ");
    run(binaries, "pg_ctl", ["-D", dataDir, "-o", serverOptions, "-l", logFile, "-w", "start"]);
  } catch (error) {
    // The server's own reason (port in use, ...) is in its log, which goes with the folder.
    const log = fs.existsSync(logFile) ? `\nserver.log:\n${fs.readFileSync(logFile, "utf8").trim()}` : "";
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${error.message}${log}`);
  }

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    try {
      // Immediate: the folder is deleted next, so the shutdown checkpoint (writing every
      // changed page to disk, seconds after a test run) would be wasted.
      run(binaries, "pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };
  try {
    run(binaries, "createdb", ["-h", "127.0.0.1", "-p", String(listenPort), "-U", "postgres", database]);
    if (statementStats) {
      const psql = ["-h", "127.0.0.1", "-p", String(listenPort), "-U", "postgres", "-d", "postgres", "-q"];
      run(binaries, "psql", [...psql, "-c", "create extension pg_stat_statements"]);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  // The first line of postmaster.pid is the server's process id.
  const pid = Number(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  const url = `postgres://postgres@127.0.0.1:${listenPort}/${database}`;
  // The same database through the server's Unix socket (libpq's `?host=`, db/url.ts), for
  // processes on this machine: no TCP stack on either side of every round trip.
  const socketUrl = `${url}?host=${encodeURIComponent(dataDir)}`;
  return { url, socketUrl, dir: dataDir, port: listenPort, pid, stop };
}

// `node scripts/postgres-server.js [port]`: a server for a local try, until Ctrl-C.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = process.argv[2] ? Number(process.argv[2]) : undefined;
  let server;
  try {
    server = await start({ port });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  console.log(
    `PostgreSQL is running: DATABASE_URL=${server.url}\n(or, on this machine, through its socket: DATABASE_URL=${server.socketUrl})\n(Ctrl-C stops it and deletes its data)`,
  );
  const shutDown = async () => {
    await server.stop();
    process.exit(0);
  };
  process.on("SIGINT", shutDown);
  process.on("SIGTERM", shutDown);
  // Keeps the process alive until a signal arrives.
  setInterval(() => {}, 1 << 30);
}
