import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { verifyCredentials } from "~/domain/accounts/login.server";
import { hashPassword } from "~/domain/accounts/password.server";
import { changePassword } from "~/domain/accounts/profile.server";
import { createSession, deleteOtherSessions, loadSession, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "~/domain/accounts/sessions.server";
import { hashToken } from "~/domain/accounts/tokens.server";
import { ValidationError } from "~/domain/errors.server";
import { getDatabase } from "~db/client";
import { sessions } from "~db/schema";
import { createUser } from "./factories";

describe("sessions", () => {
  it("stores only the hash of a 256-bit token and loads the user", async () => {
    const user = await createUser();
    const session = await createSession(user.id);
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.id).toBe(hashToken(session.token));
    expect((await loadSession(session.token))?.user?.id).toBe(user.id);
    expect(await loadSession(session.id)).toBeNull(); // the stored id is not a valid cookie
  });

  it("expires after the idle and the absolute timeout", async () => {
    const user = await createUser();
    const now = Date.now();
    const idle = await createSession(user.id, {}, now);
    expect(await loadSession(idle.token, now + SESSION_IDLE_MS + 1)).toBeNull();
    const active = await createSession(user.id, {}, now);
    let t = now;
    while (t < now + SESSION_ABSOLUTE_MS - SESSION_IDLE_MS) {
      t += SESSION_IDLE_MS / 2;
      expect(await loadSession(active.token, t)).not.toBeNull();
    }
    expect(await loadSession(active.token, now + SESSION_ABSOLUTE_MS)).toBeNull();
  });

  it("gives no session to a login that checked the old password while it was being changed", async () => {
    const user = await createUser({ passwordHash: await hashPassword("Old-pass-1!") });
    const owner = await createSession(user.id);
    // The login has checked the old password (a hash takes a while); the change lands meanwhile.
    const signingIn = await verifyCredentials(user.email, "Old-pass-1!", "192.0.2.10");
    await changePassword(user.id, "New-pass-2!", owner.id);
    await expect(createSession(signingIn.id, {}, Date.now(), signingIn.passwordHash)).rejects.toThrowError(ValidationError);
    const left = await getDatabase().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toEqual([{ id: owner.id }]);
  });

  it("ends the other sessions of a user", async () => {
    const user = await createUser();
    const a = await createSession(user.id);
    const b = await createSession(user.id);
    await deleteOtherSessions(user.id, a.id);
    expect(await loadSession(a.token)).not.toBeNull();
    expect(await loadSession(b.token)).toBeNull();
  });
});

describe("housekeeping", () => {
  it("removes expired sessions and keeps live ones", async () => {
    const { sweepExpiredRecords } = await import("~/domain/accounts/housekeeping.server");
    const user = await createUser();
    const now = Date.now();
    const old = await createSession(user.id, {}, now - SESSION_ABSOLUTE_MS - 1000);
    const live = await createSession(user.id, {}, now);
    await sweepExpiredRecords(now);
    expect(await loadSession(live.token, now)).not.toBeNull();
    expect(await loadSession(old.token, now - SESSION_ABSOLUTE_MS)).toBeNull(); // the row is gone, whatever the clock says
  });
});
