// The seller's side of a live drop (issue 16): the demo seller signs in, starts a live, pins a
// product, and keeps the live board open while the shoppers buy through the live's link. The
// board is watched as the page does it: its event stream (Server-Sent Events), and on each
// change a reload of the board, at most once per 700 ms (the whole page, rendered on the
// server: a little more than the data request the browser makes). For every order paid
// during the drop, the delivery time is from the shopper's card step answering "paid" to the
// first reload whose board lists the order as paid.
import http from "node:http";
import { performance } from "node:perf_hooks";
import { BROWSER_HEADERS } from "./browser.js";

const RELOAD_EVERY_MS = 700;

/** A JSON client for the seller on the main host, with its cookies and the CSRF token. */
export function sellerClient({ port, host, timeoutMs, maxSockets = 4 }) {
  const cookies = new Map();
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  function request(method, path, body, { stream = false, html = false } = {}) {
    const accept = stream ? "text/event-stream" : html ? "text/html" : "application/json";
    const headers = { ...BROWSER_HEADERS, host, accept, "accept-encoding": "identity" };
    if (cookies.size) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const payload = body === undefined ? undefined : JSON.stringify(body);
    if (method !== "GET") {
      headers.origin = `http://${host}`;
      headers["x-csrftoken"] = cookies.get("csrftoken") ?? "";
    }
    if (payload !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = Buffer.byteLength(payload);
    }
    return new Promise((resolve, reject) => {
      const outgoing = http.request(
        { host: "127.0.0.1", port, method, path, headers, agent, signal: stream ? undefined : AbortSignal.timeout(timeoutMs) },
        (response) => {
          for (const line of response.headers["set-cookie"] ?? []) {
            const pair = line.split(";")[0];
            cookies.set(pair.slice(0, pair.indexOf("=")).trim(), pair.slice(pair.indexOf("=") + 1).trim());
          }
          if (stream) return resolve(response);
          const chunks = [];
          response.on("data", (chunk) => chunks.push(chunk));
          response.on("end", () => {
            const text = Buffer.concat(chunks).toString();
            resolve({
              status: response.statusCode,
              body: text && response.headers["content-type"]?.includes("json") ? JSON.parse(text) : text,
            });
          });
          response.on("error", reject);
        },
      );
      outgoing.on("error", reject);
      if (payload !== undefined) outgoing.write(payload);
      outgoing.end();
    });
  }
  return { request, close: () => agent.destroy() };
}

export async function expectStatus(answer, status, what) {
  if (answer.status !== status) throw new Error(`${what} answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 300)}`);
  return answer.body;
}

/**
 * Signs the seller in, starts a live with `productId` pinned and opens its board's event
 * stream. Returns the live's code, and `finish(paidAt)` which waits (up to `settleMs`) for
 * the board to show every order of `paidAt` (order id -> when its card step answered), then
 * closes the board and returns the delivery times.
 */
export async function openLiveBoard({ port, mainHost, seller, productId, timeoutMs, settleMs = 5_000 }) {
  const client = sellerClient({ port, host: mainHost, timeoutMs });
  await client.request("GET", "/api/v1/account/auth/status");
  await expectStatus(await client.request("POST", "/api/v1/account/auth/login", seller), 200, "The seller's login");
  const live = await expectStatus(
    await client.request("POST", "/api/v1/shop/lives/", { title: "Benchmark live", platform: "tiktok" }),
    201,
    "Starting the live",
  );
  await expectStatus(
    await client.request("POST", `/api/v1/shop/lives/${live.id}/pin/`, { product_id: Number(productId) }),
    200,
    "Pinning the product",
  );

  const seen = new Map();
  let reloads = 0;
  let events = 0;
  let lastReload = 0;
  let scheduled = null;
  let reloading = null;
  const reload = async () => {
    lastReload = performance.now();
    reloads += 1;
    const answer = await client.request("GET", `/dashboard/lives/${live.id}`, undefined, { html: true });
    const at = performance.now();
    if (answer.status !== 200) return;
    for (const [, id] of answer.body.matchAll(/data-order-id="(\d+)" data-payment-status="succeeded"/g)) {
      if (!seen.has(Number(id))) seen.set(Number(id), at);
    }
  };
  const schedule = () => {
    if (scheduled || reloading) return;
    scheduled = setTimeout(
      () => {
        scheduled = null;
        reloading = reload().finally(() => (reloading = null));
      },
      Math.max(0, lastReload + RELOAD_EVERY_MS - performance.now()),
    );
  };

  const stream = await client.request("GET", `/dashboard/lives/${live.id}/events`, undefined, { stream: true });
  if (stream.statusCode !== 200) throw new Error(`The board's event stream answered ${stream.statusCode}`);
  let buffer = "";
  let pendingChange = false;
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const message = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (/^event: change$/m.test(message)) {
        events += 1;
        // A change while a reload runs is read by the next one.
        if (reloading) pendingChange = true;
        else schedule();
      }
    }
  });
  const followUp = setInterval(() => {
    if (pendingChange && !reloading) {
      pendingChange = false;
      schedule();
    }
  }, 50);

  return {
    code: live.code,
    async finish(paidAt) {
      const deadline = performance.now() + settleMs;
      while ([...paidAt.keys()].some((id) => !seen.has(id)) && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      clearInterval(followUp);
      if (scheduled) clearTimeout(scheduled);
      await reloading;
      stream.destroy();
      client.close();
      // A reload can land between the payment's commit and the card step's answer: that order took no time.
      const delays = [...paidAt].map(([id, at]) => (seen.has(id) ? Math.max(0, seen.get(id) - at) : null));
      const shown = delays.filter((delay) => delay !== null).sort((a, b) => a - b);
      return { paid: paidAt.size, shown: shown.length, delays: shown, reloads, events };
    },
  };
}
