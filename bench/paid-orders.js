// Counts paid orders straight from the database, not through the app under test: the drop's
// exactly-once check compares what the shoppers were told with what was stored.
import Database from "better-sqlite3";
import postgres from "postgres";

const PAID = "succeeded";

/** Orders whose payment succeeded: all of them, or those of `ids`. */
export async function countPaidOrders(databaseUrl, ids) {
  if (databaseUrl.startsWith("postgres")) {
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      const [row] = ids
        ? await sql`select count(*)::int as n from orders where payment_status = ${PAID} and id = any(${ids}::int[])`
        : await sql`select count(*)::int as n from orders where payment_status = ${PAID}`;
      return row.n;
    } finally {
      await sql.end();
    }
  }
  // A second connection to the server's WAL-mode file reads the committed state.
  const db = new Database(databaseUrl.slice("file:".length), { readonly: true, fileMustExist: true });
  try {
    const row = ids
      ? db
          .prepare("select count(*) as n from orders where payment_status = ? and id in (select value from json_each(?))")
          .get(PAID, JSON.stringify(ids))
      : db.prepare("select count(*) as n from orders where payment_status = ?").get(PAID);
    return row.n;
  } finally {
    db.close();
  }
}
