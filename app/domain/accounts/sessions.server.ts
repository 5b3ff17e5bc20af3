import { and, eq, ne, sql } from "drizzle-orm";
import { ValidationError } from "~/domain/errors.server";
import { getDatabase, lockRows, preparedRead, writeTransaction } from "~db/client";
import { sessions, users, type User } from "~db/schema";
import { hashToken, randomToken } from "./tokens.server";

/** Server-side sessions (OWASP ASVS): 256-bit ids, idle and absolute timeouts. */
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
// Refresh last-seen at most this often, so reads do not turn into writes.
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export type SessionRecord = { id: string; token: string; userId: number | null };
export type ClientInfo = { ipAddress?: string; userAgent?: string };

/**
 * `checkedPasswordHash`: the hash a login checked the password against. The session is then
 * made only if it is still the user's, under the user's row lock: a password changed while
 * the login was checking the old one (`changePassword`, which updates that row and ends the
 * other sessions in one transaction) refuses it as a failed login, where it used to outlive
 * the change.
 */
export async function createSession(
  userId: number | null,
  client: ClientInfo = {},
  now = Date.now(),
  checkedPasswordHash?: string,
): Promise<SessionRecord> {
  const token = randomToken();
  const id = hashToken(token);
  const values = {
    id,
    userId,
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + SESSION_ABSOLUTE_MS),
    ipAddress: (client.ipAddress ?? "").slice(0, 64),
    userAgent: (client.userAgent ?? "").slice(0, 256),
  };
  if (userId === null || checkedPasswordHash === undefined) {
    await getDatabase().insert(sessions).values(values);
    return { id, token, userId };
  }
  await writeTransaction(async (tx) => {
    await lockRows(tx, users, eq(users.id, userId), "no key update");
    const [user] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
    if (user?.passwordHash !== checkedPasswordHash) throw new ValidationError("auth.login.failed");
    await tx.insert(sessions).values(values);
  });
  return { id, token, userId };
}

export type LoadedSession = { id: string; user: User | null };

// Every request of a signed-in visitor reads it.
const sessionWithUser = preparedRead("session_with_user", (db) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder("id")))
    .limit(1),
);

/** The live session for a cookie token, or null (expired sessions are deleted). */
export async function loadSession(token: string, now = Date.now()): Promise<LoadedSession | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const db = getDatabase();
  const id = hashToken(token);
  const [row] = await sessionWithUser({ id });
  if (!row) return null;
  const { session } = row;
  if (session.expiresAt.getTime() <= now || session.lastSeenAt.getTime() + SESSION_IDLE_MS <= now) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, id));
  }
  return { id, user: row.user };
}

export async function deleteSession(id: string): Promise<void> {
  await getDatabase().delete(sessions).where(eq(sessions.id, id));
}

/** After a password change, every other session of the user ends. */
export async function deleteOtherSessions(userId: number, keepId: string): Promise<void> {
  await getDatabase()
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)));
}
