// One visitor's registration wizard written by two requests at once, on a real PostgreSQL
// server: each reads the progress row and writes it back whole, so neither may lose the other's part.
import { afterAll, describe, expect, it } from "vitest";
import { createSession } from "~/domain/accounts/sessions.server";
import { registrationStatus, saveStep1, saveStep2, saveStepDraft } from "~/domain/sellers/registration.server";
import { registrationStep1Schema, registrationStep2Schema } from "~/schemas/sellers";
import { lockHolder } from "../support/lock-holder";

const { other, openTransaction } = lockHolder();
afterAll(() => other.end());

/** Waits until `count` other connections of the database wait for a lock. */
async function lockWaiters(count: number): Promise<void> {
  for (;;) {
    const [row] =
      await other`select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`;
    if (row!.waiting >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("a visitor's registration progress written twice at once", () => {
  it("keeps both the submitted step and the draft", async () => {
    const session = await createSession(null);
    await saveStep1(
      session.id,
      registrationStep1Schema.parse({ business_name: "Twice", subdomain: "twice-race", business_type: "individual" }),
      "192.0.2.20",
    );

    // Holds the progress row, so both writes have read it before either can write it.
    const holder = await openTransaction((sql) => sql`select 1 from registration_progress where session_id = ${session.id} for update`);
    const step2 = saveStep2(
      session.id,
      registrationStep2Schema.parse({ contact_email: "c@twice.test", contact_phone: "06" }),
      "192.0.2.20",
    );
    const draft = saveStepDraft(session.id, 3, { email: "owner@twice.test" });
    await lockWaiters(2);
    holder.release();
    await holder.done;
    await Promise.all([step2, draft]);

    const { current_step, data } = await registrationStatus(session.id);
    expect(current_step).toBe(2);
    expect(data.step2?.contactEmail).toBe("c@twice.test");
    expect(data.drafts?.["3"]).toEqual({ email: "owner@twice.test" });
  });
});
