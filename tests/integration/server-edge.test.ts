import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { freePort, sendRequest, startServerJs, type ServerProcess } from "./server-process";

/**
 * `server.js` as `npm start` runs it, with PUBLIC_SCHEME=https and the log captured from
 * its stdout: the edge (request ids, request log, Host check) and the HTTPS headers.
 */
type LogLine = Record<string, unknown> & { msg: string; level: string };

let server: ServerProcess;
let port: number;

const send = (path: string, options: Parameters<typeof sendRequest>[2] = {}) => sendRequest(port, path, options);

function logLines(): LogLine[] {
  return server
    .output()
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as LogLine);
}

/** The log lines of one request, once its request line is written (after the response ends). */
function linesOf(requestId: string): Promise<LogLine[]> {
  return vi.waitFor(
    () => {
      const lines = logLines().filter((line) => line.request_id === requestId);
      if (!lines.some((line) => line.msg === "request")) throw new Error(`no request line for ${requestId} in:\n${server.output()}`);
      return lines;
    },
    { timeout: 1_000, interval: 20 },
  );
}

beforeAll(async () => {
  port = await freePort();
  server = await startServerJs({ PORT: String(port), ROOT_DOMAIN: `localhost:${port}`, PUBLIC_SCHEME: "https", LOG_LEVEL: "info" });
});

afterAll(() => {
  server?.process.kill();
});

// First in the file: no test has sent a request yet.
describe("the node's warm-up through its own port", () => {
  it("opened its pages on new connections before the node was ready, and logged none of them", () => {
    expect(logLines().find((line) => line.msg === "warmed up")).toMatchObject({ level: "info", pages_over_http: 100 });
    expect(logLines().filter((line) => line.msg === "request")).toEqual([]);
  });

  it("keeps a request out of the log only with the nodes' own token", async () => {
    const forged = await send("/", { headers: { "X-Livecart-Warm-Up": "c2VjcmV0" } });
    expect(forged.status).toBe(200);
    const [line] = (await linesOf(String(forged.headers["x-request-id"]))).filter((l) => l.msg === "request");
    expect(line).toMatchObject({ path: "/", status: 200 });
  });
});

describe("a malformed Host header", () => {
  it.each(["localhost:99999", "%00.localhost", "[::1"])(
    "%s is refused with a 400 before the router, on pages and the API",
    async (host) => {
      const page = await send("/", { host });
      expect(page.status).toBe(400);
      expect(page.body).toContain("the Host header is not a valid host name");
      expect(page.body).toContain(`Reference: ${page.headers["x-request-id"]}`);
      expect(page.headers["x-content-type-options"]).toBe("nosniff");

      const api = await send("/api/v1/shop/categories/", { host, headers: { "Accept-Language": "fr" } });
      expect(api.status).toBe(400);
      expect(JSON.parse(api.body)).toEqual({
        message: "Requête invalide : l'en-tête Host n'est pas un nom d'hôte valide.",
        request_id: api.headers["x-request-id"],
      });
      const [line] = (await linesOf(String(api.headers["x-request-id"]))).filter((l) => l.msg === "request");
      expect(line).toMatchObject({ host, path: "/api/v1/shop/categories/", status: 400 });
    },
  );

  it("a well-formed one still reaches the app", async () => {
    expect((await send("/", { host: `demo.localhost:${port}` })).status).toBe(302); // no live shop "demo" here: to the main site
    expect((await send("/")).status).toBe(200);
  });
});

describe("a host that is none of ours (issue 25, item 9)", () => {
  it.each(["demo.evil.example", "evil.example", "x.demo.localhost", "demo.localhost.evil.example"])(
    "%s gets a plain 404 before static files and the app, kept by no cache",
    async (host) => {
      for (const path of ["/", "/products", "/favicon.svg", "/demo/scarf.svg"]) {
        const answer = await send(path, { host });
        expect(answer.status, path).toBe(404);
        expect(answer.headers["content-type"], path).toBe("text/plain; charset=utf-8");
        expect(answer.headers["cache-control"], path).toBe("no-store");
        expect(answer.headers["set-cookie"], path).toBeUndefined();
        expect(answer.body, path).toBe(`Not found: this address is not served here.\nReference: ${answer.headers["x-request-id"]}\n`);
      }
    },
  );

  it("health and readiness answer on any Host (a load balancer asks by address or by any name)", async () => {
    for (const host of ["demo.evil.example", "10.1.2.3:8080", "backend", `localhost:${port}`]) {
      expect((await send("/healthz", { host })).status, host).toBe(200);
      expect((await send("/readyz", { host })).status, host).toBe(200);
    }
  });

  it("the main site answers on ROOT_DOMAIN, localhost and an IP address", async () => {
    for (const host of [`localhost:${port}`, "localhost", `127.0.0.1:${port}`, "[::1]"]) {
      const answer = await send("/", { host });
      expect(answer.status, host).toBe(200);
      expect(answer.body, host).toContain("<title>Create Your Online Store</title>");
    }
    expect((await send("/favicon.svg", { host: `127.0.0.1:${port}` })).status).toBe(200);
  });
});

describe("the request log", () => {
  it("writes one JSON line per request: method, host, path, status, duration and the id the response carries", async () => {
    const answer = await send("/pricing");
    const id = String(answer.headers["x-request-id"]);
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    const requestLines = (await linesOf(id)).filter((line) => line.msg === "request");
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toEqual({
      level: "info",
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      request_id: id,
      method: "GET",
      host: `localhost:${port}`,
      path: "/pricing",
      status: 200,
      duration_ms: expect.any(Number),
      msg: "request",
    });
  });

  it("logs static files too, and generates the id whatever the client sends", async () => {
    const answer = await send("/favicon.svg", { headers: { "X-Request-Id": "forged-by-the-client" } });
    const id = String(answer.headers["x-request-id"]);
    expect(id).not.toContain("forged");
    expect((await linesOf(id)).find((line) => line.msg === "request")).toMatchObject({ path: "/favicon.svg", status: 200 });
  });

  it("logs an asset under its whole path (the /assets handler shortens the URL it sees)", async () => {
    const asset = /\/assets\/[\w.-]+\.js/.exec((await send("/pricing")).body)?.[0];
    expect(asset).toBeDefined();
    const answer = await send(asset!);
    expect(answer.status).toBe(200);
    const [line] = (await linesOf(String(answer.headers["x-request-id"]))).filter((l) => l.msg === "request");
    expect(line).toMatchObject({ path: asset, status: 200 });
  });

  it("never contains cookies, query strings or email-verification tokens", async () => {
    const answer = await send("/verify-email/tok3n-SECRET-1?lng=en&client_secret=pi_SECRET-2", {
      headers: { Cookie: "sid=SECRET-3; csrftoken=SECRET-4", Authorization: "Bearer lck_SECRET-5" },
    });
    const [line] = (await linesOf(String(answer.headers["x-request-id"]))).filter((l) => l.msg === "request");
    expect(line!.path).toBe("/verify-email/[redacted]");
    expect(server.output()).not.toContain("SECRET");
  });
});

describe("API errors", () => {
  it("carry the request id next to the spec's message", async () => {
    const answer = await send("/api/v1/no-such-thing/");
    expect(answer.status).toBe(404);
    expect(JSON.parse(answer.body)).toEqual({ message: "This API endpoint does not exist.", request_id: answer.headers["x-request-id"] });
  });
});

describe("a refused webhook", () => {
  it("answers 400 and is logged with its reason and the request id", async () => {
    const answer = await send("/api/v1/payment/webhook/", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": "t=1,v1=bad" },
      body: JSON.stringify({ id: "evt_1", type: "payment_intent.succeeded" }),
    });
    expect(answer.status).toBe(400);
    const id = String(answer.headers["x-request-id"]);
    expect(JSON.parse(answer.body)).toMatchObject({ request_id: id });
    const refused = (await linesOf(id)).find((line) => line.msg === "webhook refused");
    expect(refused).toMatchObject({ level: "warn", request_id: id, reason: "signature" });
  });
});

describe("requests the app refuses at its own edge (issue 25)", () => {
  /** The answer's lines: one warning that it was refused, nothing at error level, no stack anywhere. */
  async function expectWarnedOnly(answer: Awaited<ReturnType<typeof send>>, status: number) {
    const lines = await linesOf(String(answer.headers["x-request-id"]));
    expect(lines.filter((line) => line.msg === "request refused").map((line) => [line.level, line.status])).toEqual([["warn", status]]);
    expect(lines.filter((line) => line.level === "error" || JSON.stringify(line).includes("stack"))).toEqual([]);
    expect(lines.find((line) => line.msg === "request")).toMatchObject({ status });
  }

  it("answers TRACE with a 405 and a method it does not implement with a 501, with the app's headers", async () => {
    const trace = await send("/login", { method: "TRACE" });
    expect(trace.status).toBe(405);
    expect(trace.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE");
    expect(trace.body).toContain("Method TRACE is not allowed here.");
    const webdav = await send("/api/v1/shop/categories/", { method: "PROPFIND", headers: { "Accept-Language": "fr" } });
    expect(webdav.status).toBe(501);
    expect(JSON.parse(webdav.body)).toEqual({
      message: "La méthode PROPFIND n'est pas prise en charge.",
      request_id: webdav.headers["x-request-id"],
    });
    for (const answer of [trace, webdav]) {
      expect(answer.headers["content-security-policy"]).toContain("default-src 'self'");
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(answer.headers["x-content-type-options"]).toBe("nosniff");
    }
    await expectWarnedOnly(trace, 405);
    await expectWarnedOnly(webdav, 501);
  });

  it("refuses a form posted from another origin with the app's 403 page, before React Router's own check", async () => {
    const answer = await send("/login", {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=a%40example.test&password=whatever1",
    });
    expect(answer.status).toBe(403);
    expect(answer.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.body).toContain("CSRF check failed: reload the page and try again.");
    await expectWarnedOnly(answer, 403);
  });

  it("answers a form action's body that is no form with a 415, and one of the same origin goes through", async () => {
    const origin = `http://localhost:${port}`;
    const text = await send("/login", { method: "POST", headers: { Origin: origin, "Content-Type": "text/plain" }, body: "hello" });
    expect(text.status).toBe(415);
    expect(text.headers["cache-control"]).toBe("no-store");
    await expectWarnedOnly(text, 415);
    const form = await send("/login", {
      method: "POST",
      headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
      body: "email=nobody%40example.test&password=whatever1",
    });
    expect(form.status).toBe(400); // read and checked: wrong credentials
    expect(form.body).toContain("Log in");
  });
});

describe("with PUBLIC_SCHEME=https", () => {
  it("pages, API answers and static files carry Strict-Transport-Security", async () => {
    for (const path of ["/", "/api/v1/shop/categories/", "/favicon.svg"]) {
      expect((await send(path)).headers["strict-transport-security"], path).toBe("max-age=63072000; includeSubDomains");
    }
  });
});

describe("Cache-Control through the HTTP server", () => {
  it("every answer says how it may be kept: static files for caches, everything else no-store", async () => {
    const script = fs.readdirSync("build/client/assets").find((name) => name.endsWith(".js"))!;
    const cacheable: [string, string][] = [
      [`/assets/${script}`, "public, max-age=31536000, immutable"],
      ["/favicon.svg", "public, max-age=3600"],
    ];
    for (const [path, cacheControl] of cacheable) {
      const answer = await send(path);
      expect({ path, status: answer.status, cacheControl: answer.headers["cache-control"] }).toEqual({ path, status: 200, cacheControl });
    }
    // Answers made outside the router too: the edge's refusal of a Host, an error that
    // escaped the app, a static path that is not there (the app's 404), the health check.
    const answers = [
      await send("/", { host: "[::1" }),
      await send("/pricing", { method: "TRACE" }),
      await send("/assets/no-such-file.js"),
      await send("/pricing?lng=fr"),
      await send("/readyz"),
    ];
    for (const answer of answers) expect(answer.headers["cache-control"], JSON.stringify(answer.status)).toBe("no-store");
  });
});
