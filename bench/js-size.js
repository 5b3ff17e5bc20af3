// The JavaScript each page really loads in Chromium (route modules, their imports and the
// lazy chunks fetched while the page hydrates), gzipped at level 9: what a shopper downloads
// on a first visit. Uses the system Chromium through playwright-core.
import fs from "node:fs";
import zlib from "node:zlib";
import { chromium } from "playwright-core";

const CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];
const PAGE_TIMEOUT_MS = 60_000;

/** Each of `pages` (`{ url, ... }`) with the number of scripts it loaded and their gzipped bytes. */
export async function measureJavaScript(pages) {
  const executablePath = CHROMIUM.find((candidate) => fs.existsSync(candidate));
  if (!executablePath) throw new Error(`Chromium not found (${CHROMIUM.join(", ")}); Debian: apt-get install chromium`);
  const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const results = [];
    for (const target of pages) {
      const page = await browser.newPage();
      const sizes = [];
      page.on("response", (response) => {
        if (response.request().resourceType() === "script")
          sizes.push(response.body().then((body) => zlib.gzipSync(body, { level: 9 }).length));
      });
      // Network idle: the chunks fetched while the page hydrates are in.
      await page.goto(target.url, { waitUntil: "networkidle", timeout: PAGE_TIMEOUT_MS });
      const bytes = await Promise.all(sizes);
      results.push({ ...target, files: bytes.length, bytes: bytes.reduce((a, b) => a + b, 0) });
      await page.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}
