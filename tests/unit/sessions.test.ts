import { describe, expect, it } from "vitest";
import { createSession, deleteOtherSessions, loadSession, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "~/domain/accounts/sessions.server";
import { hashToken } from "~/domain/accounts/tokens.server";
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
