// Requests per second and latency of one URL under load: autocannon, 50 connections kept
// alive, each sending its next request when the previous answer arrived.
import http from "node:http";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { BROWSER_HEADERS } from "./browser.js";

export const CONNECTIONS = 50;
export const WARM_UP_SECONDS = 2;
// A request slower than this counts as a timeout (autocannon's own default), so a stalled
// server ends the run on time with its timeouts counted rather than hanging it.
const TIMEOUT_SECONDS = 10;
const SETTLE_LIMIT_MS = 20_000;

/** The headers of one answer to `path` (a page's ETag, for a CDN's revalidation). */
export function responseHeaders({ port, host, path }) {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path, headers: { ...BROWSER_HEADERS, host }, agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.headers));
    });
    request.on("error", reject);
  });
}

/** The time one request takes to be answered in full. */
function timeOneRequest({ port, host, path, headers = {} }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.get(
      { host: "127.0.0.1", port, path, headers: { ...BROWSER_HEADERS, ...headers, host }, agent: false, timeout: TIMEOUT_SECONDS * 1000 },
      (response) => {
        response.resume();
        response.on("end", () => resolve(performance.now() - started));
      },
    );
    request.on("timeout", () => request.destroy());
    request.on("error", () => resolve(Infinity));
  });
}

async function typicalTime(target) {
  // The first request of a path can compile code: not typical.
  await timeOneRequest(target);
  const times = [await timeOneRequest(target), await timeOneRequest(target), await timeOneRequest(target)];
  return times.sort((a, b) => a - b)[1];
}

/**
 * Waits until the server answers one request about as fast as before the run. autocannon
 * stops with 50 requests in flight, which the server still works through after the clients
 * left; the next measurement (the other side of the A/B pair) must not pay for them.
 */
async function settle(target, idleMs) {
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  while (Date.now() < deadline && (await timeOneRequest(target)) > Math.max(3 * idleMs, idleMs + 50)) {
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * `path` on `host` (sent as the Host header to 127.0.0.1:`port`) for `duration` seconds, after
 * a short warm-up whose figures are dropped (first requests compile code and fill caches).
 * Answers count when they are 2xx, or 304 with `expect: 304` (a CDN revalidating its copy
 * with `headers: { "if-none-match": etag }`); any other answer is counted as unexpected.
 */
export async function measureThroughput({ port, host, path, duration, headers = {}, expect = 200 }) {
  const target = { port, host, path, headers };
  const options = {
    url: `http://127.0.0.1:${port}${path}`,
    connections: CONNECTIONS,
    headers: { ...BROWSER_HEADERS, ...headers, host },
    timeout: TIMEOUT_SECONDS,
  };
  const idleMs = await typicalTime(target);
  await autocannon({ ...options, duration: WARM_UP_SECONDS });
  await settle(target, idleMs);
  const result = await autocannon({ ...options, duration });
  await settle(target, idleMs);
  // autocannon counts answers by class; a 304 is the only 3xx a revalidation gets.
  const expected = expect === 304 ? result["3xx"] : result["2xx"];
  return {
    requestsPerSecond: expected / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    unexpected: result["1xx"] + result["2xx"] + result["3xx"] + result["4xx"] + result["5xx"] - expected,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
