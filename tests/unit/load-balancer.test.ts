import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createLoadBalancer } from "../../scripts/load-balancer.js";
import { sendRequest } from "../integration/server-process";

/**
 * The balancer of `npm run cluster` (scripts/load-balancer.js) in front of two tiny upstreams
 * that answer with their name and what they received.
 */
type Upstream = {
  name: string;
  port: number;
  readyStatus: number;
  received: { method: string; path: string; headers: http.IncomingHttpHeaders }[];
  stop: () => Promise<void>;
};

async function startUpstream(name: string): Promise<Upstream> {
  const upstream = { name, readyStatus: 200, received: [] } as unknown as Upstream;
  const server = http.createServer((req, res) => {
    if (req.url === "/readyz") {
      res.writeHead(upstream.readyStatus).end();
      return;
    }
    upstream.received.push({ method: req.method!, path: req.url!, headers: req.headers });
    if (req.url === "/echo-stream") {
      // Answers each chunk as it arrives: the first answer goes out before the request has ended.
      res.writeHead(200, { "Content-Type": "text/plain" });
      req.on("data", (chunk: Buffer) => res.write(`got:${chunk.toString()};`));
      req.on("end", () => res.end(`end@${name}`));
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
let balancer: ReturnType<typeof createLoadBalancer> | undefined;
let port = 0;

async function startBalancer(checkEveryMs: number) {
  upstreams = [await startUpstream("a"), await startUpstream("b")];
  balancer = createLoadBalancer({ upstreams: upstreams.map((u) => ({ host: "127.0.0.1", port: u.port, name: u.name })), checkEveryMs });
  port = await balancer.listen(0, "127.0.0.1");
}

const nodeOf = async (path = "/", method = "GET") => {
  const answer = await sendRequest(port, path, { method, host: `localhost:${port}` });
  return answer.status === 200 ? (JSON.parse(answer.body) as { node: string }).node : answer.status;
};

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 250; attempt++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

afterEach(async () => {
  await balancer?.close(1000);
  balancer = undefined;
  await Promise.all(upstreams.map((u) => u.stop()));
  upstreams = [];
});

describe("load balancer", () => {
  it("sends requests to the ready nodes in turn", async () => {
    await startBalancer(60_000);
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push(await nodeOf(`/page-${i}`));
    expect(seen).toEqual(["a", "b", "a", "b"]);
    expect(upstreams[0]!.received.map((r) => r.path)).toEqual(["/page-0", "/page-2"]);
  });

  it("gives a node whose /readyz answers 503 no traffic, and takes it back once it is ready", async () => {
    await startBalancer(50);
    upstreams[1]!.readyStatus = 503;
    await until(() => !balancer!.nodes[1]!.ready, "b out of rotation");
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push(await nodeOf());
    expect(seen).toEqual(["a", "a", "a", "a"]);
    expect(upstreams[1]!.received).toEqual([]);

    upstreams[1]!.readyStatus = 200;
    await until(() => balancer!.nodes[1]!.ready, "b back in rotation");
    expect(new Set([await nodeOf(), await nodeOf()])).toEqual(new Set(["a", "b"]));
  });

  it("answers 503 when no node is ready", async () => {
    await startBalancer(50);
    for (const upstream of upstreams) upstream.readyStatus = 503;
    await until(() => balancer!.nodes.every((node) => !node.ready), "both out of rotation");
    expect(await nodeOf()).toBe(503);
  });

  it("retries an idempotent GET on another node when its node refuses the connection, and takes the dead node out", async () => {
    // No periodic check during the test: only the refused connection can tell the balancer.
    await startBalancer(60_000);
    expect(await nodeOf("/first")).toBe("a");
    await upstreams[1]!.stop();
    expect(await nodeOf("/second")).toBe("a");
    expect(balancer!.nodes[1]!.ready).toBe(false);
    expect(await nodeOf("/third")).toBe("a");
    expect(upstreams[0]!.received.map((r) => r.path)).toEqual(["/first", "/second", "/third"]);
  });

  it("does not retry a POST whose node refused the connection: 502, and no other node saw it", async () => {
    await startBalancer(60_000);
    expect(await nodeOf("/first")).toBe("a");
    await upstreams[1]!.stop();
    const answer = await sendRequest(port, "/orders", { method: "POST", host: `localhost:${port}`, body: "x=1" });
    expect(answer.status).toBe(502);
    expect(upstreams[0]!.received.map((r) => r.path)).toEqual(["/first"]);
  });

  it("passes Host, appends the client to X-Forwarded-For, sets X-Forwarded-Proto and drops a client's X-Forwarded-Host", async () => {
    await startBalancer(60_000);
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
    await startBalancer(60_000);
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
});
