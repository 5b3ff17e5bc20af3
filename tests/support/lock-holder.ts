import postgres from "postgres";

/**
 * For races on a real PostgreSQL server: a connection of its own (`other`, outside the app's
 * pool) that holds a transaction open while the test runs the app's code against its locks.
 * The caller ends it (`afterAll(() => other.end())`).
 */
export function lockHolder() {
  const other = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} });

  /** Runs `hold` in a transaction of its own connection, kept open until `release()` is called. */
  async function openTransaction(hold: (sql: postgres.TransactionSql) => Promise<unknown>) {
    let release!: () => void;
    let ready!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const holding = new Promise<void>((resolve) => (ready = resolve));
    const done = other.begin(async (sql) => {
      await hold(sql);
      ready();
      await released;
    });
    await holding;
    return { release, done };
  }

  /** Waits until `count` other connections of the database wait for a lock, or `settled` settles (its failure is the caller's to see). */
  async function someoneWaitsForALock(settled?: Promise<unknown>, count = 1): Promise<void> {
    let over = false;
    void settled?.then(
      () => (over = true),
      () => (over = true),
    );
    while (!over) {
      const [row] =
        await other`select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`;
      if (row!.waiting >= count) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  return { other, openTransaction, someoneWaitsForALock };
}
