import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { markOnboardingCelebrated } from "~/domain/sellers/celebration.server";
import { getDatabase } from "~db/client";
import { users } from "~db/schema";
import { createUser } from "./factories";

const celebratedAt = async (id: number) => {
  const [user] = await getDatabase().select().from(users).where(eq(users.id, id)).limit(1);
  return user!.onboardingCelebratedAt;
};

describe("onboarding celebration", () => {
  it("is remembered per user on the server, the first time only", async () => {
    const seller = await createUser();
    const other = await createUser();
    expect(await celebratedAt(seller.id)).toBeNull();
    const first = new Date("2026-01-02T10:00:00Z");
    await markOnboardingCelebrated(seller.id, first);
    await markOnboardingCelebrated(seller.id, new Date("2026-02-01T10:00:00Z"));
    expect(await celebratedAt(seller.id)).toEqual(first);
    expect(await celebratedAt(other.id)).toBeNull();
  });
});
