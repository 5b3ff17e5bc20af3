import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { ConflictError, ValidationError } from "~/domain/errors.server";
import { ProviderRequestError } from "~/domain/payments/provider.server";
import { getPaymentProvider } from "~/domain/payments/provider-registry.server";
import { orderRefundSummaries, recordRefund, refundOrder } from "~/domain/payments/refunds.server";
import { getDatabase } from "~db/client";
import { orderEvents, orderRefunds, orders, paymentTransactions } from "~db/schema";
import { recordSucceededSimulatedIntent } from "../support/simulated-intents";
import { createOrderRow, createPaymentTransaction, createShop, createSimulatedAccount } from "./factories";

/** A shop's order paid 30.00 at the simulated provider (platform fee 0.72). */
async function paidOrder() {
  const shop = await createShop();
  const account = await createSimulatedAccount(shop);
  const order = await createOrderRow(shop.id, { paymentStatus: "succeeded", totalAmountCents: 3000, paidAt: new Date() });
  const intent = `pi_sim_${shop.subdomain}`;
  await recordSucceededSimulatedIntent({ id: intent, accountId: account, amountCents: 3000, applicationFeeCents: 72 });
  await createPaymentTransaction(order, { id: `txn_${shop.subdomain}`, accountId: account, intentId: intent, status: "succeeded" });
  return { shop, order, actor: { userId: shop.ownerId, shopId: shop.id } };
}

const paymentStatusOf = async (orderId: number) => (await getDatabase().select().from(orders)).find((o) => o.id === orderId)!.paymentStatus;

describe("refunds (issue 12, item 4)", () => {
  it("refunds in parts, never more than what remains, then nothing", async () => {
    const { order, actor } = await paidOrder();
    await refundOrder(order.id, { amountCents: 1000, reason: "Return" }, actor);
    expect(await paymentStatusOf(order.id)).toBe("partially_refunded");
    expect((await orderRefundSummaries([{ id: order.id, paymentStatus: "partially_refunded" }])).get(order.id)).toMatchObject({
      paidCents: 3000,
      refundedCents: 1000,
      refundableCents: 2000,
    });

    await expect(refundOrder(order.id, { amountCents: 2001, reason: "" }, actor)).rejects.toThrowError(ValidationError);
    await refundOrder(order.id, "rest", actor);
    expect(await paymentStatusOf(order.id)).toBe("refunded");
    await expect(refundOrder(order.id, { amountCents: 1, reason: "" }, actor)).rejects.toThrowError(ConflictError);
  });

  it("holds the amount of a refund in flight: a second one at the same time sees what is left", async () => {
    const { order, actor } = await paidOrder();
    const [first, second] = await Promise.allSettled([
      refundOrder(order.id, { amountCents: 2000, reason: "" }, actor),
      refundOrder(order.id, { amountCents: 2000, reason: "" }, actor),
    ]);
    expect(first.status).toBe("fulfilled");
    expect(second.status).toBe("rejected");
  });

  it("another shop's seller cannot refund the order", async () => {
    const { order } = await paidOrder();
    const other = await createShop();
    await expect(refundOrder(order.id, { amountCents: 100, reason: "" }, { userId: other.ownerId, shopId: other.id })).rejects.toThrow(
      "orders.not_found",
    );
  });

  it("a refund the provider's event recorded as succeeded stays so when the provider call then fails", async () => {
    const { shop, order, actor } = await paidOrder();
    // The refund is made and its charge.refunded event lands, then the call's answer is lost.
    const refundPayment = vi.spyOn(getPaymentProvider(), "refundPayment").mockImplementationOnce(async () => {
      await recordRefund(`txn_${shop.subdomain}`, 1000, `evt_${shop.subdomain}`);
      throw new ProviderRequestError("Connection reset", "unavailable");
    });
    try {
      await expect(refundOrder(order.id, { amountCents: 1000, reason: "Return" }, actor)).rejects.toThrow();
    } finally {
      refundPayment.mockRestore();
    }
    const [refund] = await getDatabase().select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(refund).toMatchObject({ status: "succeeded", amountCents: 1000 });
    expect(await paymentStatusOf(order.id)).toBe("partially_refunded");
  });

  it.each(["pending", "succeeded"] as const)(
    "a refund the provider's event recorded as succeeded stays so, recorded once, when the call then answers %s",
    async (late) => {
      const { shop, order, actor } = await paidOrder();
      // The refund is made and its charge.refunded event lands before the call's own answer.
      const refundPayment = vi.spyOn(getPaymentProvider(), "refundPayment").mockImplementationOnce(async () => {
        await recordRefund(`txn_${shop.subdomain}`, 1000, `evt_${shop.subdomain}`);
        return { refundId: `re_${shop.subdomain}`, status: late };
      });
      try {
        await expect(refundOrder(order.id, { amountCents: 1000, reason: "Return" }, actor)).resolves.toMatchObject({
          status: "succeeded",
        });
      } finally {
        refundPayment.mockRestore();
      }
      const [refund] = await getDatabase().select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
      expect(refund).toMatchObject({ status: "succeeded", amountCents: 1000, providerRefundId: `re_${shop.subdomain}` });
      const history = await getDatabase().select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
      expect(history.filter((e) => e.kind === "refund").map((e) => e.amountCents)).toEqual([1000]);
      const [txn] = await getDatabase().select().from(paymentTransactions).where(eq(paymentTransactions.orderId, order.id));
      expect(txn).toMatchObject({ status: "partially_refunded", refundedAmountCents: 1000 });
      expect(await paymentStatusOf(order.id)).toBe("partially_refunded");
      expect((await orderRefundSummaries([{ id: order.id, paymentStatus: "partially_refunded" }])).get(order.id)).toMatchObject({
        refundedCents: 1000,
        refundableCents: 2000,
      });
    },
  );
});
