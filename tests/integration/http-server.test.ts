import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, serverEnv, startServerJs } from "./server-process";

/** `server.js`, what `npm start` runs after building: express, static files, then the app. */

describe("starting the server", () => {
  it("stops with the configuration message, not a stack trace, for a bad value", () => {
    const run = spawnSync(process.execPath, ["server.js"], { env: serverEnv({ PORT: "abc" }), encoding: "utf8", timeout: 20_000 });
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe("Invalid configuration:\n  PORT: must be a port number");
  });
});

/** Starts `server.js` on a free port; resolves once it listens. */
async function startServer(extra: Record<string, string> = {}): Promise<{ server: ChildProcess; origin: string }> {
  const started = await startServerJs(extra);
  return { server: started.process, origin: `http://127.0.0.1:${started.port}` };
}

describe("static files", () => {
  let server: ChildProcess;
  let origin: string;

  beforeAll(async () => {
    ({ server, origin } = await startServer());
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
      for (const name of [
        "X-Content-Type-Options",
        "Referrer-Policy",
        "X-Frame-Options",
        "Cross-Origin-Opener-Policy",
        "Permissions-Policy",
      ]) {
        expect(response.headers.get(name), `${path} ${name}`).toBe(page.headers.get(name));
      }
      // The same policy, without the page's inline scripts.
      const pagePolicy = page.headers.get("Content-Security-Policy")!.replaceAll(/ 'sha256-[^']+'/g, "");
      expect(response.headers.get("Content-Security-Policy"), path).toBe(pagePolicy);
      expect(response.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    }
  });
});

describe("behind a reverse proxy (TRUST_PROXY=1)", () => {
  let server: ChildProcess;
  let origin: string;

  beforeAll(async () => {
    ({ server, origin } = await startServer({ TRUST_PROXY: "1" }));
  });

  afterAll(() => {
    server?.kill();
  });

  it("takes the client address from the proxy's entry, not from what the client wrote", async () => {
    const first = await fetch(`${origin}/api/v1/shop/categories/`);
    const csrf = /csrftoken=([^;]+)/.exec(first.headers.get("Set-Cookie") ?? "")![1]!;
    const attempt = (invented: string, email: string) =>
      fetch(`${origin}/api/v1/account/auth/login/`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Cookie: `csrftoken=${csrf}`,
          "X-CSRFToken": csrf,
          // The client invents the left-most entries; the proxy appends the real address.
          "X-Forwarded-For": `${invented}, 198.51.100.23`,
        },
        body: JSON.stringify({ email, password: "wrong-password" }),
      });
    // Ten failures for ten emails from one real address, each claiming another address.
    for (let i = 0; i < 10; i++) expect((await attempt(`203.0.113.${i}`, `nobody${i}@example.test`)).status).toBe(400);
    const limited = await attempt("203.0.113.200", "someone-else@example.test");
    expect(limited.status).toBe(429);
  });
});

describe("the start-up output", () => {
  it("lists the URLs and every demo login, including the seller under review", async () => {
    const port = await freePort();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "banner-"));
    const server = spawn(process.execPath, ["server.js"], {
      env: serverEnv({
        PORT: String(port),
        HOST: "127.0.0.1",
        ROOT_DOMAIN: `localhost:${port}`,
        SEED_DEMO: "1",
        DATABASE_URL: `file:${path.join(dir, "app.db")}`,
        UPLOAD_DIR: path.join(dir, "uploads"),
      }),
    });
    try {
      const output = await new Promise<string>((resolve, reject) => {
        let text = "";
        server.stdout!.on("data", (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes("(seller under review)")) resolve(text);
        });
        server.on("exit", (code) => reject(new Error(`server.js exited (${code}): ${text}`)));
      });
      expect(output).toContain(`Main site:  http://localhost:${port}`);
      expect(output).toContain("demo@example.com / Demo1234! (seller");
      expect(output).toContain(`admin@example.com / Admin1234! (admin, reviews sellers at http://localhost:${port}/admin/sellers)`);
      expect(output).toContain("pending@example.com / Pending1234! (seller under review)");
    } finally {
      server.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("hides the build's own output behind one line, and shows it when the build fails", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ensure-build-"));
    fs.writeFileSync(path.join(dir, "source.ts"), "export {};");
    const run = (builder: string) =>
      spawnSync(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          `import { ensureBuild } from ${JSON.stringify(path.resolve("scripts/ensure-build.js"))};
           ensureBuild({ marker: ${JSON.stringify(path.join(dir, "missing.js"))}, sources: [${JSON.stringify(dir)}], command: [process.execPath, "-e", ${JSON.stringify(builder)}] });`,
        ],
        { encoding: "utf8", timeout: 20_000 },
      );
    const noisy = 'for (let i = 0; i < 40; i++) console.log("Generated an empty chunk: " + i);';
    const quiet = run(noisy);
    expect(quiet.status).toBe(0);
    expect(quiet.stdout).toMatch(/^No build yet: building \(about a minute\)\.\.\. done in \d+ s\.\n$/);
    expect(quiet.stdout).not.toContain("empty chunk");

    const failing = run(`${noisy} console.error("Build failed: syntax error"); process.exit(3);`);
    expect(failing.status).toBe(3);
    expect(failing.stdout).toContain("failed.");
    expect(failing.stderr).toContain("Generated an empty chunk: 39");
    expect(failing.stderr).toContain("Build failed: syntax error");
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
