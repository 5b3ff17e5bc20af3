// The load balancer of `npm run cluster` and of the benchmark's clusters: HAProxy (Debian's
// `haproxy` package, 2.6), run in the foreground with a configuration written for the nodes.
//
//   import { startBalancer } from "./balancer.js";
//   const balancer = await startBalancer({ port: 3000, host: "0.0.0.0", nodes: [{ name: "node1", port: 3001 }, ...] });
//   ...
//   await balancer.stop();   // stops accepting, lets the requests under way finish (10 s at most)
//
// What the configuration (`haproxyConfig`) asks of HAProxy, the rules docs/scaling.md gives a
// production balancer:
// - the node with the fewest requests under way (requests differ in cost: a render, an order,
//   an event stream) among the nodes whose `GET /readyz` answered 200 (checked every second; a node
//   is out after two failed checks, back after one good one), so a draining node (503) or a
//   dead one gets no new requests;
// - a request whose connection to a node failed was never sent: it is tried again on another
//   node (`retries 2`, `option redispatch 1`), whatever its method. A GET, HEAD or OPTIONS that
//   a node took and closed without answering is tried again too (`retry-on empty-response`);
//   any other method is not, since the node may have applied it (502);
// - bodies are streamed both ways, and an event stream (the live board, a live's page) stays
//   open: a node answers with a comment every 20 s (app/http/event-stream.server.ts), well
//   inside `timeout server`, which counts silence, not the length of an answer;
// - `Host` passes unchanged (the app tells the main site from the shops by it),
//   `X-Forwarded-For` gets the client's address (`option forwardfor`) and `X-Forwarded-Proto`
//   is set to `http` (plain HTTP here), so the nodes run with `TRUST_PROXY=1`; a client's own
//   `X-Forwarded-Host` is dropped, since the app believes a trusted proxy's.
// It is for a cluster on one machine, not for the internet edge (no TLS). HAProxy writes node
// state changes ("Server nodes/node2 is DOWN, reason: ...") to its stderr, passed to `log`.
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { installDebianPackage } from "./debian-package.js";

// Debian puts it in /usr/sbin, which is not on an ordinary user's PATH.
const HAPROXY_PATHS = ["/usr/sbin/haproxy", "/usr/local/sbin/haproxy"];
const READY_TIMEOUT_MS = 10_000;
// HAProxy's own limit (hard-stop-after) is 10 s; this is for a HAProxy that did not stop by itself.
const STOP_TIMEOUT_MS = 15_000;

/** The haproxy executable (PATH first, then Debian's place), or null. */
export function findHaproxy() {
  const onPath = (process.env.PATH ?? "").split(path.delimiter).filter(Boolean);
  for (const candidate of [...onPath.map((dir) => path.join(dir, "haproxy")), ...HAPROXY_PATHS]) {
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // Not there: the next place.
    }
  }
  return null;
}

/** The haproxy executable, installed first (as root, `apt-get install haproxy`) when missing. */
export function ensureHaproxy() {
  const found = findHaproxy();
  if (found) return found;
  installDebianPackage("haproxy", "HAProxy");
  const installed = findHaproxy();
  if (!installed) throw new Error(`HAProxy was installed but no haproxy was found on PATH or in ${HAPROXY_PATHS.join(", ")}`);
  return installed;
}

/** An address as HAProxy's `bind` and `server` lines want it (IPv6 in brackets). */
const address = (host, port) => `${host.includes(":") ? `[${host}]` : host}:${port}`;

/**
 * The HAProxy configuration for `nodes` (`{ name, port, host? }`, host 127.0.0.1 by default)
 * behind `host`:`port`. `checkEveryMs` is the interval of the `/readyz` checks and
 * `checkTimeoutMs` how long a check may take before it counts as failed. `socket`: a path for
 * HAProxy's own command socket (read-only commands such as `show info`, `show stat`).
 *
 * @param {{ port: number, host?: string, nodes: { name: string, port: number, host?: string }[],
 *   checkEveryMs?: number, checkTimeoutMs?: number, socket?: string | null }} options
 */
export function haproxyConfig({ port, host = "127.0.0.1", nodes, checkEveryMs = 1000, checkTimeoutMs = 2000, socket = null }) {
  return `# Written by scripts/balancer.js (npm run cluster); deleted when the balancer stops.
global
  # In the foreground (-db), as whoever runs it: no daemon, chroot or user switch.
  maxconn 4096${socket ? `\n  stats socket ${socket} mode 600 level user` : ""}
  # Ctrl-C: stop accepting, let the requests under way finish, cut what is left after 10 s
  # (the nodes' own grace, server.js).
  hard-stop-after 10s

defaults
  mode http
  timeout connect 5s
  timeout client 60s
  # Silence from a node: an event stream sends a comment every 20 s.
  timeout server 60s
  # Upgraded connections (none in the app today) and what HAProxy treats as tunnels.
  timeout tunnel 1h
  timeout http-request 10s
  timeout http-keep-alive 10s
  timeout check ${checkTimeoutMs}ms
  # A failed connection is tried again on another node at once (the request was never sent).
  retries 2
  option redispatch 1
  retry-on conn-failure empty-response
  option forwardfor

frontend app
  bind ${address(host, port)}
  http-request del-header X-Forwarded-Host
  http-request set-header X-Forwarded-Proto http
  default_backend nodes

backend nodes
  balance leastconn
  # A request a node took and closed without an answer is sent again only when it changes
  # nothing; a connection failure is retried whatever the method (conn-failure is not an L7 retry).
  http-request disable-l7-retry unless METH_GET or METH_OPTIONS
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter ${checkEveryMs}ms fall 2 rise 1
${nodes.map((node) => `  server ${node.name} ${address(node.host ?? "127.0.0.1", node.port)} check`).join("\n")}
`;
}

/** `haproxy -c -f file`: the checker's verdict on a configuration file. */
export function checkConfig(file, haproxy = findHaproxy()) {
  if (!haproxy) throw new Error("HAProxy is not installed (Debian's haproxy package; .ci/run installs it)");
  const result = spawnSync(haproxy, ["-c", "-f", file], { encoding: "utf8" });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
}

/**
 * True once HAProxy answers `show info` on its command socket: it has then bound every
 * listener (it exits instead when one fails, e.g. a port in use). Asking the port itself could
 * reach whatever else listens there.
 */
function answersOn(socketPath) {
  return new Promise((resolve) => {
    let answer = "";
    const socket = net.connect({ path: socketPath });
    socket.setTimeout(1000);
    socket.setEncoding("utf8");
    socket.once("connect", () => socket.write("show info\n"));
    socket.on("data", (chunk) => (answer += chunk));
    socket.once("timeout", () => socket.destroy());
    socket.once("error", () => resolve(false));
    socket.once("close", () => resolve(answer.includes("Name: HAProxy")));
  });
}

/**
 * Writes the configuration for `nodes` into a temporary folder and runs `haproxy -db -f` on
 * it, in a process group of its own (Ctrl-C in the terminal reaches the caller, which stops
 * HAProxy itself, before the nodes). Resolves once it runs, listening on `port`. Its lines go
 * to `log`. `stop()` is HAProxy's soft stop (SIGUSR1) and removes the folder.
 */
export async function startBalancer({ port, host = "127.0.0.1", nodes, log = console.log, haproxy = ensureHaproxy(), ...checks }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "livecart-haproxy-"));
  const configFile = path.join(dir, "haproxy.cfg");
  const socket = path.join(dir, "haproxy.sock");
  fs.writeFileSync(configFile, haproxyConfig({ port, host, nodes, socket, ...checks }));
  const child = spawn(haproxy, ["-db", "-f", configFile], { detached: true, stdio: ["ignore", "pipe", "pipe"] });
  let exitCode;
  const exited = new Promise((resolve) => {
    child.on("exit", (code, signal) => resolve((exitCode = code ?? signal)));
    child.on("error", (error) => resolve((exitCode = error.message)));
  });
  const output = [];
  const onLine = (line) => {
    if (line.trim() === "") return;
    output.push(line);
    log(line);
  };
  readline.createInterface({ input: child.stdout }).on("line", onLine);
  readline.createInterface({ input: child.stderr }).on("line", onLine);

  let stopping = null;
  const stop = () =>
    (stopping ??= (async () => {
      if (exitCode === undefined) {
        child.kill("SIGUSR1");
        const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dir, { recursive: true, force: true });
    })());
  const balancer = {
    port,
    configFile,
    child,
    /** undefined while it runs, then its exit code or signal. */
    get exitCode() {
      return exitCode;
    },
    exited,
    stop,
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    // Exited: a configuration HAProxy refused, or the port taken (its reason is in `output`).
    if (exitCode !== undefined) {
      await stop();
      throw new Error(`HAProxy exited (${exitCode}) while starting:\n${output.join("\n")}`);
    }
    if (fs.existsSync(socket) && (await answersOn(socket))) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`HAProxy did not start within ${READY_TIMEOUT_MS / 1000} s (its configuration: ${configFile})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return balancer;
}
