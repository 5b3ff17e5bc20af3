// Measures the JavaScript each page really loads in Chromium (route modules, their imports
// and the lazy chunks fetched while the page hydrates), gzipped at level 9.
// Usage: npm run build && node scripts/measure-js.js
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { chromium } from "playwright-core";

const PORT = 3199;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "measure-js-"));
const server = spawn(process.execPath, ["server.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    ROOT_DOMAIN: `localhost:${PORT}`,
    DATABASE_URL: `file:${dir}/app.db`,
    UPLOAD_DIR: `${dir}/uploads`,
  },
  stdio: ["ignore", "pipe", "inherit"],
});
await new Promise((resolve) => server.stdout.on("data", (chunk) => String(chunk).includes("Main site") && resolve()));

const PAGES = [
  ["shop / (checkout, shipping step)", `http://demo.localhost:${PORT}/?product_id=2`],
  ["shop /products", `http://demo.localhost:${PORT}/products`],
  ["main / (landing)", `http://localhost:${PORT}/`],
  ["main /pricing", `http://localhost:${PORT}/pricing`],
];
const executablePath = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p));
const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu"] });
console.log("| Page | JS files | JS gzipped |\n|---|---|---|");
for (const [label, url] of PAGES) {
  const page = await browser.newPage();
  const scripts = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(response.body().then((b) => zlib.gzipSync(b, { level: 9 }).length));
  });
  await page.goto(url, { waitUntil: "networkidle" });
  const sizes = await Promise.all(scripts);
  console.log(`| ${label} | ${sizes.length} | ${(sizes.reduce((a, b) => a + b, 0) / 1024).toFixed(1)} kB |`);
  await page.close();
}
await browser.close();
server.kill();
fs.rmSync(dir, { recursive: true, force: true });
