import { describe, expect, it } from "vitest";
import { capacityModel, cpuCount, predictedCeiling } from "../../bench/capacity.js";
import { costPerCheckout } from "../../bench/cost.js";
import { cpuSets, pinPlan } from "../../bench/pinning.js";
import { cpuSpent, parseProcStat, processTree, treeTicks } from "../../bench/process-cpu.js";

describe("the benchmark reads a process's CPU time from /proc/<pid>/stat", () => {
  it("takes the parent and user + system + waited-for children's ticks, whatever the command name holds", () => {
    const line = "4242 (node (worker) 1) S 4200 4242 4200 0 -1 4194560 100 0 0 0 730 120 15 5 20 0 11 0 5000 1000000 20000\n";
    expect(parseProcStat(line)).toEqual({ pid: 4242, ppid: 4200, ticks: 730 + 120 + 15 + 5 });
  });

  const table = new Map([
    [1, { pid: 1, ppid: 0, ticks: 999 }],
    [10, { pid: 10, ppid: 1, ticks: 100 }],
    [11, { pid: 11, ppid: 10, ticks: 40 }],
    [12, { pid: 12, ppid: 11, ticks: 2 }],
    [20, { pid: 20, ppid: 1, ticks: 7 }],
  ]);

  it("sums a process tree, its descendants at any depth and nothing else", () => {
    expect([...processTree(table, [10])].sort()).toEqual([10, 11, 12]);
    expect(treeTicks(table, [10])).toBe(142);
    expect(treeTicks(table, [10, 20])).toBe(149);
    // A root that is gone counts nothing.
    expect(treeTicks(table, [99])).toBe(0);
  });

  it("turns two readings into milliseconds per group, the client's from microseconds", () => {
    const before = { ticks: { app: 100, database: 50 }, clientMicros: 1_000 };
    const after = { ticks: { app: 350, database: 60 }, clientMicros: 31_000 };
    expect(cpuSpent(before, after, 100)).toEqual({ app: 2_500, database: 100, client: 30 });
  });
});

describe("the benchmark's cost per completed checkout", () => {
  it("divides each total by the checkouts, and shows no round trips for SQLite, in the app's process", () => {
    const totals = {
      engine: "sqlite",
      cpuMs: { app: 9_000, client: 600 },
      statements: 27_000,
      roundTrips: 0,
      serverStatements: null,
      commits: null,
      walBytes: null,
    };
    expect(costPerCheckout(totals, 300)).toEqual({
      engine: "sqlite",
      completed: 300,
      appMs: 30,
      databaseMs: null,
      balancerMs: null,
      clientMs: 2,
      statements: 90,
      roundTrips: null,
      serverStatements: null,
      commits: null,
      walKb: null,
    });
  });

  it("on PostgreSQL adds the server's CPU, the round trips and the WAL in kB", () => {
    const totals = {
      engine: "postgres",
      cpuMs: { app: 12_000, database: 3_000, balancer: 300, client: 600 },
      statements: 30_000,
      roundTrips: 24_000,
      serverStatements: 31_000,
      commits: 1_500,
      walBytes: 300 * 10 * 1024,
    };
    expect(costPerCheckout(totals, 300)).toMatchObject({ appMs: 40, databaseMs: 10, balancerMs: 1, roundTrips: 80, commits: 5, walKb: 10 });
  });

  it("has nothing per checkout when none completed", () => {
    expect(costPerCheckout({ engine: "sqlite", cpuMs: { app: 5 }, statements: 3, roundTrips: 0 }, 0).appMs).toBeNull();
  });
});

describe("the capacity model", () => {
  it("sizes 2-core nodes and database cores at 70% busy, rounding up", () => {
    const model = capacityModel({ appMs: 40, databaseMs: 10, walKb: 8, commits: 4 });
    expect(model.rows.map((row) => [row.rate, row.nodes, row.databaseCoresSized, row.connections])).toEqual([
      // 100/s: 4 app cores / 1.4 = 2.9 nodes; 1 database core / 0.7 = 1.4
      [100, 3, 2, 24],
      [1_000, 29, 15, 232],
      [10_000, 286, 143, 2_288],
    ]);
    expect(model.rows[1]).toMatchObject({ appCores: 40, databaseCores: 10, walMbPerSecond: (1_000 * 8) / 1024, commitsPerSecond: 4_000 });
    // 64 cores x 0.7 x 1000 / 10 ms; 100 connections / (2 workers x 4) = 12 nodes, 12 x 2 x 0.7 x 1000 / 40 ms.
    expect(model.onePostgresMaxRate).toBeCloseTo(4_480);
    expect(model.nodesAtConnectionLimit).toBe(12);
    expect(model.connectionLimitRate).toBeCloseTo(420);
  });

  it("predicts a pinned run's ceiling from the busiest CPU set", () => {
    const cost = { app: 40, database: 10, client: 5, balancer: 1 };
    const ceiling = predictedCeiling(
      [
        { cpus: 1, groups: ["app"] },
        { cpus: 1, groups: ["database", "client", "balancer"] },
      ],
      cost,
    );
    expect(ceiling).toEqual({ cpus: 1, groups: ["app"], ms: 40, rate: 25 });
    expect(predictedCeiling([{ cpus: 4, groups: ["app"] }], cost).rate).toBe(100);
  });

  it("counts the CPUs of a taskset list", () => {
    expect(cpuCount("1")).toBe(1);
    expect(cpuCount("0-1")).toBe(2);
    expect(cpuCount("0,2-3")).toBe(3);
  });
});

describe("the pinned run's CPUs", () => {
  it("on 2 CPUs: the database (with the client and HAProxy) on CPU 1, the nodes sharing CPU 0", () => {
    const plan = pinPlan(2, 3);
    expect(plan).toEqual({ database: "1", harness: "1", nodes: ["0", "0", "0"], shared: true });
    expect(cpuSets(plan)).toEqual([
      { cpus: 1, groups: ["app"] },
      { cpus: 1, groups: ["database", "client", "balancer"] },
    ]);
  });

  it("with enough CPUs: a pair per node, the database and the load each on their own", () => {
    const plan = pinPlan(8, 3);
    expect(plan).toEqual({ database: "7", harness: "6", nodes: ["0-1", "2-3", "4-5"], shared: false });
    expect(cpuSets(plan)).toEqual([
      { cpus: 6, groups: ["app"] },
      { cpus: 1, groups: ["database"] },
      { cpus: 1, groups: ["client", "balancer"] },
    ]);
  });

  it("with too few for a pair each, the nodes share what is left", () => {
    expect(pinPlan(4, 2)).toEqual({ database: "3", harness: "2", nodes: ["0-1", "0-1"], shared: true });
    expect(() => pinPlan(1, 1)).toThrow(/at least 2 CPUs/);
  });
});
