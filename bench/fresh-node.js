// The `fresh` part (issue 31): a node that has just started, as a deploy or a replacement
// during a live brings one in. It starts the node, waits for its /readyz, and runs the drop at
// once, with no warm-up drop: what V8 has not compiled and the caches do not hold by then, the
// first shoppers pay for. Before the drop, the idle node's memory: every process of the node
// (the primary that supervises and its workers), and the primary alone.
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import { runLiveDrop } from "./live-drop.js";
import { countPaidOrders } from "./paid-orders.js";
import { startShopOnSqlite } from "./servers.js";

// Issue 31's targets: every step's p99 of a fresh node's first drop, and an idle node's memory.
export const FRESH_TARGETS = { stepP99Ms: 500, idleNodeMb: 300 };
// How long the node is left alone after it said it is ready before its memory is read: the
// start-up's garbage collected, the timers of its background work run once.
const IDLE_SETTLE_MS = 3_000;

/** `/proc/<pid>/smaps_rollup`'s Rss and Pss in kB (null when the process is gone). */
function memoryOf(pid) {
  let text;
  try {
    text = fs.readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
  } catch {
    return null;
  }
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? NaN);
  return { rssKb: field("Rss"), pssKb: field("Pss") };
}

/** The pids of `pid`'s children (a cluster primary's workers), from /proc. */
function childrenOf(pid) {
  const children = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of stat is the parent's pid; the name (field 2) may hold spaces, so split after its ')'.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === pid) children.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return children;
}

/**
 * The node's memory: each of its processes' PSS (proportional set size) and RSS. PSS is what
 * is summed: the pages several processes share (Node's own code, the shared libraries, the
 * native addons' code) count in each one's RSS, so a sum of RSS counts them once per process;
 * PSS splits each shared page among the processes that map it, so the sum is what the node
 * costs the machine. (Other Node processes on the machine share Node's code too and take
 * their share of it: the node's sum is then slightly lower than with the node alone.)
 */
export function nodeMemory(primaryPid) {
  const processes = [primaryPid, ...childrenOf(primaryPid)]
    .map((pid) => ({ pid, ...memoryOf(pid) }))
    .filter((process) => Number.isFinite(process.pssKb));
  const sum = (key) => processes.reduce((total, process) => total + process[key], 0) / 1024;
  const primary = processes.find((process) => process.pid === primaryPid);
  return {
    processes: processes.length,
    pssMb: sum("pssKb"),
    rssMb: sum("rssKb"),
    primaryPssMb: primary ? primary.pssKb / 1024 : null,
    primaryRssMb: primary ? primary.rssKb / 1024 : null,
  };
}

/**
 * Starts a node (one worker per core, as `npm start` runs it) on a fresh database in `dir`,
 * measures the time from its start to its first 200 on /readyz (polled every 200 ms), its
 * idle memory, then runs the drop at once and checks exactly-once against the database.
 */
export async function measureFreshNode({ port, host, dir, log, shoppers, concurrency, timeoutMs, timeLimitMs }) {
  const startedAt = performance.now();
  const shop = await startShopOnSqlite({ port, dir, log });
  try {
    const readySeconds = (performance.now() - startedAt) / 1000;
    await new Promise((resolve) => setTimeout(resolve, IDLE_SETTLE_MS));
    const memory = nodeMemory(shop.pid);
    const paidBefore = await countPaidOrders(shop.databaseUrl);
    const drop = await runLiveDrop({ port, host, shoppers, concurrency, timeoutMs, timeLimitMs });
    const grewBy = (await countPaidOrders(shop.databaseUrl)) - paidBefore;
    const paidAmongThem = drop.paidOrderIds.length ? await countPaidOrders(shop.databaseUrl, drop.paidOrderIds) : 0;
    const exactlyOnce = { grewBy, paidAmongThem, pass: grewBy === drop.paidOrderIds.length && paidAmongThem === drop.paidOrderIds.length };
    return { readySeconds, memory, drop, exactlyOnce };
  } finally {
    await shop.stop();
  }
}

const mark = (met) => (met ? "met" : "**not met**");
const format = (value, digits = 0) =>
  value === null || value === undefined
    ? "-"
    : value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The fresh node's section of docs/performance.md. */
export function freshNodeSection({ readySeconds, memory, drop, exactlyOnce }) {
  const checkoutsPerSecond = drop.completed / drop.wallSeconds;
  const lines = [
    `Started, then ready (\`/readyz\` 200, polled every 0.2 s) after **${format(readySeconds, 1)} s**; then at once, with no warm-up drop, ` +
      `${format(drop.shoppers)} shoppers, ${format(drop.concurrency)} at once: ${format(checkoutsPerSecond, 1)} completed checkouts/s ` +
      `(${format(drop.completed)} of ${format(drop.shoppers)} in ${format(drop.wallSeconds, 1)} s).`,
    "",
    `| Step | Requests | p50 | p99 (target < ${FRESH_TARGETS.stepP99Ms} ms) | Failures |`,
    "|---|---|---|---|---|",
    ...drop.steps.map(
      (step) =>
        `| ${step.name} | ${format(step.attempts)} | ${step.p50 === null ? "-" : `${format(step.p50)} ms`} | ` +
        `${step.p99 === null ? "-" : `${format(step.p99)} ms: ${mark(step.p99 < FRESH_TARGETS.stepP99Ms)}`} | ${format(step.failures)} |`,
    ),
  ];
  const reasons = drop.steps.flatMap((step) => [...step.reasons].map(([reason, count]) => `- ${step.name}: ${reason} (${count})`));
  if (reasons.length) lines.push("", "Failures by reason:", "", ...reasons);
  lines.push(
    "",
    `Exactly-once: paid orders grew by ${format(exactlyOnce.grewBy)}; ${format(drop.paidOrderIds.length)} shoppers were told their card ` +
      `was accepted, and ${format(exactlyOnce.paidAmongThem)} of their orders are paid: **${exactlyOnce.pass ? "PASS" : "FAIL"}**.`,
    "",
    `Idle node memory, ${IDLE_SETTLE_MS / 1000} s after it was ready (before the drop): ${memory.processes} processes, ` +
      `**${format(memory.pssMb)} MB** PSS in all (target <= ${FRESH_TARGETS.idleNodeMb} MB: ${mark(memory.pssMb <= FRESH_TARGETS.idleNodeMb)}; ` +
      `RSS ${format(memory.rssMb)} MB), of which the supervising primary **${format(memory.primaryPssMb)} MB** PSS ` +
      `(RSS ${format(memory.primaryRssMb)} MB). PSS (\`/proc/<pid>/smaps_rollup\`) splits the pages processes share (Node's code, ` +
      "the libraries) among them; a sum of RSS counts them once per process.",
  );
  return lines.join("\n");
}
