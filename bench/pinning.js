// `--pin` (issue 31): PostgreSQL, the nodes, HAProxy and the benchmark's client each on a set
// of CPUs of their own (`taskset`, from util-linux), so that a run with 1, 2 and 3 nodes says
// what each part needs rather than how they shared the cores. Processes are pinned once
// started, every process of their tree and every thread (`taskset -a`); the ones they start
// afterwards (PostgreSQL's backends) inherit the set.
import { execFileSync, spawnSync } from "node:child_process";
import { cpuCount } from "./capacity.js";
import { processTree, readProcessTable } from "./process-cpu.js";

/** Throws, saying what to install, when `taskset` is missing. */
export function ensureTaskset() {
  const found = spawnSync("taskset", ["--version"], { encoding: "utf8" });
  if (found.error || found.status !== 0)
    throw new Error("--pin needs `taskset` (Debian's util-linux package, part of every Debian system; `apt-get install util-linux`).");
}

const list = (from, to) => (from === to ? String(from) : `${from}-${to}`);

/**
 * Which CPUs each part gets on a machine with `cpus` CPUs for `nodes` nodes, as `taskset -c`
 * lists: PostgreSQL on the last CPU; with 3 CPUs or more the client and HAProxy on the one
 * before (with fewer they share the database's: they are the load, not what is measured); the
 * nodes on the rest, 2 CPUs each (a 2-core node) when there are enough, else all of them on
 * all of the rest, sharing it. `shared` says the nodes share their CPUs.
 */
export function pinPlan(cpus, nodes) {
  if (cpus < 2) throw new Error("--pin needs at least 2 CPUs: one for the database, one for the nodes");
  const database = String(cpus - 1);
  const harness = cpus >= 3 ? String(cpus - 2) : database;
  const forNodes = cpus >= 3 ? cpus - 2 : cpus - 1;
  const ownPair = forNodes >= 2 * nodes;
  const nodeCpus = Array.from({ length: nodes }, (_, index) => (ownPair ? list(2 * index, 2 * index + 1) : list(0, forNodes - 1)));
  return { database, harness, nodes: nodeCpus, shared: !ownPair };
}

/** Pins every process (and thread) of the trees under `roots` to `cpus` (a `taskset -c` list). */
export function pinTree(roots, cpus) {
  for (const pid of processTree(readProcessTable(), roots)) {
    try {
      execFileSync("taskset", ["-a", "-p", "-c", cpus, String(pid)], { stdio: "ignore" });
    } catch (error) {
      // A process that exited meanwhile has nothing to pin.
      if (readProcessTable().has(pid)) throw error;
    }
  }
}

/** The CPUs a process may run on, as the kernel reports them (`taskset -c -p`), for the run's record. */
export function cpusOf(pid) {
  return execFileSync("taskset", ["-c", "-p", String(pid)], { encoding: "utf8" })
    .trim()
    .split(": ")
    .at(-1);
}

/**
 * The plan's CPU sets with the groups of processes on each (bench/cost.js's names), for
 * bench/capacity.js's predictedCeiling: the nodes' sets count as one (the app's cost is that of
 * all its nodes); the client and HAProxy join the database's CPU when they share it.
 */
export function cpuSets(plan) {
  const nodeCpus = plan.shared ? cpuCount(plan.nodes[0]) : plan.nodes.reduce((total, cpus) => total + cpuCount(cpus), 0);
  const harness = ["client", "balancer"];
  return plan.harness === plan.database
    ? [
        { cpus: nodeCpus, groups: ["app"] },
        { cpus: cpuCount(plan.database), groups: ["database", ...harness] },
      ]
    : [
        { cpus: nodeCpus, groups: ["app"] },
        { cpus: cpuCount(plan.database), groups: ["database"] },
        { cpus: cpuCount(plan.harness), groups: harness },
      ];
}
