import { describe, expect, it } from "vitest";
import { idempotencyKey, installationId } from "~/domain/payments/idempotency.server";
import { getDatabase } from "~db/client";
import { installation } from "~db/schema";

describe("provider idempotency keys are per installation", () => {
  it("prefix every key with this database's installation id, stable across calls", async () => {
    const key = await idempotencyKey("order-1-payment");
    expect(key).toMatch(/^lc-[0-9a-f]{16}-order-1-payment$/);
    expect(await idempotencyKey("order-1-payment")).toBe(key);
    expect(key).toBe(`lc-${await installationId()}-order-1-payment`);
    expect(await getDatabase().select().from(installation)).toHaveLength(1);
  });

  it("a reset database (another installation) never sends the same key for its order 1", async () => {
    const before = await idempotencyKey("order-1-payment");
    await getDatabase().delete(installation);
    const after = await idempotencyKey("order-1-payment");
    expect(after).not.toBe(before);
    expect(after).toMatch(/^lc-[0-9a-f]{16}-order-1-payment$/);
  });
});
