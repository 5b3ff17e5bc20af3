import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { recordProviderEvent } from "~/domain/payments/event-log.server";
import { handleProviderEvent } from "~/domain/payments/events.server";
import { getDatabase } from "~db/client";
import { orderEvents, orders, paymentEvents } from "~db/schema";
import { createOrderRow, createPaymentTransaction, createShop, createSimulatedAccount } from "./factories";

/** An unpaid order of a new shop with its pending simulated payment. */
function pendingPayment() {
  const shop = createShop();
  const order = createOrderRow(shop.id);
  const account = createSimulatedAccount(shop);
  const intentId = `pi_sim_${shop.subdomain}`;
  createPaymentTransaction(order, { id: `txn_${shop.subdomain}`, accountId: account, intentId, status: "pending" });
  return { order, account, intentId };
}

describe("provider events are recorded once", () => {
  it("the event log says whether an id is new", () => {
    const event = { id: "evt_log_1", provider: "simulated" as const, type: "payment.succeeded", accountId: "acct_x" };
    expect(recordProviderEvent(getDatabase(), event)).toBe(true);
    expect(recordProviderEvent(getDatabase(), event)).toBe(false);
    expect(getDatabase().select().from(paymentEvents).where(eq(paymentEvents.id, "evt_log_1")).all()).toHaveLength(1);
  });

  it("a payment event delivered twice is applied once, the second answer is duplicate", async () => {
    const { order, account, intentId } = pendingPayment();
    const event = {
      type: "payment.succeeded" as const,
      id: `evt_${intentId}`,
      accountId: account,
      intent: {
        id: intentId,
        status: "succeeded" as const,
        amountCents: 2500,
        currency: "EUR",
        clientSecret: null,
        lastError: null,
        nextActionUrl: null,
      },
    };
    expect(await handleProviderEvent(event)).toEqual({ processed: true, outcome: "applied" });
    expect(await handleProviderEvent(event)).toEqual({ processed: false, outcome: "duplicate" });
    expect(getDatabase().select().from(orders).where(eq(orders.id, order.id)).get()?.paymentStatus).toBe("succeeded");
    const paid = getDatabase()
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, order.id))
      .all()
      .filter((e) => e.kind === "payment");
    expect(paid).toHaveLength(1);
  });

  it("an event about a payment we do not have is recorded too: its redelivery is a duplicate", async () => {
    const event = { type: "ignored" as const, id: "evt_ignored_1", accountId: "acct_x", eventType: "customer.created" };
    expect(await handleProviderEvent(event)).toEqual({ processed: false, outcome: "not_handled" });
    expect(await handleProviderEvent(event)).toEqual({ processed: false, outcome: "duplicate" });
  });
});
