// `npm test`: lint (ESLint + Prettier), type check, production build, Vitest (unit on SQLite
// and on PGlite, races and two nodes on a real PostgreSQL, integration on SQLite and on a real
// PostgreSQL), then the end-to-end
// tests (Playwright, with and without JavaScript) against the build, and the shop's checkout
// and payment specs once more with the server on a real PostgreSQL, in two worker processes.
// Every runner runs even when an earlier one failed (except after a failed build, which the
// end-to-end tests need), and the last line sums them all: "N passed, M failed".
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { start as startPostgres } from "./postgres-server.js";

const reports = fs.mkdtempSync(path.join(os.tmpdir(), "livecart-test-"));
const vitestReport = path.join(reports, "vitest.json");
const playwrightReport = path.join(reports, "playwright.json");

let passed = 0;
let failed = 0;

function run(name, args, env = {}) {
  console.log(`\n▶ ${name}: ${args.join(" ")}`);
  const result = spawnSync(process.execPath, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) console.error(`\n✖ ${name} failed`);
  return result.status === 0;
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

// `npm run lint`, as one check; Prettier runs even when ESLint failed, to report both.
const eslintOk = run("Lint", ["node_modules/eslint/bin/eslint.js", "."]);
const prettierOk = run("Lint", ["node_modules/prettier/bin/prettier.cjs", "--check", "."]);
countCheck(eslintOk && prettierOk);

const typegen = run("Type check", ["node_modules/@react-router/dev/bin.js", "typegen"]);
countCheck(typegen && run("Type check", ["node_modules/typescript/bin/tsc"]));

const built = run("Build", ["node_modules/@react-router/dev/bin.js", "build"]);
countCheck(built);

const vitestOk = run("Unit and integration tests", [
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

/** One Playwright run; its tests are added to the totals. */
function runPlaywright(name, args, env = {}) {
  fs.rmSync(playwrightReport, { force: true });
  const ok = run(name, ["node_modules/@playwright/test/cli.js", "test", "--reporter=list,json", ...args], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
    ...env,
  });
  const playwright = readJson(playwrightReport);
  if (playwright?.stats) {
    passed += playwright.stats.expected + playwright.stats.flaky;
    failed += playwright.stats.unexpected;
    if (!ok && playwright.stats.unexpected === 0) failed += 1;
  } else if (!ok) failed += 1;
}

if (built) {
  runPlaywright("End-to-end tests", []);
  // The shopper's path (checkout, card payment, the seller's orders) with the server on
  // PostgreSQL, as a node of two worker processes (what `npm start` runs on a 2-core machine).
  let postgres;
  try {
    postgres = await startPostgres({});
    runPlaywright(
      "End-to-end tests on PostgreSQL",
      ["tests/e2e/checkout.spec.ts", "tests/e2e/payments.spec.ts", "tests/e2e/seller-orders.spec.ts", "--project", "js"],
      {
        E2E_DATABASE_URL: postgres.url,
        E2E_PORT: "3190",
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

fs.rmSync(reports, { recursive: true, force: true });
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
