// A password changed while a login that checked the old one makes its session, on a real
// PostgreSQL server: the change's transaction is still open when the session is made.
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { createSession } from "~/domain/accounts/sessions.server";
import { ValidationError } from "~/domain/errors.server";
import { createUser } from "../unit/factories";

const other = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} });
afterAll(() => other.end());

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

/** Waits until another connection of the database waits for a lock, or `settled` settles. */
async function someoneWaitsForALock(settled: Promise<unknown>): Promise<void> {
  let over = false;
  void settled.finally(() => (over = true));
  while (!over) {
    const [row] =
      await other`select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`;
    if (row!.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("a login's session and a password change at once", () => {
  it("refuses the session once the uncommitted change commits", async () => {
    const user = await createUser({ passwordHash: "old-hash" });
    // What changePassword holds: the new hash written, its transaction not yet committed.
    const changing = await openTransaction((sql) => sql`update users set password_hash = 'new-hash' where id = ${user.id}`);
    const signingIn = createSession(user.id, {}, Date.now(), "old-hash");
    const refused = signingIn.then(
      () => null,
      (error: unknown) => error,
    );
    // The session waits for the change (made at once, it would outlive it).
    await someoneWaitsForALock(refused);
    changing.release();
    await changing.done;
    expect(await refused).toBeInstanceOf(ValidationError);
  });
});
