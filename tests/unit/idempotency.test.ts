import { describe, expect, it } from "vitest";
import { idempotencyKey, installationId } from "~/domain/payments/idempotency.server";
import { getDatabase } from "~db/client";
import { installation } from "~db/schema";

describe("provider idempotency keys are per installation", () => {
  it("prefix every key with this database's installation id, stable across calls", () => {
    const key = idempotencyKey("order-1-payment");
    expect(key).toMatch(/^lc-[0-9a-f]{16}-order-1-payment$/);
    expect(idempotencyKey("order-1-payment")).toBe(key);
    expect(key).toBe(`lc-${installationId()}-order-1-payment`);
    expect(getDatabase().select().from(installation).all()).toHaveLength(1);
  });

  it("a reset database (another installation) never sends the same key for its order 1", () => {
    const before = idempotencyKey("order-1-payment");
    getDatabase().delete(installation).run();
    const after = idempotencyKey("order-1-payment");
    expect(after).not.toBe(before);
    expect(after).toMatch(/^lc-[0-9a-f]{16}-order-1-payment$/);
  });
});
