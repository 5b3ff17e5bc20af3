// The benchmark's figures as Markdown (printed as they are, and written into the docs between
// the benchmark's own markers), with the targets of issues 15 and 31 beside them.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import { CONNECTIONS, WARM_UP_SECONDS } from "./http-load.js";

// Issue 31's targets (issue 15's were 40 checkouts/s, p99 under 1 s, a 145 kB checkout).
export const TARGETS = {
  checkoutsPerSecond: 100,
  stepP99Ms: 500,
  catalogueToBare: 0.7,
  // Gzipped JavaScript per page type, in kB (1024 bytes); the checkout also once its form is in use.
  javaScriptKb: { catalogue: 125, checkout: 130, checkoutInUse: 150, landing: 125 },
  // Issue 16: a paid order is on the live board within 2 s.
  boardDeliveryMs: 2000,
  // Issue 29: a live takes at least 100 claiming comments a second.
  claimsPerSecond: 100,
};

const mark = (met) => (met ? "met" : "**not met**");
const number = (value, digits = 0) =>
  value === null || value === undefined
    ? "-"
    : value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const ms = (value) => (value === null || value === undefined ? "-" : `${number(value)} ms`);
const table = (header, rows) =>
  [`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`, ...rows.map((row) => `| ${row.join(" | ")} |`)].join("\n");

function gitCommit() {
  try {
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim();
    // The docs are where the figures go: an earlier run's figures do not change what is measured.
    const changed =
      execFileSync("git", ["status", "--porcelain", "--untracked-files=no", "--", ".", ":!docs"], { encoding: "utf8" }).trim() !== "";
    return changed ? `${commit} (with uncommitted changes)` : commit;
  } catch {
    return "unknown (not a git checkout)";
  }
}

/** Where and when: the figures mean something only on the machine that produced them. */
export function machineLine(loadAverageAtStart) {
  const cpus = os.cpus();
  return (
    `Machine: ${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), Node ${process.version}, ` +
    `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, commit ${gitCommit()}. ` +
    `Load average (1 min) at the start of the run: ${loadAverageAtStart.toFixed(2)}, at the end: ${os.loadavg()[0].toFixed(2)} ` +
    "(the benchmark's own load included; other processes share the cores)."
  );
}

/** Requests/s, latency and refusals per URL, and the catalogue against the bare page. */
export function httpSection({ duration, rows, ratio }) {
  const lines = [
    `Autocannon, ${CONNECTIONS} connections, ${duration} s per URL after a ${WARM_UP_SECONDS} s warm-up, the server idle again before each run; requests/s counts 2xx answers only (304 for a CDN's revalidation).`,
    "",
    table(
      ["URL", "Requests/s", "p50", "p99", "Other answers", "Errors (timeouts)"],
      rows.map(({ label, result }) => [
        label,
        number(result.requestsPerSecond, 1),
        ms(result.p50),
        ms(result.p99),
        number(result.unexpected),
        `${number(result.errors)} (${number(result.timeouts)})`,
      ]),
    ),
  ];
  if (ratio !== undefined) {
    lines.push(
      "",
      `Catalogue / bare page, measured A/B in the same run: **${number(ratio, 2)}x** (target >= ${TARGETS.catalogueToBare}x: ${mark(ratio >= TARGETS.catalogueToBare)}).`,
    );
  }
  const invalid = rows.filter(({ result }) => result.unexpected > 0 || result.errors > 0);
  if (invalid.length) lines.push("", `Not a valid measurement (other answers or errors): ${invalid.map(({ label }) => label).join(", ")}.`);
  return lines.join("\n");
}

/** The live drop: throughput, each step's latency and failures, and the exactly-once check. */
export function dropSection(drop, exactlyOnce, { judged = true } = {}) {
  const checkoutsPerSecond = drop.completed / drop.wallSeconds;
  const notStarted = drop.shoppers - drop.started;
  // A comparison run (one process of a node) shows its figures without the node's verdicts.
  const verdict = (text) => (judged ? text : "");
  const lines = [
    `${number(drop.shoppers)} shoppers, ${number(drop.concurrency)} at once: **${number(checkoutsPerSecond, 1)} completed checkouts/s** ` +
      `(${number(drop.completed)} of ${number(drop.shoppers)} completed in ${number(drop.wallSeconds, 1)} s` +
      verdict(`; target >= ${TARGETS.checkoutsPerSecond}: ${mark(checkoutsPerSecond >= TARGETS.checkoutsPerSecond)}`) +
      ")." +
      (notStarted ? ` ${number(notStarted)} shoppers did not start: the drop's time limit was reached.` : ""),
    "",
    table(
      ["Step", "Requests", "p50", judged ? `p99 (target < ${TARGETS.stepP99Ms / 1000} s)` : "p99", "Failures"],
      drop.steps.map((step) => [
        step.name,
        number(step.attempts),
        ms(step.p50),
        step.p99 === null ? "-" : `${ms(step.p99)}${verdict(`: ${mark(step.p99 < TARGETS.stepP99Ms)}`)}`,
        number(step.failures),
      ]),
    ),
  ];
  const reasons = drop.steps.flatMap((step) => [...step.reasons].map(([reason, count]) => `- ${step.name}: ${reason} (${count})`));
  if (reasons.length) lines.push("", "Failures by reason:", "", ...reasons);
  lines.push(
    "",
    `Exactly-once: paid orders in the database grew by ${number(exactlyOnce.grewBy)}; ${number(drop.paidOrderIds.length)} shoppers were told ` +
      `their card was accepted, and ${number(exactlyOnce.paidAmongThem)} of their orders are paid: **${exactlyOnce.pass ? "PASS" : "FAIL"}**.`,
  );
  return lines.join("\n");
}

/** The live drop through a live's link, and how soon the live board showed each paid order. */
export function liveSection(drop, exactlyOnce, board) {
  const within = board.delays.filter((delay) => delay < TARGETS.boardDeliveryMs).length;
  const pct = (fraction) =>
    board.delays[Math.min(board.delays.length - 1, Math.max(0, Math.ceil(fraction * board.delays.length) - 1))] ?? null;
  const allShown = board.shown === board.paid && within === board.paid;
  return [
    dropSection(drop, exactlyOnce),
    "",
    `Live board (the seller's screen, open during the drop; ${number(board.events)} change events, ${number(board.reloads)} reloads): ` +
      `${number(board.shown)} of ${number(board.paid)} paid orders shown, ${number(within)} within ${TARGETS.boardDeliveryMs / 1000} s ` +
      `of the shopper's card step answering (p50 ${ms(pct(0.5))}, p99 ${ms(pct(0.99))}, max ${ms(board.delays.at(-1) ?? null)}): ` +
      `target every paid order within ${TARGETS.boardDeliveryMs / 1000} s: ${mark(allShown)}.`,
  ].join("\n");
}

/**
 * The limited-stock drop (issue 27): who got the units and who was told "sold out" where, each
 * step's latency, and the checks against the database.
 */
export function stockSection(drop, stock) {
  const { units, figures, verdict } = stock;
  const where = [...drop.soldOutAt].filter(([, count]) => count > 0).map(([step, count]) => `${step} ${number(count)}`);
  const lines = [
    `${number(drop.shoppers)} shoppers, ${number(drop.concurrency)} at once, race for **${number(units)} units** of the live's pinned product ` +
      `through the live's link, the live board open: **${number(drop.paidOrderIds.length)} paid**, **${number(drop.soldOut)} told "sold out"** ` +
      `(by step: ${where.join(", ") || "none"}), ${number(verdict.failed)} failed otherwise, in ${number(drop.wallSeconds, 1)} s.`,
    "",
    table(
      ["Step", "Requests", "p50", `p99 (target < ${TARGETS.stepP99Ms / 1000} s)`, "Told sold out", "Failures"],
      drop.steps.map((step) => [
        step.name,
        number(step.attempts),
        ms(step.p50),
        step.p99 === null ? "-" : `${ms(step.p99)}: ${mark(step.p99 < TARGETS.stepP99Ms)}`,
        number(step.soldOut),
        number(step.failures),
      ]),
    ),
  ];
  const reasons = drop.steps.flatMap((step) => [...step.reasons].map(([reason, count]) => `- ${step.name}: ${reason} (${count})`));
  if (reasons.length) lines.push("", "Failures by reason:", "", ...reasons);
  lines.push(
    "",
    `In the database: ${number(figures.placed)} orders placed, ${number(figures.paid)} paid, ${number(figures.intents)} payments started, ` +
      `${number(figures.charges)} charges for ${number(figures.chargedOrders)} orders, ${number(figures.refundedForSoldOut)} refunded for a unit that was gone; ` +
      `stock ${number(figures.stock)}, held ${number(figures.reserved)}, ${number(figures.sales)} sales.`,
    "",
    ...verdict.checks.map((check) => `- ${check.label}: ${check.pass ? "yes" : "**no**"}`),
    "",
    `Never oversold, nobody charged for nothing: **${verdict.pass ? "PASS" : "FAIL"}**.`,
  );
  return lines.join("\n");
}

/** The claims burst (issue 29): comments accepted per second and their latency, the live's limit, the checks. */
export function claimsSection(burst) {
  return [
    `${number(burst.comments)} claiming comments ("SOLD BURST1", "je prends burst1", "+1 BURST1"), one per viewer, ` +
      `${number(burst.concurrency)} at once, through \`POST /api/v1/shop/lives/{id}/comments/\` for **${number(burst.units)} units**, ` +
      `in ${number(burst.wallMs / 1000, 1)} s.`,
    "",
    table(
      ["Accepted (200)", "Accepted/s (target >= 100)", "p50", "p99", "Refused 429 (the live's limit)", "Failed", "Held", "Waitlisted"],
      [
        [
          number(burst.accepted),
          `${number(burst.acceptedPerSecond, 1)}: ${mark(burst.acceptedPerSecond >= TARGETS.claimsPerSecond)}`,
          ms(burst.p50),
          ms(burst.p99),
          number(burst.limited),
          number(burst.failed),
          number(burst.claimed),
          number(burst.waitlisted),
        ],
      ],
    ),
    "",
    `In the database: ${number(burst.figures.held)} claims held (${number(burst.figures.unitsHeld)} units), ` +
      `${number(burst.figures.waitlisted)} waitlisted; the variant: stock ${number(burst.figures.stock)}, held ${number(burst.figures.reserved)}.`,
    "",
    ...burst.checks.map((check) => `- ${check.label}: ${check.pass ? "yes" : "**no**"}`),
    "",
    `Exactly as many claims as units: **${burst.pass ? "PASS" : "FAIL"}**.`,
  ].join("\n");
}

/** The limited-stock drop per cluster size. */
export function stockNodesSection(runs) {
  return table(
    ["Nodes", "Units", "Paid", "Told sold out (before paying)", "Failed", "Slowest step p99", "Checks"],
    runs.map(({ nodes, stock }) => {
      if (!stock) return [number(nodes), "-", "-", "-", "-", "-", "-"];
      const { drop, units, verdict } = stock;
      const slowest = drop.steps.reduce((worst, step) => ((step.p99 ?? 0) > (worst.p99 ?? 0) ? step : worst));
      return [
        number(nodes),
        number(units),
        number(drop.paidOrderIds.length),
        `${number(drop.soldOut)} (${number(verdict.beforePayment)})`,
        number(verdict.failed),
        `${ms(slowest.p99)} (${slowest.name})`,
        verdict.pass ? "PASS" : "FAIL",
      ];
    }),
  );
}

/** Gzipped JavaScript per page type beside its target. */
export function javaScriptSection(pages) {
  return table(
    ["Page", "JS files", "JS gzipped", "Target"],
    pages.map(({ label, kind, files, bytes }) => {
      const kb = bytes / 1024;
      const target = TARGETS.javaScriptKb[kind];
      return [label, number(files), `${number(kb, 1)} kB`, `<= ${target} kB: ${mark(kb <= target)}`];
    }),
  );
}

/** One row per cluster size: the catalogue's throughput and the drop's. */
export function nodesSection(runs) {
  return table(
    [
      "Nodes",
      "Catalogue requests/s",
      "Catalogue p50 / p99",
      "Other answers",
      "Checkouts/s",
      "Completed",
      "Slowest step p99",
      "Exactly-once",
    ],
    runs.map(({ nodes, http, drop, exactlyOnce }) => {
      const slowest = drop ? drop.steps.reduce((worst, step) => ((step.p99 ?? 0) > (worst.p99 ?? 0) ? step : worst)) : null;
      return [
        number(nodes),
        http ? number(http.requestsPerSecond, 1) : "-",
        http ? `${ms(http.p50)} / ${ms(http.p99)}` : "-",
        http ? number(http.unexpected) : "-",
        drop ? number(drop.completed / drop.wallSeconds, 1) : "-",
        drop ? `${number(drop.completed)} of ${number(drop.shoppers)}` : "-",
        slowest ? `${ms(slowest.p99)} (${slowest.name})` : "-",
        exactlyOnce ? (exactlyOnce.pass ? "PASS" : "FAIL") : "-",
      ];
    }),
  );
}

/**
 * Replaces what is between `<!-- name:start -->` and `<!-- name:end -->` in `file` (other
 * sections of the file, written by other tools or by hand, stay as they are); appends the
 * section when the file has no such markers yet.
 */
export function writeSection(file, name, markdown) {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "";
  const from = text.indexOf(start);
  const to = text.indexOf(end, from);
  const updated = from >= 0 && to >= 0 ? text.slice(0, from) + block + text.slice(to + end.length) : `${text.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(file, updated);
}

const perCheckout = (value, digits = 1) => (value === null || value === undefined ? "-" : number(value, digits));

/**
 * What a drop cost per completed checkout (issue 31; bench/cost.js): CPU milliseconds of each
 * group of processes, from their own accounting, and the database's work.
 */
export function costSection(cost) {
  const sqlite = cost.engine === "sqlite";
  const lines = [
    `Cost per completed checkout (${number(cost.completed)} completed; CPU from the processes' own accounting, user + system):`,
    "",
    table(
      ["App CPU", "Database CPU", "HAProxy CPU", "Client CPU", "Statements", "COMMITs", "Round trips"],
      [
        [
          `${perCheckout(cost.appMs)} ms`,
          sqlite ? "in the app (SQLite)" : `${perCheckout(cost.databaseMs)} ms`,
          cost.balancerMs === null ? "none" : `${perCheckout(cost.balancerMs)} ms`,
          `${perCheckout(cost.clientMs)} ms`,
          perCheckout(cost.statements),
          perCheckout(cost.commits, 2),
          sqlite ? "none (in-process)" : perCheckout(cost.roundTrips),
        ],
      ],
    ),
  ];
  if (!sqlite)
    lines.push(
      "",
      `PostgreSQL's own count: ${perCheckout(cost.serverStatements)} statements per checkout (pg_stat_statements: the balancer's ` +
        `health checks included, most COMMITs not), ${perCheckout(cost.walKb)} kB of WAL written.`,
    );
  return lines.join("\n");
}

/** The cost per checkout for each cluster size (bench/cost.js), and the cores each group kept busy. */
export function nodesCostSection(runs, key) {
  const costOf = (run) => (key === "stock" ? run.stock?.cost : run.cost);
  const rateOf = (run) => {
    const drop = key === "stock" ? run.stock?.drop : run.drop;
    return drop ? drop.completed / drop.wallSeconds : null;
  };
  const busy = (ms, rate) => (ms === null || rate === null ? "-" : number((ms * rate) / 1000, 2));
  return table(
    [
      "Nodes",
      "Checkouts/s",
      "App CPU",
      "Database CPU",
      "HAProxy CPU",
      "Client CPU",
      "Statements",
      "COMMITs",
      "Round trips",
      "WAL",
      "Cores busy: app / database",
    ],
    runs.map((run) => {
      const cost = costOf(run);
      const rate = rateOf(run);
      if (!cost) return [number(run.nodes), "-", "-", "-", "-", "-", "-", "-", "-", "-", "-"];
      return [
        number(run.nodes),
        rate === null ? "-" : number(rate, 1),
        `${perCheckout(cost.appMs)} ms`,
        `${perCheckout(cost.databaseMs)} ms`,
        `${perCheckout(cost.balancerMs)} ms`,
        `${perCheckout(cost.clientMs)} ms`,
        perCheckout(cost.statements),
        perCheckout(cost.commits, 2),
        perCheckout(cost.roundTrips),
        `${perCheckout(cost.walKb)} kB`,
        `${busy(cost.appMs, rate)} / ${busy(cost.databaseMs, rate)}`,
      ];
    }),
  );
}

/** The capacity model's table and limits (bench/capacity.js), from the costs it was given. */
export function capacitySection(model, { appMs, databaseMs, walKb, commits, source }, assumptions) {
  const lines = [
    `From ${source}: **${number(appMs, 1)} ms of app CPU** and **${number(databaseMs, 1)} ms of PostgreSQL CPU** per completed checkout` +
      (walKb === null ? "" : `, ${number(walKb, 1)} kB of WAL and ${number(commits, 2)} COMMITs`) +
      `. Sized for ${number(assumptions.headroom * 100)}% busy; a node is ${assumptions.nodeCores} cores with one worker each, ` +
      `${assumptions.poolPerWorker} connections per worker.`,
    "",
    table(
      [
        "Checkouts/s",
        "App cores (rate x app ms / 1000)",
        `${assumptions.nodeCores}-core nodes`,
        "Database cores (rate x db ms / 1000)",
        "Database cores to provision",
        "Connections",
        "WAL",
        "COMMITs/s",
      ],
      model.rows.map((row) => [
        number(row.rate),
        number(row.appCores, 1),
        `**${number(row.nodes)}** (${number(row.appCores, 1)} / (${assumptions.nodeCores} x ${assumptions.headroom}), rounded up)`,
        number(row.databaseCores, 1),
        `**${number(row.databaseCoresSized)}** (${number(row.databaseCores, 1)} / ${assumptions.headroom}, rounded up)`,
        number(row.connections),
        row.walMbPerSecond === null ? "-" : `${number(row.walMbPerSecond, 1)} MB/s`,
        row.commitsPerSecond === null ? "-" : number(row.commitsPerSecond),
      ]),
    ),
    "",
    `One PostgreSQL stops being enough at about **${number(model.onePostgresMaxRate)} checkouts/s** on CPU: ${assumptions.databaseMaxCores} cores ` +
      `(the largest single machine assumed) x ${assumptions.headroom} x 1000 / ${number(databaseMs, 1)} ms. ` +
      `Connections run out first: ${number(model.nodesAtConnectionLimit)} nodes fill the default max_connections ` +
      `(${assumptions.maxConnections}) at about ${number(model.connectionLimitRate)} checkouts/s, past which PgBouncer goes in front.`,
  ];
  return lines.join("\n");
}

/**
 * The pinned runs against the model: for each node count, the CPU sets, the checkouts/s at which
 * the busiest set is saturated by the run's own costs (bench/capacity.js predictedCeiling), and
 * the measured checkouts/s.
 */
export function pinnedSection(runs) {
  return table(
    [
      "Nodes",
      "CPUs: database / nodes / client + HAProxy",
      "Predicted ceiling (busiest CPU set)",
      "Measured checkouts/s",
      "Measured / ceiling",
    ],
    runs.map(({ nodes, pin, ceiling, drop }) => {
      const measured = drop ? drop.completed / drop.wallSeconds : null;
      return [
        number(nodes),
        `${pin.database} / ${pin.nodes.join(", ")}${pin.shared ? " (shared)" : ""} / ${pin.harness}`,
        ceiling
          ? `${number(ceiling.rate, 1)}/s (${ceiling.groups.join(" + ")}: ${number(ceiling.ms, 1)} ms per checkout on ${number(ceiling.cpus)} CPU${ceiling.cpus > 1 ? "s" : ""})`
          : "-",
        measured === null ? "-" : number(measured, 1),
        measured === null || !ceiling ? "-" : `${number((100 * measured) / ceiling.rate)}%`,
      ];
    }),
  );
}
