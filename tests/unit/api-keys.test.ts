import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createApiKey } from "~/domain/accounts/api-keys.server";
import { ValidationError } from "~/domain/errors.server";
import { getDatabase } from "~db/client";
import { apiKeys } from "~db/schema";
import { createUser } from "./factories";

describe("createApiKey", () => {
  it("keeps a user at 20 active keys when keys are created at once", async () => {
    const user = await createUser();
    for (let i = 0; i < 18; i++) await createApiKey(user.id, `key ${i}`);
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => createApiKey(user.id, `together ${i}`)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(2);
    expect(results.filter((result) => result.status === "rejected" && result.reason instanceof ValidationError)).toHaveLength(3);
    const active = await getDatabase()
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, user.id), isNull(apiKeys.revokedAt)));
    expect(active).toHaveLength(20);
  });
});
