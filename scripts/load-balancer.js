// A small round-robin reverse proxy in front of the app nodes of `npm run cluster`.
//
//   import { createLoadBalancer } from "./load-balancer.js";
//   const balancer = createLoadBalancer({ upstreams: [{ host: "127.0.0.1", port: 3001 }, ...] });
//   await balancer.listen(3000, "0.0.0.0");   // resolves after the first round of health checks
//   ...
//   await balancer.close();                  // stops accepting, lets the requests under way finish
//
// Why Node and not nginx or HAProxy from Debian: the cluster runs as whatever user starts it,
// and Debian's nginx wants root for its default paths (/var/log/nginx, /run/nginx.pid), a
// generated config and a `-p` prefix to run elsewhere; its free version has no active health
// checks (only passive ones), so a node that answers `/readyz` 503 while it drains would still
// get traffic. HAProxy has active checks but is one more package to install. This file is
// ~200 lines with no dependency, runs wherever `npm start` runs, and is tested
// (tests/unit/load-balancer.test.ts). In production a managed balancer or nginx/HAProxy does
// the same job with the same rules (docs/scaling.md); this one is for running a cluster on
// one machine, not for the internet edge (no TLS, no WebSocket upgrade: the app uses none).
//
// What it does:
// - round robin over the nodes whose `GET /readyz` answered 200 at the last check (every
//   second), so a draining node (503) or a dead one gets no new requests;
// - a request that could not reach its node (connection refused or reset before an answer)
//   is retried once on another node when it is idempotent and has no body (GET, HEAD,
//   OPTIONS); anything else answers 502, because a POST may have been applied;
// - request and response bodies are streamed, never buffered;
// - `Host` passes unchanged (the app tells the main site from the shops by it);
//   `X-Forwarded-For` gets the client's address appended and `X-Forwarded-Proto` is set to
//   `http` (this balancer speaks plain HTTP), so the nodes run with `TRUST_PROXY=1`. A
//   client's own `X-Forwarded-Host`/`-Proto` are dropped: with a trusted proxy the app
//   would believe them.
import http from "node:http";

const RETRYABLE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
// Headers for one connection only (RFC 9110 7.6.1): never forwarded.
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade"]);
// Errors that mean the node never got (or never answered) the request, rather than a slow answer.
const CONNECTION_ERRORS = new Set(["ECONNREFUSED", "ECONNRESET", "EHOSTUNREACH", "ENETUNREACH", "EPIPE"]);
// Of those, the ones that say the node itself is gone (a reset can also be a stale keep-alive socket).
const NODE_DOWN_ERRORS = new Set(["ECONNREFUSED", "EHOSTUNREACH", "ENETUNREACH"]);

/** The headers of `message` without hop-by-hop ones (including those its `Connection` header names). */
function endToEndHeaders(headers) {
  const named = String(headers.connection ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase());
  const result = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!HOP_BY_HOP.has(name) && !named.includes(name) && value !== undefined) result[name] = value;
  }
  return result;
}

function hasBody(req) {
  return req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;
}

/**
 * @param {object} options
 * @param {{host: string, port: number, name?: string}[]} options.upstreams the app nodes
 * @param {string} [options.readinessPath] asked on every node every `checkEveryMs`; 200 means ready
 * @param {number} [options.checkEveryMs]
 * @param {number} [options.checkTimeoutMs] a node slower than this to answer its check is not ready
 * @param {(line: string) => void} [options.log] state changes of the nodes
 */
export function createLoadBalancer({ upstreams, readinessPath = "/readyz", checkEveryMs = 1000, checkTimeoutMs = 1000, log = () => {} }) {
  const nodes = upstreams.map((upstream, index) => ({
    ...upstream,
    name: upstream.name ?? `node${index + 1}`,
    ready: false,
    // Keep-alive to the nodes: no new TCP connection per request.
    agent: new http.Agent({ keepAlive: true }),
  }));
  let next = 0;

  function setReady(node, ready, reason) {
    if (node.ready === ready) return;
    node.ready = ready;
    log(`${node.name} (${node.host}:${node.port}) ${ready ? "ready" : `out of rotation: ${reason}`}`);
  }

  function checkNode(node) {
    return new Promise((resolve) => {
      const request = http.get(
        { host: node.host, port: node.port, path: readinessPath, agent: false, timeout: checkTimeoutMs },
        (response) => {
          response.resume();
          setReady(node, response.statusCode === 200, `${readinessPath} answered ${response.statusCode}`);
          resolve();
        },
      );
      request.on("timeout", () => request.destroy(new Error(`${readinessPath} took over ${checkTimeoutMs} ms`)));
      request.on("error", (error) => {
        setReady(node, false, error.code ?? error.message);
        resolve();
      });
    });
  }

  let checking = null;
  const checkAll = () => (checking ??= Promise.all(nodes.map(checkNode)).finally(() => (checking = null)));
  let checkTimer = null;

  /** The next ready node in turn, other than those in `exclude`; null when there is none. */
  function pickNode(exclude) {
    for (let step = 0; step < nodes.length; step++) {
      const node = nodes[(next + step) % nodes.length];
      if (node.ready && !exclude.includes(node)) {
        next = (nodes.indexOf(node) + 1) % nodes.length;
        return node;
      }
    }
    return null;
  }

  function answerError(res, status, message) {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.writeHead(status, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", Connection: "close" });
    res.end(`${message}\n`);
  }

  function forward(req, res, tried) {
    const node = pickNode(tried);
    if (!node) {
      answerError(res, tried.length ? 502 : 503, tried.length ? "Bad gateway: no node could take the request." : "No app node is ready.");
      return;
    }
    tried.push(node);
    const forwardedFor = req.headers["x-forwarded-for"];
    const clientAddress = req.socket.remoteAddress ?? "";
    const headers = endToEndHeaders(req.headers);
    delete headers["x-forwarded-host"];
    headers["x-forwarded-for"] = forwardedFor ? `${forwardedFor}, ${clientAddress}` : clientAddress;
    headers["x-forwarded-proto"] = "http";

    const upstream = http.request({
      host: node.host,
      port: node.port,
      method: req.method,
      path: req.url,
      headers,
      setHost: false,
      agent: node.agent,
    });
    let answered = false;
    upstream.on("response", (response) => {
      answered = true;
      res.writeHead(response.statusCode, response.statusMessage, endToEndHeaders(response.headers));
      response.pipe(res);
      // A node that dies mid-answer: the client must not take a cut body for a whole one.
      response.on("close", () => {
        if (!response.complete) res.destroy();
      });
    });
    upstream.on("error", (error) => {
      if (answered) return;
      if (CONNECTION_ERRORS.has(error.code)) {
        // Passive check: out of rotation now; the next active check puts it back when it answers.
        if (NODE_DOWN_ERRORS.has(error.code)) setReady(node, false, error.code);
        // One retry, on another node: a request that fails twice is not saved by a third try.
        if (tried.length === 1 && RETRYABLE_METHODS.has(req.method) && !hasBody(req) && !res.headersSent) {
          forward(req, res, tried);
          return;
        }
      }
      answerError(res, 502, "Bad gateway: the app node did not answer.");
    });
    // The client went away: stop the node's work on its behalf.
    res.on("close", () => {
      if (!res.writableFinished) upstream.destroy();
    });
    if (tried.length === 1) req.pipe(upstream);
    else upstream.end();
  }

  const server = http.createServer((req, res) => forward(req, res, []));

  return {
    server,
    nodes,
    /** Checks the nodes once, starts the periodic checks, then listens. Resolves with the port. */
    async listen(port, host) {
      await checkAll();
      checkTimer = setInterval(checkAll, checkEveryMs);
      checkTimer.unref();
      await new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => {
          server.off("error", reject);
          resolve();
        });
      });
      return server.address().port;
    },
    /**
     * Stops accepting connections and resolves once the requests under way are answered
     * (idle keep-alive connections are closed as they become idle); after `graceMs` the rest
     * are cut.
     */
    async close(graceMs = 10_000) {
      clearInterval(checkTimer);
      const closed = new Promise((resolve) => server.close(() => resolve()));
      const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
      server.closeIdleConnections();
      const cutOff = setTimeout(() => server.closeAllConnections(), graceMs);
      await closed;
      clearInterval(idleSweep);
      clearTimeout(cutOff);
      await checking;
      for (const node of nodes) node.agent.destroy();
    },
  };
}
