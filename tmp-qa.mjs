import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const shop = "http://demo.localhost:3300", main = "http://localhost:3300";
const ctx = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1, locale: process.argv[2] ?? "en" });
const page = await ctx.newPage();
const shots = process.argv.slice(3);
async function shot(name, url) {
  await page.goto(url); await page.waitForLoadState("networkidle");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await page.screenshot({ path: `/tmp/qa/shots/${name}.png`, fullPage: true });
  console.log(name, "overflow", overflow, await page.title(), (await page.content()).includes("Silk Scarf Aurora</p>"), JSON.stringify((await page.locator("main").innerText()).slice(0, 400)));
}
if (shots.includes("login")) {
  await page.goto(`${main}/login`); await page.fill('input[name="email"]', "demo@example.com"); await page.fill('input[name="password"]', "Demo1234!");
  await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')]);
}
for (const s of shots.filter(s => s !== "login")) { const name = s.slice(0, s.indexOf("=")), url = s.slice(s.indexOf("=") + 1); await shot(name, url.startsWith("/") ? (name.startsWith("m-") ? main : shop) + url : url); }
await browser.close();
