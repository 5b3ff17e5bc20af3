// Issue 25, item 8: an answer a shared cache may keep carries no cookie (a CDN would hand the
// same one to everyone), and nothing in it comes from the request's Host.
import { beforeAll, describe, expect, it } from "vitest";
import { loadApp, sql, sqlNow, TestClient } from "./app";

const UPLOAD = `${"c".repeat(32)}.png`;

beforeAll(async () => {
  await loadApp();
  await sql(
    `insert into uploads (name, content_type, bytes, created_at) values (?, 'image/png', ?, ${sqlNow()})`,
    UPLOAD,
    Buffer.from("png"),
  );
});

/** What a shared cache may keep (app/middleware/shared-cache.server.ts), as a cache reads it. */
function sharedCacheable(response: Response): boolean {
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  const cdn = response.headers.get("CDN-Cache-Control") ?? "";
  return /\b(public|s-maxage)\b/.test(cacheControl) || (cdn !== "" && !/\b(no-store|private)\b/.test(cdn));
}

describe("answers a shared cache may keep", () => {
  it.each([
    ["localhost:3000", "/locales/en/translation.json"],
    ["localhost:3000", "/locales/fr/translation.json?v=any"],
    ["demo.localhost:3000", "/locales/en/translation.json"],
    ["localhost:3000", "/api/v1/openapi.json"],
    ["demo.localhost:3000", "/api/v1/openapi.json"],
    ["localhost:3000", `/uploads/${UPLOAD}`],
    ["demo.localhost:3000", "/products"],
  ])("%s%s: set no cookie, for a first visit or a visitor with a stale session and a toast", async (host, path) => {
    const first = await new TestClient(host).request(path);
    expect(first.status).toBe(200);
    expect(sharedCacheable(first)).toBe(true);
    expect(first.headers.getSetCookie()).toEqual([]);
    // The cookies that make the app answer with Set-Cookie elsewhere: an unknown session
    // (cleared), a toast (read and cleared).
    // A shop page for such a visitor is their own (kept by no cache): it may set cookies.
    const returning = await new TestClient(host).request(path, {
      headers: { Cookie: "sid=stale-session-token; toast-session=anything" },
    });
    expect(returning.status).toBe(200);
    if (path !== "/products") expect(sharedCacheable(returning)).toBe(true);
    expect(sharedCacheable(returning) ? returning.headers.getSetCookie() : []).toEqual([]);
  });

  it("the versioned translations are immutable and still set no cookie", async () => {
    const html = await (await new TestClient().request("/pricing")).text();
    const version = /data-locales-version="([^"]+)"/.exec(html)![1]!;
    const response = await new TestClient().request(`/locales/en/translation.json?v=${version}`);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("while the answers kept by nobody else still give a browser its CSRF token", async () => {
    const response = await new TestClient().request("/api/v1/shop/categories/");
    expect(sharedCacheable(response)).toBe(false);
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("csrftoken="))).toBe(true);
  });
});

describe("the OpenAPI document", () => {
  it("names the configured address (ROOT_DOMAIN, PUBLIC_SCHEME) as its server, whatever host it is asked on", async () => {
    for (const host of ["localhost:3000", "127.0.0.1:8080", "localhost", "demo.localhost:3000"]) {
      const { status, body } = await new TestClient(host).json<{ servers: { url: string }[] }>("/api/v1/openapi.json");
      expect(status).toBe(200);
      expect(body.servers).toEqual([{ url: "http://localhost:3000/api/v1" }]);
    }
  });
});
