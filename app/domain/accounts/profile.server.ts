import { eq } from "drizzle-orm";
import { getDatabase, writeTransaction } from "~db/client";
import { users, type User } from "~db/schema";
import type { ProfileChanges } from "~/schemas/accounts";
import { activateShopIfReady } from "~/domain/sellers/onboarding.server";
import { hashPassword } from "./password.server";
import { deleteOtherSessions } from "./sessions.server";

/** Updates the editable profile fields (the email is read-only). */
export async function updateProfile(userId: number, changes: ProfileChanges): Promise<User> {
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  const [user] = await getDatabase()
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  // Names complete the sellers' first onboarding step.
  if (user!.isSeller) await activateShopIfReady(userId);
  return user!;
}

/** Sets a new password (already validated) and ends the user's other sessions. */
export async function changePassword(userId: number, newPassword: string, currentSessionId: string): Promise<void> {
  const passwordHash = await hashPassword(newPassword);
  // One transaction: a login that checked the old password either made its session before
  // (ended here) or waits for this and is refused (`createSession`).
  await writeTransaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
    await deleteOtherSessions(userId, currentSessionId);
  });
}
