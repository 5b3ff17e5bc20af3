// Builds the app when the build is missing or older than the sources.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const BUILD_MARKER = "build/server/index.js";
const SOURCES = ["app", "server", "db", "locales", "public", "package-lock.json", "vite.config.ts", "react-router.config.ts"];
const BUILD_COMMAND = [process.execPath, "node_modules/@react-router/dev/bin.js", "build"];

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/**
 * The build's own output (Vite's chunk list, empty-chunk notes, React Router's future-flag
 * notices) means nothing to someone starting the product, so it is kept and shown only
 * when the build fails; start-up prints one line instead, after `label` when another build
 * than the app's is meant (the benchmark's bare app).
 */
export function ensureBuild({ marker = BUILD_MARKER, sources = SOURCES, command = BUILD_COMMAND, label = "" } = {}) {
  const builtAt = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0;
  const sourcesAt = Math.max(...sources.map(newestMtime));
  if (builtAt >= sourcesAt) return;
  const started = Date.now();
  process.stdout.write(
    label + (builtAt ? "Sources changed since the last build: building... " : "No build yet: building (about a minute)... "),
  );
  const [program, ...args] = command;
  const result = spawnSync(program, args, { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) {
    process.stdout.write("failed.\n");
    process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`done in ${Math.round((Date.now() - started) / 1000)} s.\n`);
}
