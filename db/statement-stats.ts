/**
 * The database statements this process sends, and on PostgreSQL its round trips, counted for
 * the benchmark's cost per checkout (issue 31). Off (nothing counted, nothing installed)
 * unless `DB_STATEMENT_STATS` names a directory, which only `npm run bench` sets.
 *
 * How the benchmark reads them: each process writes `<dir>/<pid>.json` when it starts and
 * again on each SIGUSR2 (written then renamed, so a reader never sees half a file). A signal
 * rather than an HTTP route: nothing new is reachable from the network, and the benchmark
 * reads every process of a node, the cluster's workers included, which requests through
 * their shared port could not address one by one. The file written at start also tells the
 * benchmark which processes count (and so may be sent SIGUSR2 without being killed by it).
 */
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import type Database from "better-sqlite3";

const directory = process.env.DB_STATEMENT_STATS || null;
const counts = { statements: 0, commits: 0, roundTrips: 0 };
const isCommit = (statement: string) => /^\s*commit\b/i.test(statement);

function writeCounts(dir: string): void {
  const file = path.join(dir, `${process.pid}.json`);
  const partial = path.join(dir, `.${process.pid}.partial`);
  try {
    fs.writeFileSync(partial, JSON.stringify(counts));
    fs.renameSync(partial, file);
  } catch {
    // The directory is gone (the benchmark ended): nothing to report to.
  }
}

if (directory) {
  writeCounts(directory);
  process.on("SIGUSR2", () => writeCounts(directory));
}

/**
 * SQLite: counts each statement run (through a prepared statement or `exec`) on this
 * connection, and the COMMITs among them (each a wait for the disk: a group commit's one).
 */
export function countSqliteStatements(sqlite: Database.Database): void {
  if (!directory) return;
  const exec = sqlite.exec.bind(sqlite);
  sqlite.exec = ((source: string) => {
    counts.statements++;
    if (isCommit(source)) counts.commits++;
    return exec(source);
  }) as typeof sqlite.exec;
  // Statements share one prototype: counted there once for all of them.
  const prototype = Object.getPrototypeOf(sqlite.prepare("select 1")) as Record<string, unknown>;
  if (prototype.countedStatements) return;
  prototype.countedStatements = true;
  for (const method of ["run", "get", "all", "iterate"]) {
    const original = prototype[method] as (...args: unknown[]) => unknown;
    prototype[method] = function (this: unknown, ...args: unknown[]) {
      counts.statements++;
      return original.apply(this, args);
    };
  }
}

type PostgresSocketOptions = { host: string[]; port: number[]; path?: string };

/**
 * PostgreSQL: postgres.js options that count each query the driver sends (`debug`, called once
 * per query with its text), the COMMITs among them, and each round trip: a write to the server's socket after its last answer (a
 * query, or statements pipelined together, such as a statement sent with its COMMIT, is one;
 * a query whose parameters are described first is two). The socket is the one postgres.js
 * would open itself, connected before it is handed over, as its `socket` option expects.
 */
export function postgresStatementStats(): {
  debug?: (connection: number, query: string) => void;
  socket?: (options: PostgresSocketOptions) => Promise<net.Socket>;
} {
  if (!directory) return {};
  return {
    debug: (_connection, query) => {
      counts.statements++;
      if (isCommit(query)) counts.commits++;
    },
    socket: (options) =>
      new Promise((resolve, reject) => {
        const socket = options.path ? net.connect(options.path) : net.connect(options.port[0]!, options.host[0]!);
        let awaitingAnswer = false;
        const write = socket.write.bind(socket) as (...args: unknown[]) => boolean;
        socket.write = ((...args: unknown[]) => {
          if (!awaitingAnswer) counts.roundTrips++;
          awaitingAnswer = true;
          return write(...args);
        }) as typeof socket.write;
        // Before postgres.js's own listener: a write it makes on an answer starts a new round trip.
        socket.on("data", () => {
          awaitingAnswer = false;
        });
        socket.once("error", reject);
        socket.once("connect", () => {
          socket.off("error", reject);
          resolve(socket);
        });
      }),
  };
}
