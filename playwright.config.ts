import fs from "node:fs";
import { defineConfig } from "@playwright/test";
import { E2E_PORT, e2eServerEnvironment } from "./tests/e2e/environment";

// Playwright cannot download its own browser on our machines: use Debian's Chromium.
const systemChromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => fs.existsSync(p));
const PORT = E2E_PORT;
// The test workers' database helpers (tests/e2e/db.ts) open the server's database: the engine
// is chosen from DATABASE_URL when they load, so it is set here, before any worker starts.
process.env.DATABASE_URL = e2eServerEnvironment.DATABASE_URL;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  // Limits for a hang, not for speed (speed is the benchmark's): the longest journeys (the
  // seller's registration wizard, the waitlist's mail) take 20 s on an idle 2-core machine, and
  // a CI machine may run twice as slow.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A failed test keeps its trace: actions, network, console (and the failure's page
    // snapshot, error-context.md). Without the screencast, nor a DOM snapshot per action:
    // recording them for every test, passing ones included, took a third of the browser's CPU
    // and then a sixth of the suite's time on a 2-core machine. `--trace retain-on-failure` on
    // the command line brings both back.
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: false },
    launchOptions: {
      executablePath: process.env.PLAYWRIGHT_CHROMIUM_PATH ?? systemChromium,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    // Tests tagged @nojs-only run only without JavaScript, @js-only only with it; the rest run in both.
    { name: "js", use: { javaScriptEnabled: true }, grepInvert: /@nojs-only/ },
    { name: "no-js", use: { javaScriptEnabled: false }, grepInvert: /@js-only/ },
  ],
  webServer: {
    command: "node tests/e2e/server.js",
    url: `http://localhost:${PORT}/`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: e2eServerEnvironment,
  },
});
