import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** `server.js`, what `npm start` runs after building: express, static files, then the app. */
const serverEnv = (extra: Record<string, string>) => ({ ...process.env, NODE_ENV: "production", SEED_DEMO: "0", ...extra });

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

describe("starting the server", () => {
  it("stops with the configuration message, not a stack trace, for a bad value", () => {
    const run = spawnSync(process.execPath, ["server.js"], { env: serverEnv({ PORT: "abc" }), encoding: "utf8", timeout: 20_000 });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe("Invalid configuration:\n  PORT: must be a port number");
  });
});

describe("static files", () => {
  let server: ChildProcess;
  let origin: string;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ["server.js"], { env: serverEnv({ PORT: String(port), HOST: "127.0.0.1" }) });
    await new Promise<void>((resolve, reject) => {
      let output = "";
      server.stdout!.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("Main site:")) resolve();
      });
      server.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
      server.on("exit", (code) => reject(new Error(`server.js exited (${code}): ${output}`)));
    });
  });

  afterAll(() => {
    server?.kill();
  });

  it("carry the same security headers as the app's responses", async () => {
    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    // Plain HTTP (PUBLIC_SCHEME's default): no HSTS, which would lock browsers out of it.
    expect(page.headers.get("Strict-Transport-Security")).toBeNull();
    const script = fs.readdirSync("build/client/assets").find((name) => name.endsWith(".js"));
    for (const path of ["/favicon.svg", "/og-image.jpg", "/demo/mug.svg", `/assets/${script}`]) {
      const response = await fetch(`${origin}${path}`);
      expect(response.status, path).toBe(200);
      for (const name of ["X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options", "Cross-Origin-Opener-Policy", "Permissions-Policy"]) {
        expect(response.headers.get(name), `${path} ${name}`).toBe(page.headers.get(name));
      }
      // The same policy, without the page's nonce.
      const pagePolicy = page.headers.get("Content-Security-Policy")!.replace(/ 'nonce-[^']+'/, "");
      expect(response.headers.get("Content-Security-Policy"), path).toBe(pagePolicy);
      expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    }
  });
});
