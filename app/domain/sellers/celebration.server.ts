import { and, eq, isNull } from "drizzle-orm";
import { getDatabase } from "~db/client";
import { users } from "~db/schema";

/**
 * Records that the user has seen the onboarding-complete celebration, so it plays once per
 * user whatever the browser (the spec's local storage forgot it on every new device). The
 * first time wins; later calls change nothing.
 */
export async function markOnboardingCelebrated(userId: number, now = new Date()): Promise<void> {
  await getDatabase()
    .update(users)
    .set({ onboardingCelebratedAt: now })
    .where(and(eq(users.id, userId), isNull(users.onboardingCelebratedAt)));
}
