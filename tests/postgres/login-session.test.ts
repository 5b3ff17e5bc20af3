// A password changed while a login that checked the old one makes its session, on a real
// PostgreSQL server: the change's transaction is still open when the session is made.
import { afterAll, describe, expect, it } from "vitest";
import { createSession } from "~/domain/accounts/sessions.server";
import { ValidationError } from "~/domain/errors.server";
import { createUser } from "../unit/factories";
import { lockHolder } from "../support/lock-holder";

const { other, openTransaction, someoneWaitsForALock } = lockHolder();
afterAll(() => other.end());

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
