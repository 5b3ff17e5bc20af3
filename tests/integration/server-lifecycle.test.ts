import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeTwitchChat } from "../support/fake-twitch-chat";
import { freePort, sendRequest, serverEnv, startServerJs, type Answer, type ServerProcess } from "./server-process";

/**
 * `server.js` as a node behind a load balancer sees it: health answers on any Host, and a
 * graceful stop on SIGTERM that finishes the requests under way.
 */
let node: ServerProcess | undefined;

async function startNode(extra: Record<string, string> = {}): Promise<ServerProcess & { databaseFile: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "livecart-lifecycle-"));
  const port = await freePort();
  const databaseFile = path.join(dir, "app.db");
  const started = await startServerJs({
    PORT: String(port),
    ROOT_DOMAIN: `localhost:${port}`,
    DATABASE_URL: `file:${databaseFile}`,
    UPLOAD_DIR: path.join(dir, "uploads"),
    LOG_LEVEL: "info",
    ...extra,
  });
  return { ...started, databaseFile };
}

const get = (port: number, pathname: string, host: string) => sendRequest(port, pathname, { host });

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 250; attempt++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

afterEach(() => {
  node?.process.kill("SIGKILL");
  node = undefined;
});

describe("health checks", () => {
  it("/healthz and /readyz answer on any Host (a balancer asks by address), never cached, without a request log line", async () => {
    node = await startNode();
    for (const host of [`127.0.0.1:${node.port}`, "10.0.3.7:8080", `demo.localhost:${node.port}`]) {
      const health = await get(node.port, "/healthz", host);
      expect(health.status, host).toBe(200);
      expect(JSON.parse(health.body)).toEqual({ status: "ok" });
      expect(health.headers["cache-control"]).toBe("no-store");

      const ready = await get(node.port, "/readyz", host);
      expect(ready.status, host).toBe(200);
      expect(JSON.parse(ready.body)).toEqual({ status: "ready" });
    }
    // Other paths still go through the app (and its log) as before.
    expect((await get(node.port, "/pricing", `localhost:${node.port}`)).status).toBe(200);
    await until(() => node!.output().includes('"path":"/pricing"'), "the request line of /pricing");
    expect(node.output()).not.toContain('"path":"/healthz"');
    expect(node.output()).not.toContain('"path":"/readyz"');
  });
});

describe("SIGTERM", () => {
  it("stops accepting connections, finishes the request under way, then exits 0", async () => {
    node = await startNode();
    const { port } = node;
    // A request whose body is still arriving when the signal comes.
    // The webhook reads the whole raw body before it answers (here: a refused signature).
    const body = JSON.stringify({ id: "evt_lifecycle", type: "payment_intent.succeeded" });
    let sent!: () => void;
    const firstBytesSent = new Promise<void>((resolve) => (sent = resolve));
    const inFlight = new Promise<Answer>((resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port,
          path: "/api/v1/payment/webhook/",
          method: "POST",
          headers: {
            Host: `localhost:${port}`,
            "Content-Type": "application/json",
            "Stripe-Signature": "t=1,v1=bad",
            "Content-Length": Buffer.byteLength(body),
          },
          setHost: false,
          agent: false,
        },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: text }));
        },
      );
      request.on("error", reject);
      request.write(body.slice(0, 10), () => sent());
      // The rest arrives once the node has begun to stop.
      void until(() => node!.output().includes('"msg":"shutting down"'), "the shutdown to begin").then(
        () => request.end(body.slice(10)),
        reject,
      );
    });
    await firstBytesSent;
    // One round trip on another connection: the node has read the first request's head by then.
    expect((await get(port, "/healthz", `localhost:${port}`)).status).toBe(200);

    node.process.kill("SIGTERM");
    await until(() => node!.output().includes('"msg":"shutting down"'), "the shutdown to begin");

    // New connections are refused while the old request completes.
    await expect(get(port, "/healthz", `localhost:${port}`)).rejects.toMatchObject({ code: "ECONNREFUSED" });

    const answer = await inFlight;
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ message: expect.any(String) });
    expect(node.output()).toContain('"msg":"webhook refused"');
    expect(answer.headers.connection).toBe("close");

    expect(await node.exited).toBe(0);
    expect(node.output()).toContain('"msg":"shutdown complete"');
  });

  it("closes the live event streams it holds (they would never finish), then exits 0", async () => {
    const started = await startNode({ SEED_DEMO: "1" });
    node = started;
    const db = new Database(started.databaseFile);
    try {
      db.prepare(
        "insert into lives (shop_id, code, title, platform, visits, created_at, updated_at) values (1, 'stop23', 'Stopping', 'other', 0, ?, ?)",
      ).run(Date.now(), Date.now());
    } finally {
      db.close();
    }
    let received = "";
    const streamEnded = new Promise<void>((resolve, reject) => {
      const request = http.get(
        {
          host: "127.0.0.1",
          port: started.port,
          path: "/live/stop23/events",
          headers: { Host: `demo.localhost:${started.port}` },
          agent: false,
        },
        (response) => {
          expect(response.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (received += chunk));
          response.on("end", resolve);
          response.on("error", reject);
        },
      );
      request.on("error", reject);
    });
    await until(() => received.includes("retry:"), "the stream to open");

    started.process.kill("SIGTERM");
    await streamEnded;
    expect(await started.exited).toBe(0);
    expect(started.output()).toContain('"msg":"shutdown complete"');
    expect(started.output()).not.toContain("shutdown timed out");
  });
});

describe("the Twitch chat readers", () => {
  it("read a running Twitch live's chat from the start, and give the live up on SIGTERM for another node", async () => {
    const chat = await startFakeTwitchChat();
    try {
      // This file's own copy of the seeded template, with a Twitch live whose chat nobody reads yet.
      const databaseFile = process.env.DATABASE_URL!.replace(/^file:/, "");
      const lease = () => {
        const db = new Database(databaseFile);
        try {
          return db.prepare("select chat_reader as reader, chat_reader_until as until from lives where code = 'twch23'").get() as {
            reader: string | null;
            until: number | null;
          };
        } finally {
          db.close();
        }
      };
      const db = new Database(databaseFile);
      try {
        db.prepare(
          "insert into lives (shop_id, code, title, platform, chat_channel, visits, created_at, updated_at) values (1, 'twch23', 'On Twitch', 'twitch', 'lea_shop', 0, ?, ?)",
        ).run(Date.now(), Date.now());
      } finally {
        db.close();
      }
      const started = await startNode({ DATABASE_URL: `file:${databaseFile}`, SEED_DEMO: "1", TWITCH_CHAT_URL: chat.url });
      node = started;
      await chat.until(() => chat.joined("lea_shop") === 1);
      expect(lease().reader).toMatch(/\/\d+\/[0-9a-f]{8}$/);
      expect(lease().until).toBeGreaterThan(Date.now());

      started.process.kill("SIGTERM");
      expect(await started.exited).toBe(0);
      expect(lease()).toEqual({ reader: null, until: null });
      await chat.until(() => chat.joined("lea_shop") === 0);
    } finally {
      await chat.close();
    }
  });
});

/** The live processes whose parent is `pid` (from /proc: the node's workers). */
function childProcesses(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The fields after the command name (which may hold spaces) in parentheses: state, then parent.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const [state, parent] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(parent) === pid && state !== "Z") children.push(Number(entry));
    } catch {
      // The process ended while the list was read.
    }
  }
  return children;
}

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe("worker processes (WEB_CONCURRENCY)", () => {
  it("holds its event stream limits across its workers, and frees the slots of a worker that dies", async () => {
    const started = await startNode({
      SEED_DEMO: "1",
      WEB_CONCURRENCY: "2",
      TRUST_PROXY: "1",
      EVENT_STREAMS_PER_ADDRESS: "4",
      MAX_EVENT_STREAMS: "6",
    });
    node = started;
    const pid = started.process.pid!;
    await until(() => started.output().includes("(seller under review)"), "the whole banner");
    const db = new Database(started.databaseFile);
    try {
      db.prepare(
        "insert into lives (shop_id, code, title, platform, visits, created_at, updated_at) values (1, 'node23', 'Nodes', 'other', 0, ?, ?)",
      ).run(Date.now(), Date.now());
    } finally {
      db.close();
    }
    type Held = { status: number; ended: boolean; close: () => void };
    // Each on a connection of its own: the workers take turns.
    const openStream = (address: string) =>
      new Promise<Held>((resolve, reject) => {
        const request = http.get(
          {
            host: "127.0.0.1",
            port: started.port,
            path: "/live/node23/events",
            headers: { Host: `demo.localhost:${started.port}`, "X-Forwarded-For": address },
            agent: false,
          },
          (response) => {
            const held: Held = { status: response.statusCode!, ended: false, close: () => request.destroy() };
            response.on("close", () => (held.ended = true));
            response.resume();
            resolve(held);
          },
        );
        request.on("error", reject);
      });
    const held: Held[] = [];
    for (let i = 0; i < 4; i++) held.push(await openStream("198.51.100.1"));
    expect(held.map((stream) => stream.status)).toEqual([200, 200, 200, 200]);
    expect((await openStream("198.51.100.1")).status).toBe(429);
    held.shift()!.close();
    // Given back once the worker sees the connection close.
    let again: Held | undefined;
    for (let attempt = 0; attempt < 50 && again?.status !== 200; attempt++) {
      again = await openStream("198.51.100.1");
      if (again.status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    held.push(again!);
    for (let i = 0; i < 2; i++) held.push(await openStream("198.51.100.2"));
    expect(held.map((stream) => stream.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await openStream("198.51.100.3")).status).toBe(503);

    // A worker killed outright: its streams end, and the node counts them no more.
    process.kill(childProcesses(pid)[0]!, "SIGKILL");
    await until(() => held.some((stream) => stream.ended), "the killed worker's streams to end");
    await until(() => started.output().includes('"msg":"worker replaced"'), "the new worker to listen");
    const freed = held.filter((stream) => stream.ended).length;
    for (let i = 0; i < freed; i++) expect((await openStream(`198.51.100.${10 + i}`)).status).toBe(200);
    expect((await openStream("198.51.100.30")).status).toBe(503);
  });

  it("serves the port from that many workers on a database prepared once, replaces one that dies, and stops them all on SIGTERM", async () => {
    const started = await startNode({ SEED_DEMO: "1", WEB_CONCURRENCY: "2" });
    node = started;
    const pid = started.process.pid!;
    await until(() => childProcesses(pid).length === 2, "two workers");
    await until(() => started.output().includes("(seller under review)"), "the whole banner");
    // One worker migrated and seeded while the other waited: one banner, the demo data added once.
    expect(occurrences(started.output(), "Main site:")).toBe(1);
    expect(occurrences(started.output(), "Demo data was added")).toBe(1);
    // Ready (startNode waited for it) once both workers have warmed up: whichever answers says so.
    expect(occurrences(started.output(), '"msg":"warmed up"')).toBe(2);
    for (let i = 0; i < 4; i++) expect((await get(started.port, "/readyz", `localhost:${started.port}`)).status).toBe(200);
    // The primary only supervises: the app (its database driver) is loaded by the workers alone.
    const maps = (processId: number) => fs.readFileSync(`/proc/${processId}/maps`, "utf8");
    expect(maps(pid)).not.toContain("better_sqlite3.node");
    expect(childProcesses(pid).map((worker) => maps(worker).includes("better_sqlite3.node"))).toEqual([true, true]);
    // Nor do the workers load what only an upload needs (sharp's libvips) before one comes.
    expect(childProcesses(pid).filter((worker) => maps(worker).includes("libvips"))).toEqual([]);
    const catalogue = () => get(started.port, "/products", `demo.localhost:${started.port}`);
    // Each request on a connection of its own: the workers take turns.
    for (let i = 0; i < 4; i++) expect((await catalogue()).status).toBe(200);

    const [killed] = childProcesses(pid);
    process.kill(killed!, "SIGKILL");
    await until(() => {
      const workers = childProcesses(pid);
      return workers.length === 2 && !workers.includes(killed!);
    }, "a worker in place of the killed one");
    await until(() => started.output().includes('"msg":"worker replaced"'), "the new worker to listen");
    expect(started.output()).toContain('"msg":"worker exited"');
    // The node stays ready: the new worker says so as it listens (it warms up while the other serves).
    for (let i = 0; i < 4; i++) expect((await get(started.port, "/readyz", `localhost:${started.port}`)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await catalogue()).status).toBe(200);

    const workers = childProcesses(pid);
    started.process.kill("SIGTERM");
    expect(await started.exited).toBe(0);
    expect(occurrences(started.output(), '"msg":"shutdown complete"')).toBe(2);
    // The primary exits only once its workers have: none is left serving on its own.
    expect(workers.filter((worker) => fs.existsSync(`/proc/${worker}`))).toEqual([]);
  });

  it("stops, exit 1 and the worker's error shown, when its workers cannot prepare the database", async () => {
    const env = serverEnv({
      PORT: String(await freePort()),
      HOST: "127.0.0.1",
      WEB_CONCURRENCY: "2",
      // Nothing listens there: the migrations cannot even take their lock.
      DATABASE_URL: "postgres://postgres@127.0.0.1:1/none",
      SESSION_SECRET: "s".repeat(40),
    });
    const server = spawn(process.execPath, ["server.js"], { env });
    let output = "";
    server.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    server.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise((resolve) => server.on("exit", resolve));
    expect(code).toBe(1);
    expect(output).toContain("ECONNREFUSED");
    expect(output).not.toContain("Main site:");
  });
});
