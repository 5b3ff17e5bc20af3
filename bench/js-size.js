// The JavaScript each page really loads in Chromium (route modules, their imports and the
// lazy chunks fetched while the page hydrates), gzipped at level 9: what a shopper downloads
// on a first visit. Uses the system Chromium through playwright-core.
import fs from "node:fs";
import zlib from "node:zlib";
import { chromium } from "playwright-core";

const CHROMIUM = ["/usr/bin/chromium", "/usr/bin/chromium-browser"];
const PAGE_TIMEOUT_MS = 60_000;

/**
 * Each of `pages` (`{ url, use?, ... }`) with the number of scripts it loaded and their gzipped
 * bytes. `use(page)` acts on the loaded page (focusing a form loads its validation): the
 * scripts fetched until none came for a second count too.
 */
export async function measureJavaScript(pages) {
  const executablePath = CHROMIUM.find((candidate) => fs.existsSync(candidate));
  if (!executablePath) throw new Error(`Chromium not found (${CHROMIUM.join(", ")}); Debian: apt-get install chromium`);
  const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu"] });
  try {
    const results = [];
    for (const target of pages) {
      const page = await browser.newPage();
      const sizes = [];
      let measuring = true;
      let lastScriptAt = 0;
      page.on("response", (response) => {
        // A script arriving once the page is summed up (and closed) is not read.
        if (!measuring || response.request().resourceType() !== "script") return;
        lastScriptAt = Date.now();
        sizes.push(response.body().then((body) => zlib.gzipSync(body, { level: 9 }).length));
      });
      // Network idle: the chunks fetched while the page hydrates are in.
      await page.goto(target.url, { waitUntil: "networkidle", timeout: PAGE_TIMEOUT_MS });
      if (target.use) {
        const usedAt = Date.now();
        await target.use(page);
        while (Date.now() - Math.max(usedAt, lastScriptAt) < 1000) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      measuring = false;
      const bytes = await Promise.all(sizes);
      results.push({ ...target, files: bytes.length, bytes: bytes.reduce((a, b) => a + b, 0) });
      await page.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}
