// `npm test`: lint (ESLint + Prettier), type check, production build, Vitest (unit and
// integration on SQLite and on a real PostgreSQL, races and two nodes on PostgreSQL), then the
// end-to-end tests (Playwright, with and without JavaScript) against the build, and the
// journeys that write through the database once more with the server on a real PostgreSQL,
// in two worker processes.
// Every runner runs even when an earlier one failed (except after a failed build, which the
// end-to-end tests need), and the last line sums them all: "N passed, M failed".
// Lint, type check and build run side by side (each its own process, their output printed
// whole when they end); each runner prints its wall-clock time ("⏱ Vitest: 255 s").
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { start as startPostgres } from "./postgres-server.js";

// The runners' JSON reports (per-test durations among them): kept in TEST_REPORTS when set,
// else in a temporary folder removed at the end.
const keptReports = process.env.TEST_REPORTS ? path.resolve(process.env.TEST_REPORTS) : undefined;
if (keptReports) fs.mkdirSync(keptReports, { recursive: true });
const reports = keptReports ?? fs.mkdtempSync(path.join(os.tmpdir(), "livecart-test-"));
const vitestReport = path.join(reports, "vitest.json");

const testsStarted = performance.now();
let passed = 0;
let failed = 0;

const seconds = (since) => Math.round((performance.now() - since) / 1000);

/** One runner in the foreground (its output as it comes); resolves to whether it passed. */
function run(name, args, env = {}) {
  console.log(`\n▶ ${name}: ${args.join(" ")}`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: "inherit", env: { ...process.env, ...env } });
    child.on("error", () => resolve(false));
    child.on("close", (code) => {
      if (code !== 0) console.error(`\n✖ ${name} failed`);
      resolve(code === 0);
    });
  });
}

/**
 * Node scripts one after another in the background, their output kept and printed whole
 * (`report()`) so that steps running side by side do not interleave their lines.
 */
function background(name, steps) {
  const started = performance.now();
  let output = "";
  let took = 0;
  const result = (async () => {
    for (const args of steps) {
      output += `\n▶ ${name}: ${args.join(" ")}\n`;
      const ok = await new Promise((resolve) => {
        const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", "pipe"], env: process.env });
        child.stdout.on("data", (chunk) => (output += chunk));
        child.stderr.on("data", (chunk) => (output += chunk));
        child.on("error", () => resolve(false));
        child.on("close", (code) => resolve(code === 0));
      });
      if (!ok) return false;
    }
    return true;
  })().finally(() => (took = seconds(started)));
  return {
    result,
    async report() {
      const ok = await result;
      process.stdout.write(output);
      if (!ok) console.error(`\n✖ ${name} failed`);
      console.log(`⏱ ${name}: ${took} s`);
      return ok;
    },
  };
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

// A check without a test count of its own (lint, type check, build) counts as one.
function countCheck(ok) {
  if (ok) passed += 1;
  else failed += 1;
}

// Lint (`npm run lint`, one check: Prettier runs even when ESLint failed, to report both),
// the type check and the build, side by side. The route types are generated first: ESLint
// resolves the routes' `./+types/...` imports, which typegen writes.
const checksStarted = performance.now();
const typegen = await run("Type check", ["node_modules/@react-router/dev/bin.js", "typegen"]);
const eslint = background("Lint (ESLint)", [["node_modules/eslint/bin/eslint.js", "."]]);
const prettier = background("Lint (Prettier)", [["node_modules/prettier/bin/prettier.cjs", "--check", "."]]);
const tsc = background("Type check", typegen ? [["node_modules/typescript/bin/tsc"]] : []);
const build = background("Build", [["node_modules/@react-router/dev/bin.js", "build"]]);
const eslintOk = await eslint.report();
const prettierOk = await prettier.report();
countCheck(eslintOk && prettierOk);
countCheck((await tsc.report()) && typegen);
const built = await build.report();
countCheck(built);
console.log(`⏱ Lint, type check and build: ${seconds(checksStarted)} s`);

const vitestStarted = performance.now();
const vitestOk = await run("Unit and integration tests", [
  "node_modules/vitest/vitest.mjs",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  // A suite that failed to load has no tests to count: count it as a failure.
  failed += (vitest.testResults ?? []).filter((file) => file.status === "failed" && file.assertionResults.length === 0).length;
} else if (!vitestOk) failed += 1;
console.log(`⏱ Vitest: ${seconds(vitestStarted)} s`);

/** One Playwright run; its tests are added to the totals. */
async function runPlaywright(name, report, args, env = {}) {
  const started = performance.now();
  const playwrightReport = path.join(reports, report);
  fs.rmSync(playwrightReport, { force: true });
  const ok = await run(name, ["node_modules/@playwright/test/cli.js", "test", "--reporter=list,json", ...args], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    ...env,
  });
  const playwright = readJson(playwrightReport);
  if (playwright?.stats) {
    passed += playwright.stats.expected + playwright.stats.flaky;
    failed += playwright.stats.unexpected;
    if (!ok && playwright.stats.unexpected === 0) failed += 1;
  } else if (!ok) failed += 1;
  console.log(`⏱ ${name}: ${seconds(started)} s`);
}

if (built) {
  await runPlaywright("End-to-end tests", "playwright.json", []);
  // The shopper's path (checkout, card payment, the seller's orders, a viewer's claims) with the server on
  // PostgreSQL, as a node of two worker processes (what `npm start` runs on a 2-core machine):
  // the journeys that write through the database (every rule of them runs on PostgreSQL in the
  // integration-pg project too), not the checkout spec's screen details again.
  let postgres;
  try {
    postgres = await startPostgres({ durable: false });
    await runPlaywright(
      "End-to-end tests on PostgreSQL",
      "playwright-postgres.json",
      [
        "tests/e2e/checkout.spec.ts",
        "tests/e2e/payments.spec.ts",
        "tests/e2e/seller-orders.spec.ts",
        "tests/e2e/claim-link.spec.ts",
        "--project",
        "js",
        "--grep",
        "full checkout in English|declined card|authentication card: Complete|finds the order again|simulated onboarding|paid orders and unpaid checkouts|pays their claims",
      ],
      {
        E2E_DATABASE_URL: postgres.url,
        // The same port as the first run when one is given (that server has stopped by now).
        E2E_PORT: process.env.E2E_PORT ?? "3190",
        E2E_WEB_CONCURRENCY: "2",
      },
    );
  } catch (error) {
    console.error(`\n✖ End-to-end tests on PostgreSQL not run: ${error?.message ?? error}`);
    failed += 1;
  } finally {
    await postgres?.stop();
  }
} else {
  console.error("\n✖ End-to-end tests not run: the build failed");
  failed += 1;
}

if (!keptReports) fs.rmSync(reports, { recursive: true, force: true });
console.log(`⏱ npm test: ${seconds(testsStarted)} s`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
