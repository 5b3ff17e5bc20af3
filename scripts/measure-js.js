// Measures the JavaScript each page really loads in Chromium (route modules, their imports
// and the lazy chunks fetched while the page hydrates), gzipped at level 9. The checkout is
// measured per step, on load and once the shopper has focused the step's form (its client
// validation loads then): a step's lazy chunks count on that step only.
// Usage: npm run build && node scripts/measure-js.js (MEASURE_PORT, default 3199).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { chromium } from "playwright-core";

const PORT = Number(process.env.MEASURE_PORT ?? 3199);
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
// A failed measurement must not leave the server running.
process.on("exit", () => server.kill());
await new Promise((resolve) => server.stdout.on("data", (chunk) => String(chunk).includes("Main site") && resolve()));

const CHECKOUT = `http://demo.localhost:${PORT}/?product_id=2`;
const PAGES = [
  ["shop / (checkout, shipping step)", CHECKOUT],
  ["shop / (checkout, shipping step, form in use)", CHECKOUT, (page) => page.locator("[name=full_name]").focus()],
  ["shop / (checkout, payment step)", "payment"],
  ["shop / (checkout, payment step, form in use)", "payment", (page) => page.locator("[name=card_number]").focus()],
  ["shop /products", `http://demo.localhost:${PORT}/products`],
  ["main / (landing)", `http://localhost:${PORT}/`],
  ["main /pricing", `http://localhost:${PORT}/pricing`],
];
const executablePath = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p));
const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu"] });
// The shopper's own order: its payment step is visible to this browser context only.
const context = await browser.newContext();
const shopper = await context.newPage();
await shopper.goto(CHECKOUT, { waitUntil: "networkidle" });
for (const [name, value] of Object.entries({
  full_name: "Nina Shopper",
  email: "nina@example.test",
  phone: "0611223344",
  address: "3 place Bellecour",
  city: "Lyon",
  zip_code: "69002",
  country: "France",
})) {
  await shopper.locator(`[name=${name}]`).fill(value);
}
await Promise.all([shopper.waitForURL(/step=payment/), shopper.locator("form[aria-labelledby=shipping-title] [type=submit]").click()]);
const paymentUrl = shopper.url();
await shopper.close();

console.log("| Page | JS files | JS gzipped |\n|---|---|---|");
for (const [label, url, use] of PAGES) {
  const page = await context.newPage();
  const scripts = [];
  let lastScriptAt = 0;
  let measuring = true;
  page.on("response", (response) => {
    // A script arriving once the page is summed up (and closed) is not read.
    if (!measuring || response.request().resourceType() !== "script") return;
    lastScriptAt = Date.now();
    scripts.push(response.body().then((b) => zlib.gzipSync(b, { level: 9 }).length));
  });
  await page.goto(url === "payment" ? paymentUrl : url, { waitUntil: "networkidle" });
  if (use) {
    // What the step loads once used: the scripts fetched until none came for a second.
    const usedAt = Date.now();
    await use(page);
    while (Date.now() - Math.max(usedAt, lastScriptAt) < 1000) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  measuring = false;
  const sizes = await Promise.all(scripts);
  console.log(`| ${label} | ${sizes.length} | ${(sizes.reduce((a, b) => a + b, 0) / 1024).toFixed(1)} kB |`);
  await page.close();
}
await browser.close();
server.kill();
fs.rmSync(dir, { recursive: true, force: true });
