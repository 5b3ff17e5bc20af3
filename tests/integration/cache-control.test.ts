import { describe, expect, it } from "vitest";
import { TestClient } from "./app";

/**
 * Every answer says how it may be kept. Those meant for caches say so themselves; every
 * other one (pages, redirects, refusals, errors, API answers, whichever layer made it) says
 * `no-store`, so that no browser or shared cache keeps one shopper's or seller's answer.
 */
const MAIN = "localhost:3000";
const SHOP = "demo.localhost:3000";

type Probe = {
  name: string;
  host?: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Sign in as the demo seller first (main site). */
  seller?: boolean;
  /** Send the CSRF token (the API's header, a form's field) as the app's own pages do. */
  token?: boolean;
  /** The answer expected (or one of them), to make sure the probe reaches what it names. */
  status: number | number[];
};

/** Answers that must not be kept anywhere. */
const PRIVATE: Probe[] = [
  // Pages and their data.
  { name: "landing page", path: "/", status: 200 },
  { name: "login page", path: "/login", status: 200 },
  { name: "page data", path: "/pricing.data", status: 200 },
  { name: "dashboard", path: "/dashboard", seller: true, status: 200 },
  { name: "signed-in shop page", host: SHOP, path: "/products", seller: true, status: 200 },
  // Redirects.
  { name: "language switch", path: "/pricing?lng=fr", status: 302 },
  { name: "language switch on a shop", host: SHOP, path: "/products?lng=fr", status: 302 },
  { name: "unknown shop", host: "nope.localhost:3000", path: "/products", status: 302 },
  { name: "signed-out dashboard", path: "/dashboard", status: 302 },
  { name: "signed-out seller screen", path: "/dashboard/products", status: 302 },
  { name: "signed-in login page", path: "/login", seller: true, status: 302 },
  // Errors and refusals.
  { name: "shop opening soon", host: "pending-crafts.localhost:3000", path: "/products", status: 503 },
  { name: "unknown page", path: "/no-such-page", status: 404 },
  { name: "main-site page on a shop", host: SHOP, path: "/pricing", status: 404 },
  { name: "unknown upload", path: "/uploads/missing.png", status: 404 },
  { name: "unknown translations", path: "/locales/xx/translation.json", status: 404 },
  { name: "page without a form", path: "/pricing", method: "POST", body: "a=1", status: 405 },
  { name: "form of the site", path: "/login", method: "POST", body: "email=a@b.c", token: true, status: 400 },
  { name: "API call without its token", path: "/api/v1/account/auth/login/", method: "POST", body: "{}", status: 403 },
  // Refused by React Router before any middleware, or by our own layer first.
  {
    name: "cross-site form post",
    path: "/login",
    method: "POST",
    headers: { Origin: "http://evil.example" },
    body: "email=a@b.c",
    status: [400, 403],
  },
  { name: "body too large", path: "/login", method: "POST", headers: { "Content-Length": "999999999" }, body: "x", status: 413 },
  // The API.
  { name: "API answer", host: SHOP, path: "/api/v1/shop/products/", status: 200 },
  { name: "API 401", path: "/api/v1/account/profile/", status: 401 },
  { name: "API 404", path: "/api/v1/no-such-thing/", status: 404 },
  { name: "API 405", host: SHOP, path: "/api/v1/shop/categories/", method: "PUT", body: "{}", token: true, status: 405 },
  { name: "API bad request", path: "/api/v1/account/auth/login/", method: "POST", body: "{}", token: true, status: 400 },
  { name: "API unknown shop", host: "nope.localhost:3000", path: "/api/v1/shop/products/", status: 404 },
  // React Router's own answers, made before any middleware runs.
  { name: "route manifest of another build", path: "/__manifest?version=old&paths=/pricing", status: 204 },
  { name: "route manifest without paths", path: "/__manifest?version={build}", status: 400 },
];

/** Answers meant for caches, with what they say. */
const CACHEABLE: (Probe & { cacheControl: string })[] = [
  {
    name: "versioned translations",
    path: "/locales/en/translation.json?v={locales}",
    status: 200,
    cacheControl: "public, max-age=31536000, immutable",
  },
  { name: "translations", path: "/locales/fr/translation.json", status: 200, cacheControl: "public, max-age=300" },
  { name: "API description", path: "/api/v1/openapi.json", status: 200, cacheControl: "public, max-age=300" },
  // Browsers keep no shop page; the CDN may, with CDN-Cache-Control (checked in page-cache.test.ts).
  { name: "public shop page", host: SHOP, path: "/products", status: 200, cacheControl: "no-store" },
];

async function send(probe: Probe): Promise<Response> {
  const client = new TestClient(probe.host ?? MAIN);
  if (probe.seller) {
    const main = await new TestClient(MAIN).signInAs("demo@example.com");
    client.cookies.set("sid", main.cookies.get("sid")!);
  }
  const api = probe.path.startsWith("/api/");
  const headers: Record<string, string> = { ...probe.headers };
  let body = probe.body;
  if (body !== undefined) headers["Content-Type"] ??= api ? "application/json" : "application/x-www-form-urlencoded";
  if (probe.token) {
    await client.request("/api/v1/shop/categories/");
    const token = client.cookies.get("csrftoken")!;
    if (api) headers["X-CSRFToken"] = token;
    else body = `${body}&csrf=${token}`;
  }
  return client.request(await withVersions(probe.path), { method: probe.method ?? "GET", headers, body, csrf: false });
}

/** The path with the build's version (`{build}`, as a browser asks for the route manifest) and the translations' (`{locales}`). */
async function withVersions(path: string): Promise<string> {
  if (!path.includes("{")) return path;
  const page = await (await new TestClient(MAIN).request("/")).text();
  const build = /\/assets\/manifest-([0-9a-f]+)\.js/.exec(page)![1]!;
  const locales = /data-locales-version="([^"]+)"/.exec(page)![1]!;
  return path.replace("{build}", build).replace("{locales}", locales);
}

const expectStatus = (response: Response, status: Probe["status"]) =>
  expect(Array.isArray(status) ? status : [status]).toContain(response.status);

describe("Cache-Control", () => {
  it.each(PRIVATE)("$name ($status): no-store", async (probe) => {
    const response = await send(probe);
    expectStatus(response, probe.status);
    expect(response.headers.get("Cache-Control")).toMatch(/(^|,\s*)no-store(,|$)/);
  });

  it.each(CACHEABLE)("$name: what it says for caches", async (probe) => {
    const response = await send(probe);
    expectStatus(response, probe.status);
    expect(response.headers.get("Cache-Control")).toEqual(probe.cacheControl);
  });

  it("the route manifest of this build may be kept (its address names the build)", async () => {
    const response = await send({ name: "manifest", path: "/__manifest?version={build}&paths=/pricing", status: 200 });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
  });
});
