// The capacity model of docs/scaling.md (issue 31), computed from a run's own measured costs
// per checkout, so a run after the code got cheaper rewrites it. Pure arithmetic: the
// assumptions it needs beyond the measurement are named here and printed with the table.

export const ASSUMPTIONS = {
  // Sized for 70% busy at the target rate: room for a burst, a node lost, the garbage collector.
  headroom: 0.7,
  // A node is a 2-core machine running one worker process per core (`npm start`).
  nodeCores: 2,
  // Each worker's PostgreSQL pool (DATABASE_POOL_SIZE's default) and the server's default limit.
  poolPerWorker: 4,
  maxConnections: 100,
  // The largest single PostgreSQL machine assumed available (a large cloud instance); past it
  // no bigger box helps.
  databaseMaxCores: 64,
};

export const RATES = [100, 1_000, 10_000];

/**
 * Nodes, database cores, connections and WAL for each rate in checkouts/s, from the measured
 * CPU milliseconds per checkout of the app (`appMs`, all its processes) and of PostgreSQL
 * (`databaseMs`), its WAL kB and COMMITs per checkout (`walKb`, `commits`; may be null).
 *
 * @param {{ appMs: number, databaseMs: number, walKb?: number | null, commits?: number | null }} cost
 */
export function capacityModel(cost, assumptions = ASSUMPTIONS, rates = RATES) {
  const { appMs, databaseMs, walKb = null, commits = null } = cost;
  const { headroom, nodeCores, poolPerWorker, maxConnections, databaseMaxCores } = assumptions;
  const rows = rates.map((rate) => {
    const appCores = (rate * appMs) / 1000;
    const databaseCores = (rate * databaseMs) / 1000;
    const nodes = Math.ceil(appCores / (nodeCores * headroom));
    return {
      rate,
      appCores,
      nodes,
      databaseCores,
      databaseCoresSized: Math.ceil(databaseCores / headroom),
      connections: nodes * nodeCores * poolPerWorker,
      walMbPerSecond: walKb === null ? null : (rate * walKb) / 1024,
      commitsPerSecond: commits === null ? null : rate * commits,
    };
  });
  // Where one PostgreSQL stops being enough: its largest machine's cores at the headroom, and
  // the nodes whose pools fill max_connections (PgBouncer in front lifts that one).
  const nodesAtConnectionLimit = Math.floor(maxConnections / (nodeCores * poolPerWorker));
  return {
    rows,
    onePostgresMaxRate: (databaseMaxCores * headroom * 1000) / databaseMs,
    nodesAtConnectionLimit,
    connectionLimitRate: (nodesAtConnectionLimit * nodeCores * headroom * 1000) / appMs,
  };
}

/**
 * What a pinned run's CPU sets allow: for each set, the checkouts/s at which its CPUs are all
 * busy, from the measured milliseconds per checkout of the groups pinned to it (`sets`: [{ cpus,
 * groups: ["app", ...] }], `cost`: per group); the lowest is the predicted ceiling.
 */
export function predictedCeiling(sets, cost) {
  const limits = sets.map(({ cpus, groups }) => {
    const ms = groups.reduce((total, group) => total + (cost[group] ?? 0), 0);
    return { cpus, groups, ms, rate: ms > 0 ? (cpus * 1000) / ms : Infinity };
  });
  return limits.reduce((lowest, limit) => (limit.rate < lowest.rate ? limit : lowest));
}

/** The number of CPUs in a `taskset -c` list ("0", "0-1", "0,2-3"). */
export function cpuCount(list) {
  return list.split(",").reduce((total, part) => {
    const [from, to = from] = part.split("-").map(Number);
    return total + to - from + 1;
  }, 0);
}
