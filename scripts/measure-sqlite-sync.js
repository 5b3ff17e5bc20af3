// What `synchronous = FULL` costs against NORMAL (WAL mode), per committed write
// transaction shaped like a checkout: an order row and an event row. Run from the project
// root: `node scripts/measure-sqlite-sync.js [commits]`. The database goes under data/ (the
// disk the app writes to) and is removed afterwards.
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

const commits = Number(process.argv[2] ?? 1000);
fs.mkdirSync("data", { recursive: true });
const dir = fs.mkdtempSync(path.join("data", "sync-bench-"));

function measure(mode) {
  const file = path.join(dir, `${mode}.db`);
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma(`synchronous = ${mode}`);
  db.exec(`create table orders (id integer primary key, shop_id integer, number integer, total_amount_cents integer, currency text, email text, full_name text, status text, payment_status text, created_at integer);
           create table order_events (id integer primary key, order_id integer, kind text, to_value text, created_at integer);`);
  const insertOrder = db.prepare(
    "insert into orders (shop_id, number, total_amount_cents, currency, email, full_name, status, payment_status, created_at) values (1, ?, 4990, 'EUR', 'nina@example.test', 'Nina Test', 'pending', 'pending', ?)",
  );
  const insertEvent = db.prepare("insert into order_events (order_id, kind, to_value, created_at) values (?, 'payment', 'succeeded', ?)");
  const checkout = db.transaction((n) => {
    const { lastInsertRowid } = insertOrder.run(n, Date.now());
    insertEvent.run(lastInsertRowid, Date.now());
  });
  const durations = [];
  for (let n = 0; n < commits; n++) {
    const started = process.hrtime.bigint();
    checkout.immediate(n);
    durations.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  db.close();
  durations.sort((a, b) => a - b);
  const total = durations.reduce((sum, d) => sum + d, 0);
  const at = (q) => durations[Math.min(durations.length - 1, Math.floor(q * durations.length))].toFixed(3);
  return {
    mode,
    commits,
    "mean ms": (total / commits).toFixed(3),
    "median ms": at(0.5),
    "p99 ms": at(0.99),
    "commits/s": Math.round(commits / (total / 1000)),
  };
}

try {
  console.table([measure("NORMAL"), measure("FULL")]);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
