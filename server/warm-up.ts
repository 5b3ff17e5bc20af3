import http from "node:http";
import { performance } from "node:perf_hooks";
import { mainSiteUrl } from "~/config.server";
import { shopsToWarmUp } from "~/domain/shops/warm-up.server";
import { WARM_UP_HEADER, warmUpToken } from "~/http/warm-up-request.server";
import { logger } from "~/lib/logger.server";

/**
 * A process that has just started compiles each step's code on its first requests and finds
 * its caches empty: a fresh node's first drop was 1.5 s at the catalogue's p99 (issue 31).
 * Before it says it is ready, it opens the pages a drop asks for itself, in-process through
 * the app's handler: V8 compiles the code of those routes, the page cache holds their pages,
 * the prepared statements and both languages' translators exist. Nothing is written: GETs sent
 * as prefetches (`Sec-Purpose: prefetch`, which counts no page view nor a live's visit,
 * `views.server.ts`), and shipping forms posted empty (refused with their errors before
 * anything is stored: the order step's parsing and its form's errors), outside the request log.
 * Then, when the node listens, the anonymous pages once more through its own port on new
 * connections (`openPagesOverHttp`), for the code a request runs before the app.
 */
export type WarmUpHandler = (request: Request) => Promise<Response>;

/** A node that could not warm up within this is ready anyway (a slow start beats none). */
export const WARM_UP_LIMIT_MS = 10_000;
const MAX_SHOPS = 3;
/**
 * The first round fills the page cache (anonymous shoppers, both languages); the next ones
 * render the same pages again as a shopper with a cookie of their own gets them, uncached, so
 * that V8 has run the render code more than once before the first real shopper.
 */
const ROUNDS = 3;
const ANONYMOUS_LANGUAGES = ["en", "fr"];
const BROWSER = {
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "Accept-Encoding": "gzip, deflate, br",
  "Sec-Purpose": "prefetch",
  "User-Agent": "livecart-warm-up",
};
// A cookie of no meaning to the app: the page is not the anonymous one, so it is rendered.
const NOT_ANONYMOUS = "livecart_warm_up=1";

type Page = { url: string; language: string; cookie: string | null; form?: string };

/** Where a checkout page's shipping form posts to (`/` is an index route: React Router's `?index`). */
const formTarget = (path: string) => (path.startsWith("/?") ? `/?index&${path.slice(2)}` : path);

function pagesToOpen(shops: { baseUrl: string; paths: string[] }[]): Page[] {
  const pages: Page[] = [{ url: `${mainSiteUrl()}/`, language: "en", cookie: null }];
  for (let round = 0; round < ROUNDS; round++) {
    for (const { baseUrl, paths } of shops) {
      for (const path of paths) {
        if (round === 0) for (const language of ANONYMOUS_LANGUAGES) pages.push({ url: baseUrl + path, language, cookie: null });
        else pages.push({ url: baseUrl + path, language: "en", cookie: NOT_ANONYMOUS });
        const productId = /[?&]product_id=(\d+)/.exec(path)?.[1];
        // Without the shopper's details: refused (400) before any order is made.
        if (round > 0 && productId)
          pages.push({
            url: baseUrl + formTarget(path),
            language: "en",
            cookie: NOT_ANONYMOUS,
            form: `intent=shipping&product_id=${productId}`,
          });
      }
    }
  }
  return pages;
}

function requestOf(page: Page): Request {
  const headers = new Headers({ ...BROWSER, "Accept-Language": page.language });
  if (page.cookie) headers.set("Cookie", page.cookie);
  if (page.form === undefined) return new Request(page.url, { headers });
  headers.delete("Sec-Purpose");
  headers.set("Content-Type", "application/x-www-form-urlencoded");
  headers.set("Origin", new URL(page.url).origin);
  headers.set("Sec-Fetch-Site", "same-origin");
  return new Request(page.url, { method: "POST", headers, body: page.form });
}

async function openPages(handle: WarmUpHandler, pages: Page[], deadline: number): Promise<{ opened: number; failed: string[] }> {
  const failed: string[] = [];
  let opened = 0;
  for (const page of pages) {
    if (performance.now() > deadline) break;
    const response = await handle(requestOf(page));
    // The whole page: a streamed render finishes only once it is read.
    await response.arrayBuffer();
    opened += 1;
    if (response.status >= 500) failed.push(`${new URL(page.url).pathname}${new URL(page.url).search} answered ${response.status}`);
  }
  return { opened, failed };
}

/** Where the node listens, for the round through its own port (`listening`: once it does). */
export type ListeningAddress = { port: number; host: string; listening: Promise<unknown> };

/**
 * The round through the node's own port: the in-process rounds leave cold what runs before the
 * app (Node's HTTP server and parser, Express and its middleware, the request turns, the
 * compression), and a fresh node's first drop paid for it on its first step. The anonymous
 * pages go `HTTP_ROUNDS` times over `HTTP_CONNECTIONS` new connections at once, each closed
 * after its answer (a drop's viewers arrive on new connections); in a node of several worker
 * processes the primary shares them out among the workers, as it will the shoppers'.
 */
const HTTP_CONNECTIONS = 20;
const HTTP_ROUNDS = 5;
const HTTP_TIMEOUT_MS = 2_000;

function loopbackFor(host: string): string {
  if (host === "0.0.0.0" || host === "") return "127.0.0.1";
  if (host === "::") return "::1";
  return host;
}

function openOverHttp(address: ListeningAddress, page: Page): Promise<string | null> {
  const url = new URL(page.url);
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: loopbackFor(address.host),
        port: address.port,
        path: url.pathname + url.search,
        headers: {
          ...BROWSER,
          "Accept-Language": page.language,
          Host: url.host,
          Connection: "close",
          [WARM_UP_HEADER]: warmUpToken(),
        },
        timeout: HTTP_TIMEOUT_MS,
      },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve((response.statusCode ?? 0) >= 500 ? `${url.pathname}${url.search} answered ${response.statusCode}` : null),
        );
        response.on("error", (error) => resolve(`${url.pathname}${url.search}: ${error.message}`));
      },
    );
    request.on("timeout", () => request.destroy(new Error("timed out")));
    request.on("error", (error) => resolve(`${url.pathname}${url.search}: ${error.message}`));
    request.end();
  });
}

async function openPagesOverHttp(address: ListeningAddress, all: Page[], deadline: number): Promise<{ opened: number; failed: string[] }> {
  await address.listening;
  const pages = all.filter((page) => page.cookie === null && page.form === undefined);
  const failed: string[] = [];
  let opened = 0;
  for (let round = 0; round < HTTP_ROUNDS && pages.length; round++) {
    if (performance.now() > deadline) break;
    const answers = await Promise.all(
      Array.from({ length: HTTP_CONNECTIONS }, (_, i) => openOverHttp(address, pages[(round * HTTP_CONNECTIONS + i) % pages.length]!)),
    );
    opened += answers.length;
    // One failure per kind is enough to say what went wrong.
    for (const answer of answers) if (answer && !failed.includes(answer)) failed.push(answer);
  }
  return { opened, failed };
}

/**
 * Opens the pages (see above) within `limitMs`. Never throws: a failure or the time limit is
 * logged as a warning, and the node becomes ready all the same.
 */
export async function warmUp({
  handle,
  limitMs = WARM_UP_LIMIT_MS,
  address,
}: {
  handle: WarmUpHandler;
  limitMs?: number;
  /** Where the node listens: the pages go once more through it. */
  address?: ListeningAddress;
}): Promise<void> {
  const started = performance.now();
  const deadline = started + limitMs;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timed out">((resolve) => (timer = setTimeout(() => resolve("timed out"), limitMs)));
  const openAll = async () => {
    const pages = pagesToOpen(await shopsToWarmUp(MAX_SHOPS));
    const inProcess = await openPages(handle, pages, deadline);
    const overHttp = address ? await openPagesOverHttp(address, pages, deadline) : { opened: 0, failed: [] };
    return { opened: inProcess.opened, openedOverHttp: overHttp.opened, failed: [...inProcess.failed, ...overHttp.failed] };
  };
  try {
    const result = await Promise.race([openAll(), timedOut]);
    const durationMs = Math.round(performance.now() - started);
    if (result === "timed out") logger().warn({ limit_ms: limitMs }, "warm-up stopped at its time limit; ready anyway");
    else if (result.failed.length) logger().warn({ failed: result.failed, duration_ms: durationMs }, "warm-up: pages failed; ready anyway");
    else logger().info({ pages: result.opened, pages_over_http: result.openedOverHttp, duration_ms: durationMs }, "warmed up");
  } catch (error) {
    logger().warn({ err: error }, "warm-up failed; ready anyway");
  } finally {
    clearTimeout(timer);
  }
}
