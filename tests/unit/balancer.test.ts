import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkConfig, findHaproxy, haproxyConfig, startBalancer } from "../../scripts/balancer.js";
import { freePort, sendRequest } from "../integration/server-process";

/**
 * The balancer of `npm run cluster` and of the benchmark: HAProxy (Debian's package, which
 * .ci/run installs) with the configuration scripts/balancer.js writes.
 */
const haproxy = findHaproxy();
if (!haproxy) throw new Error("HAProxy is not installed (apt-get install haproxy; .ci/run does it)");

describe("the cluster's HAProxy configuration", () => {
  it("passes `haproxy -c` without a warning, for one node or several, on IPv4 and IPv6 addresses", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haproxy-config-"));
    try {
      const configs = [
        haproxyConfig({ port: 3000, host: "0.0.0.0", nodes: [{ name: "node1", port: 3001 }] }),
        haproxyConfig({
          port: 8000,
          host: "::1",
          nodes: [
            { name: "node1", port: 8001 },
            { name: "node2", port: 8002, host: "::1" },
            { name: "node3", port: 8003 },
          ],
          checkEveryMs: 500,
          checkTimeoutMs: 30_000,
          socket: path.join(dir, "haproxy.sock"),
        }),
      ];
      for (const [index, config] of configs.entries()) {
        const file = path.join(dir, `haproxy-${index}.cfg`);
        fs.writeFileSync(file, config);
        expect(checkConfig(file, haproxy!)).toEqual({ ok: true, output: "Configuration file is valid" });
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("is refused by `haproxy -c` when broken (the check can fail)", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "haproxy-config-"));
    try {
      const file = path.join(dir, "haproxy.cfg");
      const config = haproxyConfig({ port: 3000, nodes: [{ name: "node1", port: 3001 }] });
      fs.writeFileSync(file, config.replace("balance leastconn", "balance sideways"));
      expect(checkConfig(file, haproxy!).ok).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** A tiny upstream that answers with its name and what it received. */
type Upstream = {
  name: string;
  port: number;
  readyStatus: number;
  received: { method: string; path: string; headers: http.IncomingHttpHeaders }[];
  // Event streams it holds open.
  streams: http.ServerResponse[];
  stop: () => Promise<void>;
};

// `/flaky`: the first upstream asked closes the connection without an answer (a node that
// died mid-request), later ones answer. `flakyAsked` has the method of each attempt, in order.
let flakyCloses = 0;
let flakyAsked: string[] = [];

async function startUpstream(name: string): Promise<Upstream> {
  const upstream = { name, readyStatus: 200, received: [], streams: [] } as unknown as Upstream;
  const server = http.createServer((req, res) => {
    if (req.url === "/readyz") {
      res.writeHead(upstream.readyStatus).end();
      return;
    }
    upstream.received.push({ method: req.method!, path: req.url!, headers: req.headers });
    if (req.url === "/flaky") flakyAsked.push(req.method!);
    if (req.url === "/flaky" && flakyCloses > 0) {
      flakyCloses -= 1;
      req.socket.destroy();
      return;
    }
    if (req.url === "/echo-stream") {
      // Answers each chunk as it arrives: the first answer goes out before the request has ended.
      res.writeHead(200, { "Content-Type": "text/plain" });
      req.on("data", (chunk: Buffer) => res.write(`got:${chunk.toString()};`));
      req.on("end", () => res.end(`end@${name}`));
      return;
    }
    if (req.url === "/events") {
      // An event stream: the first event, then nothing until the client leaves.
      res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-store" });
      res.write(`data: hello from ${name}\n\n`);
      upstream.streams.push(res);
      return;
    }
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "Content-Type": "application/json", "Set-Cookie": ["a=1", "b=2"] });
      res.end(JSON.stringify({ node: name, headers: req.headers }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  upstream.port = (server.address() as AddressInfo).port;
  upstream.stop = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return upstream;
}

let upstreams: Upstream[] = [];
let balancer: Awaited<ReturnType<typeof startBalancer>> | undefined;
let balancerLines: string[] = [];
let port = 0;

async function startCluster(checkEveryMs: number) {
  upstreams = [await startUpstream("a"), await startUpstream("b")];
  port = await freePort();
  balancerLines = [];
  balancer = await startBalancer({
    port,
    nodes: upstreams.map((upstream) => ({ name: upstream.name, port: upstream.port })),
    checkEveryMs,
    haproxy: haproxy!,
    log: (line: string) => balancerLines.push(line),
  });
}

const nodeOf = async (path = "/", method = "GET") => {
  const answer = await sendRequest(port, path, { method, host: `localhost:${port}`, ...(method === "POST" ? { body: "x=1" } : {}) });
  return answer.status === 200 ? (JSON.parse(answer.body) as { node: string }).node : answer.status;
};

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}; HAProxy said:\n${balancerLines.join("\n")}`);
}

const said = (text: string) => () => balancerLines.some((line) => line.includes(text));

afterEach(async () => {
  await balancer?.stop();
  balancer = undefined;
  await Promise.all(upstreams.map((upstream) => upstream.stop()));
  upstreams = [];
  flakyCloses = 0;
  flakyAsked = [];
});

describe("the cluster's balancer (HAProxy) in front of two nodes", () => {
  it("refuses to start, with HAProxy's reason, when its port is taken (it does not take the port's owner for itself)", async () => {
    upstreams = [await startUpstream("a")];
    const outcome = await startBalancer({
      port: upstreams[0]!.port,
      nodes: [{ name: "a", port: upstreams[0]!.port }],
      haproxy: haproxy!,
      log: () => {},
    }).then(
      // Started after all (the check is wrong): stopped here, so that no HAProxy outlives the test.
      async (started) => {
        await started.stop();
        return "started";
      },
      (error: Error) => error.message,
    );
    expect(outcome).toMatch(/HAProxy exited \(1\) while starting:[^]*cannot bind socket/);
  });

  it("sends requests to the nodes in turn", async () => {
    await startCluster(60_000);
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push(await nodeOf(`/page-${i}`));
    expect(seen).toEqual(["a", "b", "a", "b"]);
    expect(upstreams[0]!.received.map((r) => r.path)).toEqual(["/page-0", "/page-2"]);
  });

  it("takes a node whose /readyz answers 503 (draining) out of rotation, and back once it answers 200", async () => {
    await startCluster(100);
    upstreams[1]!.readyStatus = 503;
    await until(said("Server nodes/b is DOWN"), "b out of rotation");
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push(await nodeOf());
    expect(seen).toEqual(["a", "a", "a", "a"]);
    expect(upstreams[1]!.received).toEqual([]);

    upstreams[1]!.readyStatus = 200;
    await until(said("Server nodes/b is UP"), "b back in rotation");
    expect(new Set([await nodeOf(), await nodeOf()])).toEqual(new Set(["a", "b"]));
  });

  it("takes a dead node out of rotation, and answers 503 when no node is left", async () => {
    await startCluster(100);
    await upstreams[1]!.stop();
    await until(said("Server nodes/b is DOWN"), "b out of rotation");
    expect([await nodeOf(), await nodeOf(), await nodeOf()]).toEqual(["a", "a", "a"]);
    upstreams[0]!.readyStatus = 503;
    await until(said("Server nodes/a is DOWN"), "a out of rotation");
    expect(await nodeOf()).toBe(503);
  });

  it("sends a request whose node refused the connection to the other node, before any check noticed", async () => {
    // No check during the test: only the refused connection tells HAProxy.
    await startCluster(60_000);
    expect(await nodeOf("/first")).toBe("a");
    await upstreams[1]!.stop();
    // Never sent to the dead node, so even a POST is safe to send elsewhere.
    expect([await nodeOf("/second"), await nodeOf("/third", "POST"), await nodeOf("/fourth")]).toEqual(["a", "a", "a"]);
    expect(upstreams[0]!.received.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /first", "GET /second", "POST /third", "GET /fourth"]);
    expect(balancerLines.join("\n")).not.toContain("is DOWN");
  });

  it("tries a GET again when its node closed the connection without answering, but not a POST (502, seen once)", async () => {
    await startCluster(60_000);
    flakyCloses = 1;
    expect(await nodeOf("/flaky")).toMatch(/^[ab]$/);
    expect(flakyAsked).toEqual(["GET", "GET"]);

    flakyCloses = 1;
    expect(await nodeOf("/flaky", "POST")).toBe(502);
    expect(flakyAsked).toEqual(["GET", "GET", "POST"]);
  });

  it("passes Host, appends the client to X-Forwarded-For, sets X-Forwarded-Proto and drops a client's X-Forwarded-Host", async () => {
    await startCluster(60_000);
    const answer = await sendRequest(port, "/products", {
      host: "demo.localhost:3000",
      headers: { "X-Forwarded-For": "203.0.113.9", "X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.example" },
    });
    const { headers } = JSON.parse(answer.body) as { headers: http.IncomingHttpHeaders };
    expect(headers.host).toBe("demo.localhost:3000");
    expect(headers["x-forwarded-for"]).toBe("203.0.113.9, 127.0.0.1");
    expect(headers["x-forwarded-proto"]).toBe("http");
    expect(headers["x-forwarded-host"]).toBeUndefined();
    // Several Set-Cookie headers come back as several.
    expect(answer.headers["set-cookie"]).toEqual(["a=1", "b=2"]);
  });

  it("streams bodies both ways: the node's first answer reaches the client before the client has finished sending", async () => {
    await startCluster(60_000);
    const body = await new Promise<string>((resolve, reject) => {
      const request = http.request({ host: "127.0.0.1", port, path: "/echo-stream", method: "POST", agent: false }, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
          // Only now, with part of the answer in hand, does the client send the rest.
          if (text === "got:one;") request.end("two");
        });
        response.on("end", () => resolve(text));
      });
      request.on("error", reject);
      request.flushHeaders();
      request.write("one");
    });
    expect(body).toBe("got:one;got:two;end@a");
  });

  it("passes an event stream's first event on while the stream stays open", async () => {
    await startCluster(60_000);
    const first = await new Promise<{ status: number; event: string; open: boolean }>((resolve, reject) => {
      const request = http.get({ host: "127.0.0.1", port, path: "/events", agent: false }, (response) => {
        response.setEncoding("utf8");
        response.once("data", (chunk: string) => {
          resolve({ status: response.statusCode!, event: chunk, open: upstreams[0]!.streams.every((stream) => !stream.writableEnded) });
          // The node ends it (as on SIGTERM): HAProxy then has nothing left to wait for when it stops.
          for (const stream of upstreams[0]!.streams) stream.end();
        });
        response.on("end", () => request.destroy());
      });
      request.on("error", reject);
    });
    expect(first).toEqual({ status: 200, event: "data: hello from a\n\n", open: true });
  });
});
