// What a drop cost, per completed checkout (issue 31): the CPU time of the app's processes, of
// PostgreSQL's, of HAProxy and of the benchmark's own client, from the processes' own
// accounting (bench/process-cpu.js); the statements and round trips the app sent, counted in
// its processes (db/statement-stats.ts, on with DB_STATEMENT_STATS), COMMITs among them; and on
// PostgreSQL what the server itself counted: statements (pg_stat_statements) and WAL written.
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import { cpuSpent, processTree, readCpu, readProcessTable } from "./process-cpu.js";

const STATS_TIMEOUT_MS = 5_000;

/**
 * The statements and round trips counted so far by the processes of the trees under `roots`
 * that count them (those that wrote `<dir>/<pid>.json` at start: only they may get SIGUSR2),
 * each asked for its counts now. Null when one did not answer in time.
 */
export async function readStatementCounts(dir, roots) {
  const tree = processTree(readProcessTable(), roots);
  const pids = fs
    .readdirSync(dir)
    .map((name) => Number(name.match(/^(\d+)\.json$/)?.[1]))
    .filter((pid) => tree.has(pid));
  for (const pid of pids) fs.rmSync(path.join(dir, `${pid}.json`), { force: true });
  for (const pid of pids) process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + STATS_TIMEOUT_MS;
  const total = { statements: 0, commits: 0, roundTrips: 0 };
  for (const pid of pids) {
    const file = path.join(dir, `${pid}.json`);
    while (!fs.existsSync(file)) {
      if (Date.now() > deadline) return null;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const counts = JSON.parse(fs.readFileSync(file, "utf8"));
    for (const key of Object.keys(total)) total[key] += counts[key];
  }
  return total;
}

/**
 * PostgreSQL's own counts: the statements the app's database executed (pg_stat_statements,
 * created in the maintenance database `postgres` of the benchmark's server; in these runs it
 * recorded each transaction's BEGIN but few of their COMMITs, which the app's count has), and
 * the WAL written (bytes; the server's, all databases).
 */
export async function readServerCounts(databaseUrl) {
  const url = new URL(databaseUrl);
  const database = url.pathname.slice(1);
  url.pathname = "/postgres";
  const sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql`
      select coalesce(sum(calls), 0)::bigint as statements,
             pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint as wal
      from pg_stat_statements where dbid = (select oid from pg_database where datname = ${database})`;
    return { statements: Number(row.statements), walBytes: Number(row.wal) };
  } finally {
    await sql.end();
  }
}

/**
 * Starts measuring what `shop` spends: `shop.processes` is { app, database?, balancer? }, each
 * a list of root pids; `shop.statementStatsDir` where its processes write their counts;
 * `shop.engine` "sqlite" or "postgres" (a server with pg_stat_statements). stop() returns the
 * totals between start and stop (milliseconds of CPU per group, counts), for costPerCheckout.
 */
export async function startCostMeter(shop) {
  const groups = Object.fromEntries(Object.entries(shop.processes).filter(([, roots]) => roots.length));
  const counts = async () => ({
    statements: await readStatementCounts(shop.statementStatsDir, shop.processes.app),
    server: shop.engine === "postgres" ? await readServerCounts(shop.databaseUrl) : null,
  });
  // The CPU read closest to the drop: the counts' reads are not the drop's.
  const before = await counts();
  const cpuBefore = readCpu(groups);
  return {
    async stop() {
      const cpuAfter = readCpu(groups);
      const after = await counts();
      const difference = (a, b, key) => (a && b ? b[key] - a[key] : null);
      return {
        engine: shop.engine,
        cpuMs: cpuSpent(cpuBefore, cpuAfter),
        statements: difference(before.statements, after.statements, "statements"),
        roundTrips: difference(before.statements, after.statements, "roundTrips"),
        commits: difference(before.statements, after.statements, "commits"),
        serverStatements: difference(before.server, after.server, "statements"),
        walBytes: difference(before.server, after.server, "walBytes"),
      };
    },
  };
}

/** The totals of a meter divided by the completed checkouts (null where nothing was measured). */
export function costPerCheckout(totals, completed) {
  const per = (value) => (value === null || value === undefined || !completed ? null : value / completed);
  return {
    engine: totals.engine,
    completed,
    appMs: per(totals.cpuMs.app),
    databaseMs: per(totals.cpuMs.database),
    balancerMs: per(totals.cpuMs.balancer),
    clientMs: per(totals.cpuMs.client),
    statements: per(totals.statements),
    roundTrips: totals.engine === "postgres" ? per(totals.roundTrips) : null,
    serverStatements: per(totals.serverStatements),
    commits: per(totals.commits),
    walKb: per(totals.walBytes === null ? null : totals.walBytes / 1024),
  };
}
