import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { recordProviderEvent } from "~/domain/payments/event-log.server";
import { handleProviderEvent } from "~/domain/payments/events.server";
import { getDatabase } from "~db/client";
import { orders, paymentEvents } from "~db/schema";
import { createSimulatedPayment, paymentEntriesOf } from "./factories";

describe("provider events are recorded once", () => {
  it("the event log says whether an id is new", async () => {
    const event = { id: "evt_log_1", provider: "simulated" as const, type: "payment.succeeded", accountId: "acct_x" };
    expect(await recordProviderEvent(getDatabase(), event)).toBe(true);
    expect(await recordProviderEvent(getDatabase(), event)).toBe(false);
    expect(await getDatabase().select().from(paymentEvents).where(eq(paymentEvents.id, "evt_log_1"))).toHaveLength(1);
  });

  it("a payment event delivered twice is applied once, the second answer is duplicate", async () => {
    const { order, accountId, intentId, succeededIntent } = await createSimulatedPayment();
    const event = { type: "payment.succeeded" as const, id: `evt_${intentId}`, accountId, intent: succeededIntent };
    expect(await handleProviderEvent(event)).toEqual({ processed: true, outcome: "applied" });
    expect(await handleProviderEvent(event)).toEqual({ processed: false, outcome: "duplicate" });
    const [stored] = await getDatabase().select().from(orders).where(eq(orders.id, order.id)).limit(1);
    expect(stored?.paymentStatus).toBe("succeeded");
    expect(await paymentEntriesOf(order.id)).toHaveLength(1);
  });

  it("an event about a payment we do not have is recorded too: its redelivery is a duplicate", async () => {
    const event = { type: "ignored" as const, id: "evt_ignored_1", accountId: "acct_x", eventType: "customer.created" };
    expect(await handleProviderEvent(event)).toEqual({ processed: false, outcome: "not_handled" });
    expect(await handleProviderEvent(event)).toEqual({ processed: false, outcome: "duplicate" });
  });
});
