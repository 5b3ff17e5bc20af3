import { performance } from "node:perf_hooks";
import { mainSiteUrl } from "~/config.server";
import { shopsToWarmUp } from "~/domain/shops/warm-up.server";
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

async function openPages(handle: WarmUpHandler, deadline: number): Promise<{ opened: number; failed: string[] }> {
  const pages = pagesToOpen(await shopsToWarmUp(MAX_SHOPS));
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

/**
 * Opens the pages (see above) within `limitMs`. Never throws: a failure or the time limit is
 * logged as a warning, and the node becomes ready all the same.
 */
export async function warmUp({ handle, limitMs = WARM_UP_LIMIT_MS }: { handle: WarmUpHandler; limitMs?: number }): Promise<void> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timed out">((resolve) => (timer = setTimeout(() => resolve("timed out"), limitMs)));
  try {
    const result = await Promise.race([openPages(handle, started + limitMs), timedOut]);
    const durationMs = Math.round(performance.now() - started);
    if (result === "timed out") logger().warn({ limit_ms: limitMs }, "warm-up stopped at its time limit; ready anyway");
    else if (result.failed.length) logger().warn({ failed: result.failed, duration_ms: durationMs }, "warm-up: pages failed; ready anyway");
    else logger().info({ pages: result.opened, duration_ms: durationMs }, "warmed up");
  } catch (error) {
    logger().warn({ err: error }, "warm-up failed; ready anyway");
  } finally {
    clearTimeout(timer);
  }
}
