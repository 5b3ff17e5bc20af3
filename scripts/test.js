// `npm test`: type check, production build, unit + integration tests (Vitest), then the
// end-to-end tests (Playwright, with and without JavaScript) against the build.
import { spawnSync } from "node:child_process";

const steps = [
  ["Type check", ["node_modules/@react-router/dev/bin.js", "typegen"]],
  ["Type check", ["node_modules/typescript/bin/tsc"]],
  ["Build", ["node_modules/@react-router/dev/bin.js", "build"]],
  ["Unit and integration tests", ["node_modules/vitest/vitest.mjs", "run"]],
  ["End-to-end tests", ["node_modules/@playwright/test/cli.js", "test"]],
];

for (const [name, args] of steps) {
  console.log(`\n▶ ${name}: ${args.join(" ")}`);
  const result = spawnSync(process.execPath, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log("\n✔ All tests passed");
