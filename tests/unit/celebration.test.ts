import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { markOnboardingCelebrated } from "~/domain/sellers/celebration.server";
import { getDatabase } from "~db/client";
import { users } from "~db/schema";
import { createUser } from "./factories";

const celebratedAt = (id: number) => getDatabase().select().from(users).where(eq(users.id, id)).get()!.onboardingCelebratedAt;

describe("onboarding celebration", () => {
  it("is remembered per user on the server, the first time only", () => {
    const seller = createUser();
    const other = createUser();
    expect(celebratedAt(seller.id)).toBeNull();
    const first = new Date("2026-01-02T10:00:00Z");
    markOnboardingCelebrated(seller.id, first);
    markOnboardingCelebrated(seller.id, new Date("2026-02-01T10:00:00Z"));
    expect(celebratedAt(seller.id)).toEqual(first);
    expect(celebratedAt(other.id)).toBeNull();
  });
});
