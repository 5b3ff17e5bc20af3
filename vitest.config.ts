import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // Three test files at a time on a 2-core machine (Vitest's default there is one): the
    // suites wait on databases, servers and password hashing as much as they compute.
    maxWorkers: 3,
    // The integration projects run the app in production mode (tests/integration/template.ts),
    // which logs every mail queued without SMTP: noise in a test run.
    onConsoleLog: (log) => (log.startsWith("[mail] ") ? false : undefined),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/unit/setup.ts"],
          // Password hashing is deliberately slow (scrypt, 32 MiB), and a test may hash ten times:
          // a busy 2-core CI box needs headroom (the slowest took 23 s with other work running).
          testTimeout: 45_000,
        },
      },
      {
        extends: true,
        test: {
          // The same unit suite on a real PostgreSQL (one server, a database per file copied
          // from a migrated template, as the "postgres" project). Left out: tests of SQLite
          // itself (pragmas, durability), the PGlite migration test, which runs in "unit", and
          // the cluster's balancer (HAProxy; no database).
          name: "unit-pg",
          include: ["tests/unit/**/*.test.ts"],
          exclude: ["tests/unit/durability.test.ts", "tests/unit/pg-migrations.test.ts", "tests/unit/balancer.test.ts"],
          environment: "node",
          globalSetup: ["tests/postgres/global-setup.ts"],
          setupFiles: ["tests/unit/setup-pg.ts"],
          testTimeout: 45_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          // Races on a real PostgreSQL server (started by the global setup; Debian's package).
          name: "postgres",
          include: ["tests/postgres/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/postgres/global-setup.ts"],
          setupFiles: ["tests/postgres/setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/integration/global-setup.ts"],
          setupFiles: ["tests/integration/setup.ts"],
          // Some tests hash ten passwords or start a server and its workers: the slowest took 25 s
          // on a busy 2-core machine, too close to a 30 s limit for CI.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          // The same integration suite on a real PostgreSQL 15 (one server for the run, a
          // database per file; tests/integration/global-setup-pg.ts).
          name: "integration-pg",
          include: ["tests/integration/**/*.test.ts"],
          exclude: [
            // Starts server.js on SQLite files of its own: configuration errors, static files, the start-up banner.
            "tests/integration/http-server.test.ts",
            // Starts server.js on an SQLite file of its own: health checks and SIGTERM (tests/postgres covers nodes on PostgreSQL).
            "tests/integration/server-lifecycle.test.ts",
            // Caddy in front of server.js sharing the file's SQLite database: the TLS terminator's
            // side (custom-domains.test.ts checks the answers it relies on, on both engines).
            "tests/integration/caddy.test.ts",
          ],
          environment: "node",
          globalSetup: ["tests/integration/global-setup-pg.ts"],
          setupFiles: ["tests/integration/setup-pg.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
