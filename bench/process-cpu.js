// The CPU time processes spent, from the kernel's own accounting (/proc/<pid>/stat), so the
// figure holds on a machine shared with other work: what a process tree used between two
// readings, whatever else ran on the cores meanwhile (issue 31). Linux only.
import { execFileSync } from "node:child_process";
import fs from "node:fs";

let clockTicks = null;
/** Clock ticks per second, the unit of /proc/<pid>/stat's times (`getconf CLK_TCK`, 100 on Linux). */
export function ticksPerSecond() {
  clockTicks ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  return clockTicks;
}

/**
 * One line of /proc/<pid>/stat: its pid, its parent and its CPU ticks. Fields after the
 * command name (in parentheses, which may itself hold spaces and parentheses), counted from 1:
 * 4 ppid, 14 utime, 15 stime, 16 cutime, 17 cstime. The children's times are those of
 * children that exited and were waited for: a PostgreSQL backend that ended during a drop
 * still counts, in its postmaster's.
 */
export function parseProcStat(line) {
  const close = line.lastIndexOf(")");
  const pid = Number(line.slice(0, line.indexOf(" ")));
  // After ") ": field 3 (state) is index 0.
  const fields = line
    .slice(close + 2)
    .trim()
    .split(/\s+/);
  const at = (field) => Number(fields[field - 3]);
  return { pid, ppid: at(4), ticks: at(14) + at(15) + at(16) + at(17) };
}

/** Every process of the machine: pid -> { ppid, ticks }. Processes that exit while it reads are skipped. */
export function readProcessTable() {
  const table = new Map();
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = parseProcStat(fs.readFileSync(`/proc/${name}/stat`, "utf8"));
      table.set(stat.pid, stat);
    } catch {
      // Gone between the listing and the read.
    }
  }
  return table;
}

/** The pids of `roots` and of all their descendants in `table`. */
export function processTree(table, roots) {
  const children = new Map();
  for (const { pid, ppid } of table.values()) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const tree = new Set();
  const pending = roots.filter((pid) => table.has(pid));
  while (pending.length) {
    const pid = pending.pop();
    if (tree.has(pid)) continue;
    tree.add(pid);
    pending.push(...(children.get(pid) ?? []));
  }
  return tree;
}

/** The CPU ticks (user + system, exited children included) of the trees under `roots`. */
export function treeTicks(table, roots) {
  let ticks = 0;
  for (const pid of processTree(table, roots)) ticks += table.get(pid).ticks;
  return ticks;
}

/**
 * A reading of each group's CPU time: `groups` is { name: [root pids] }, e.g. the app's
 * node(s), PostgreSQL's postmaster, HAProxy; `client` is this process (process.cpuUsage(),
 * microseconds). Two readings give the milliseconds each spent between them (`cpuSpent`).
 */
export function readCpu(groups) {
  const table = readProcessTable();
  const ticks = Object.fromEntries(Object.entries(groups).map(([name, roots]) => [name, treeTicks(table, roots)]));
  const { user, system } = process.cpuUsage();
  return { ticks, clientMicros: user + system };
}

/** Milliseconds of CPU each group (and the client) spent between two readings of readCpu. */
export function cpuSpent(before, after, hz = ticksPerSecond()) {
  const spent = Object.fromEntries(Object.keys(after.ticks).map((name) => [name, ((after.ticks[name] - before.ticks[name]) * 1000) / hz]));
  return { ...spent, client: (after.clientMicros - before.clientMicros) / 1000 };
}
