import { describe, expect, it } from "vitest";
import { createSession, deleteOtherSessions, loadSession, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "~/domain/accounts/sessions.server";
import { hashToken } from "~/domain/accounts/tokens.server";
import { createUser } from "./factories";

describe("sessions", () => {
  it("stores only the hash of a 256-bit token and loads the user", () => {
    const user = createUser();
    const session = createSession(user.id);
    expect(session.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.id).toBe(hashToken(session.token));
    expect(loadSession(session.token)?.user?.id).toBe(user.id);
    expect(loadSession(session.id)).toBeNull(); // the stored id is not a valid cookie
  });

  it("expires after the idle and the absolute timeout", () => {
    const user = createUser();
    const now = Date.now();
    const idle = createSession(user.id, {}, now);
    expect(loadSession(idle.token, now + SESSION_IDLE_MS + 1)).toBeNull();
    const active = createSession(user.id, {}, now);
    let t = now;
    while (t < now + SESSION_ABSOLUTE_MS - SESSION_IDLE_MS) {
      t += SESSION_IDLE_MS / 2;
      expect(loadSession(active.token, t)).not.toBeNull();
    }
    expect(loadSession(active.token, now + SESSION_ABSOLUTE_MS)).toBeNull();
  });

  it("ends the other sessions of a user", () => {
    const user = createUser();
    const a = createSession(user.id);
    const b = createSession(user.id);
    deleteOtherSessions(user.id, a.id);
    expect(loadSession(a.token)).not.toBeNull();
    expect(loadSession(b.token)).toBeNull();
  });
});

describe("housekeeping", () => {
  it("removes expired sessions and keeps live ones", async () => {
    const { sweepExpiredRecords } = await import("~/domain/accounts/housekeeping.server");
    const user = createUser();
    const now = Date.now();
    const old = createSession(user.id, {}, now - SESSION_ABSOLUTE_MS - 1000);
    const live = createSession(user.id, {}, now);
    sweepExpiredRecords(now);
    expect(loadSession(live.token, now)).not.toBeNull();
    expect(loadSession(old.token, now - SESSION_ABSOLUTE_MS)).toBeNull(); // the row is gone, whatever the clock says
  });
});
