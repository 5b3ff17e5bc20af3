// Our npm registry mirror only carries the platform packages of the machines we run on
// (e.g. @rollup/rollup-linux-x64-gnu but not -darwin-arm64), so `npm install` leaves the
// other platforms' optional packages out of package-lock.json and `npm ci` then refuses
// the lock as out of sync. This adds those entries back, with the os/cpu/libc that make
// npm skip them on every other platform. Run it after changing dependencies:
//   npm install && node scripts/complete-lockfile.js
import fs from "node:fs";

const LOCK = "package-lock.json";
const lock = JSON.parse(fs.readFileSync(LOCK, "utf8"));
const packages = lock.packages;

function platformOf(name) {
  const suffix = name.split("/").pop();
  const os = ["android", "darwin", "freebsd", "openbsd", "openharmony", "win32", "linux", "netbsd", "sunos", "aix"].find(
    (o) => suffix.includes(`-${o}-`) || suffix.endsWith(`-${o}`),
  );
  const cpu = ["arm64", "arm", "x64", "ia32", "loong64", "ppc64", "riscv64", "s390x", "wasm32", "mips64el"].find((c) =>
    new RegExp(`-${c}(-|$)`).test(suffix),
  );
  const libc = /-musl/.test(suffix) ? "musl" : os === "linux" && /-gnu/.test(suffix) ? "glibc" : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = location ? `${location}/node_modules` : "node_modules";
    const candidates = [`${base}/${name}`, `node_modules/${name}`];
    if (candidates.some((c) => packages[c])) continue;
    const { os, cpu, libc } = platformOf(name);
    if (!cpu && !os) continue; // not a platform package: leave it to npm
    packages[`node_modules/${name}`] = {
      version,
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(entry.dev ? { dev: true } : {}),
      ...(libc ? { libc: [libc] } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
    };
    added++;
  }
}

lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))));
fs.writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: added ${added} platform package entries`);
