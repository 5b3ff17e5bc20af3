// Issue 30, item 3: Caddy (Debian's package, as the README configures it) in front of
// `server.js` obtains a certificate on demand for a shop's verified domain only: it asks
// `/api/v1/domains/tls-check/` first. Its internal CA stands in for Let's Encrypt (no network).
// Caddy must be installed (`.ci/run` installs it): without it this test fails.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { PeerCertificate } from "node:tls";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { sql, sqlNow } from "./app";
import { freePort, sendRequest, startServerJs, type ServerProcess } from "./server-process";

let server: ServerProcess;
let caddy: ChildProcess;
let caddyOutput = "";
let httpsPort: number;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "livecart-caddy-"));

async function addDomain(domain: string, status: "pending" | "verified") {
  await sql(
    `INSERT INTO shop_domains (shop_id, domain, status, verification_token, is_primary, check_until, created_at, updated_at)
     VALUES ((SELECT id FROM shops WHERE subdomain = 'demo'), ?, ?, 'token', false, ${sqlNow()}, ${sqlNow()}, ${sqlNow()})`,
    domain,
    status,
  );
}

function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      socket.destroy();
      resolve(true);
    });
    socket.on("error", () => resolve(false));
  });
}

beforeAll(async () => {
  await addDomain("boutique-lea.test", "verified");
  await addDomain("pending-lea.test", "pending");
  // The test file's own seeded database (SQLite: the server shares the file).
  server = await startServerJs({
    DATABASE_URL: process.env.DATABASE_URL!,
    ROOT_DOMAIN: "livecart.test",
    PUBLIC_SCHEME: "https",
    TRUST_PROXY: "1",
  });
  httpsPort = await freePort();
  const httpPort = await freePort();
  // The README's configuration, with the internal CA instead of an ACME one and ports of the test's own.
  const caddyfile = path.join(dir, "Caddyfile");
  fs.writeFileSync(
    caddyfile,
    `{
	admin off
	skip_install_trust
	http_port ${httpPort}
	https_port ${httpsPort}
	storage file_system ${path.join(dir, "data")}
	on_demand_tls {
		ask http://127.0.0.1:${server.port}/api/v1/domains/tls-check/
	}
}

https:// {
	tls internal {
		on_demand
	}
	reverse_proxy 127.0.0.1:${server.port}
}
`,
  );
  caddy = spawn("caddy", ["run", "--config", caddyfile, "--adapter", "caddyfile"], { env: { ...process.env, HOME: dir } });
  caddy.stdout!.on("data", (chunk: Buffer) => (caddyOutput += chunk.toString()));
  caddy.stderr!.on("data", (chunk: Buffer) => (caddyOutput += chunk.toString()));
  const failed = new Promise<never>((_, reject) => {
    caddy.on("error", (error) => reject(new Error(`caddy could not start (is it installed?): ${error.message}`)));
    caddy.on("exit", (code) => reject(new Error(`caddy exited (${code}): ${caddyOutput}`)));
  });
  await Promise.race([vi.waitFor(async () => expect(await listening(httpsPort)).toBe(true), { timeout: 10_000, interval: 50 }), failed]);
}, 30_000);

afterAll(() => {
  caddy?.kill();
  server?.process.kill();
  fs.rmSync(dir, { recursive: true, force: true });
});

type Fetched = { status: number; body: string; certificate: PeerCertificate };

/** A page over HTTPS through Caddy, as a browser asks for `name` (SNI and Host). */
function fetchThroughCaddy(name: string, pathname: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const request = https.request(
      {
        host: "127.0.0.1",
        port: httpsPort,
        path: pathname,
        servername: name,
        headers: { Host: `${name}:${httpsPort}` },
        // Caddy's local CA is in no trust store: the certificate is checked below.
        rejectUnauthorized: false,
        agent: false,
      },
      (response) => {
        const certificate = (response.socket as import("node:tls").TLSSocket).getPeerCertificate();
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, body, certificate }));
      },
    );
    request.on("error", reject);
    request.end();
  });
}

describe("Caddy with on-demand TLS in front of the app", () => {
  it("a verified domain gets a certificate for its name from the CA, and the shop's page through the proxy", async () => {
    const page = await fetchThroughCaddy("boutique-lea.test", "/products");
    expect(page.certificate.subjectaltname).toBe("DNS:boutique-lea.test");
    expect(page.certificate.issuer.CN).toMatch(/Caddy Local Authority/);
    expect(page.status).toBe(200);
    expect(page.body).toContain("<title>Demo Live Shop - Live Shopping</title>");
    // The app saw HTTPS through the proxy's X-Forwarded-Proto: the canonical link is the shop's address.
    expect(page.body).toContain('<link rel="canonical" href="https://demo.livecart.test/products"/>');
    // The edge serves the domain's static files too.
    const favicon = await fetchThroughCaddy("boutique-lea.test", "/favicon.svg");
    expect(favicon.status).toBe(200);
  });

  it("the request edge of server.js serves a verified domain's static files, and nothing for an unverified one", async () => {
    const verified = await sendRequest(server.port, "/favicon.svg", { host: "Boutique-Lea.test." });
    expect(verified.status).toBe(200);
    for (const host of ["pending-lea.test", "never-added.test"]) {
      const refused = await sendRequest(server.port, "/favicon.svg", { host });
      expect(refused.status, host).toBe(404);
      expect(refused.body, host).toContain("Not found: this address is not served here.");
      expect(refused.headers["cache-control"], host).toBe("no-store");
    }
  });

  it("an unverified domain, or a name that is none of ours, gets no certificate: the handshake fails", async () => {
    for (const name of ["pending-lea.test", "never-added.test"]) {
      await expect(fetchThroughCaddy(name, "/products"), name).rejects.toThrow();
    }
    expect(fs.readdirSync(path.join(dir, "data", "certificates"), { recursive: true }).map(String)).not.toContainEqual(
      expect.stringMatching(/pending-lea|never-added/),
    );
  });
});

describe("the README's configuration", () => {
  it("is one Caddy reads: on-demand certificates asked of the app's check, the wildcard's files, the nodes behind", () => {
    const block = /```caddyfile\n([\s\S]*?)```/.exec(fs.readFileSync("README.md", "utf8"))![1]!;
    const file = path.join(dir, "README.Caddyfile");
    fs.writeFileSync(file, block);
    const adapted = JSON.parse(
      execFileSync("caddy", ["adapt", "--config", file, "--adapter", "caddyfile"], {
        env: { ...process.env, HOME: dir },
        encoding: "utf8",
      }),
    ) as { apps: { tls: { automation: { on_demand: { ask: string }; policies: { on_demand?: boolean }[] } } } };
    expect(adapted.apps.tls.automation.on_demand.ask).toMatch(/^http:\/\/[\d.]+:3000\/api\/v1\/domains\/tls-check\/$/);
    expect(adapted.apps.tls.automation.policies.some((policy) => policy.on_demand)).toBe(true);
  });
});
