import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { inject } from "vitest";
import { cloneTemplateDatabase } from "../support/postgres-clone";

/** `server.js` as `npm start` runs it, in a child process: for tests of the HTTP server itself. */
export type ServerProcess = { process: ChildProcess; port: number; output: () => string; exited: Promise<number | null> };
export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

/**
 * `count` consecutive free ports, for a process that listens on a port and the next ones (the
 * cluster: HAProxy on the first, its nodes above). Taken below the system's ephemeral range
 * (32768 and up on Linux): there a free port found now can be taken a moment later by any
 * test's outgoing connection, and the cluster's node failed to listen (EADDRINUSE).
 */
export async function freePortRange(count: number): Promise<number> {
  const listen = (port: number) =>
    new Promise<net.Server | null>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(null));
      probe.listen(port, "127.0.0.1", () => resolve(probe));
    });
  for (let attempt = 0; attempt < 100; attempt++) {
    const first = 20_000 + Math.floor(Math.random() * (12_000 - count));
    const probes = [];
    for (let port = first; port < first + count; port++) {
      const probe = await listen(port);
      if (!probe) break;
      probes.push(probe);
    }
    await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(resolve))));
    if (probes.length === count) return first;
  }
  throw new Error(`no ${count} consecutive free ports between 20000 and 32000`);
}

/** The production server's environment: no demo data unless asked, one process unless asked, on 127.0.0.1. */
export const serverEnv = (extra: Record<string, string>) => ({
  ...process.env,
  NODE_ENV: "production",
  SEED_DEMO: "0",
  WEB_CONCURRENCY: "1",
  ...extra,
});

/**
 * A database of the server's own when the test names none, as a first start finds it: never
 * the test file's, which starts as a copy of the seeded template (setup.ts). On SQLite a new
 * file (server.js migrates it); on PostgreSQL a clone of the migrated template.
 */
async function serverDatabaseUrl(): Promise<string> {
  if (/^postgres(ql)?:/.test(process.env.DATABASE_URL ?? "")) return cloneTemplateDatabase(inject("integrationPostgresUrl"), "srv");
  return `file:${path.join(fs.mkdtempSync(path.join(os.tmpdir(), "livecart-server-")), "app.db")}`;
}

/**
 * Starts `server.js` (on `env.PORT`, else a free port); resolves once its output contains
 * `ready` (the banner) and, with the banner, once its `/readyz` answers 200 (it has warmed up),
 * as a load balancer would wait for it.
 */
export async function startServerJs(env: Record<string, string> = {}, ready = "Main site:"): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const DATABASE_URL = env.DATABASE_URL ?? (await serverDatabaseUrl());
  const child = spawn(process.execPath, ["server.js"], { env: serverEnv({ PORT: String(port), HOST: "127.0.0.1", DATABASE_URL, ...env }) });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (!output.includes(ready)) return;
      child.stdout!.off("data", onData);
      resolve();
    };
    child.stdout!.on("data", onData);
    void exited.then((code) => reject(new Error(`server.js exited (${code}): ${output}`)));
  });
  if (ready === "Main site:") await untilReady(port);
  return { process: child, port, output: () => output, exited };
}

/** Polls `/readyz` until it answers 200 (the test's own time limit ends a node that never is). */
async function untilReady(port: number): Promise<void> {
  while ((await sendRequest(port, "/readyz")).status !== 200) await new Promise((resolve) => setTimeout(resolve, 20));
}

/**
 * One request over its own connection (node:http: fetch can send neither a Host header of
 * its own nor `*.localhost` names).
 */
export function sendRequest(
  port: number,
  path: string,
  options: { host?: string; method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: options.method ?? "GET",
        headers: { Host: options.host ?? `localhost:${port}`, ...options.headers },
        setHost: false,
        agent: false,
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      },
    );
    request.on("error", reject);
    request.end(options.body);
  });
}
