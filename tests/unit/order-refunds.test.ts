import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { ConflictError, ValidationError } from "~/domain/errors.server";
import { ProviderRequestError } from "~/domain/payments/provider.server";
import { getPaymentProvider } from "~/domain/payments/provider-registry.server";
import { orderRefundSummaries, recordRefund, recordRefundUpdate, refundOrder } from "~/domain/payments/refunds.server";
import { sellerDashboard } from "~/domain/sellers/dashboard.server";
import { getDatabase } from "~db/client";
import { mailOutbox, orderEvents, orderRefunds, orders, paymentTransactions, sellerProfiles, users } from "~db/schema";
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

describe("a refund the provider fails after it made it (Stripe's refund.failed)", () => {
  /** The provider's event about our refund: failed, for `reason`, at `reportedAt`. */
  async function failure(
    shop: { subdomain: string },
    refundId: number,
    id: string,
    reportedAt = new Date(),
    reason = "expired_or_canceled_card",
  ) {
    const [refund] = await getDatabase().select().from(orderRefunds).where(eq(orderRefunds.id, refundId));
    return recordRefundUpdate({
      id,
      type: "refund.updated",
      eventType: "refund.failed",
      accountId: `acct_sim_${shop.subdomain}`,
      refund: {
        id: refund!.providerRefundId ?? `re_unknown_${refundId}`,
        intentId: `pi_sim_${shop.subdomain}`,
        amountCents: refund!.amountCents,
        status: "failed",
        failureReason: reason,
        orderRefundId: refund!.id,
      },
      reportedAt,
    });
  }
  /** A refund the provider answers "pending" (it settles later). */
  async function pendingRefund(orderId: number, amountCents: number, actor: { userId: number; shopId: number }) {
    const refundPayment = vi
      .spyOn(getPaymentProvider(), "refundPayment")
      .mockImplementationOnce(async (request) => ({ refundId: `re_pending_${request.orderRefundId}`, status: "pending" }));
    try {
      return await refundOrder(orderId, { amountCents, reason: "Return" }, actor);
    } finally {
      refundPayment.mockRestore();
    }
  }
  const historyOf = async (orderId: number) =>
    (await getDatabase().select().from(orderEvents).where(eq(orderEvents.orderId, orderId)))
      .filter((e) => e.kind === "refund" || e.kind === "refund_failed")
      .map((e) => `${e.kind} ${e.amountCents} ${e.toValue}`);
  const transactionOf = async (orderId: number) =>
    (await getDatabase().select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId)))[0]!;

  it("a pending refund that fails frees its amount, with the provider's reason; told again or twice, nothing more", async () => {
    const { shop, order, actor } = await paidOrder();
    const refund = await pendingRefund(order.id, 1000, actor);
    expect((await orderRefundSummaries([order])).get(order.id)).toMatchObject({ refundedCents: 1000, refundableCents: 2000 });

    expect(await failure(shop, refund.id, `evt_fail_${shop.subdomain}`)).toBe("applied");
    expect(await failure(shop, refund.id, `evt_fail_${shop.subdomain}`)).toBe("duplicate");
    expect(await failure(shop, refund.id, `evt_fail_again_${shop.subdomain}`)).toBe("unchanged");

    const [row] = await getDatabase().select().from(orderRefunds).where(eq(orderRefunds.id, refund.id));
    expect(row).toMatchObject({ status: "failed", failureReason: "expired_or_canceled_card", providerRefundId: `re_pending_${refund.id}` });
    expect((await orderRefundSummaries([order])).get(order.id)).toMatchObject({
      refundedCents: 0,
      refundableCents: 3000,
      refunds: [expect.objectContaining({ id: refund.id, status: "failed", failureReason: "expired_or_canceled_card" })],
    });
    // Never counted: no history to take back, the payment never moved.
    expect(await historyOf(order.id)).toEqual([]);
    expect(await paymentStatusOf(order.id)).toBe("succeeded");
    const mails = await getDatabase().select().from(mailOutbox).where(eq(mailOutbox.template, "refund_failed_seller"));
    expect(mails.filter((m) => m.dedupeKey === `refund-failed-seller:${refund.id}`)).toHaveLength(1);
    // The seller may refund it all again.
    await refundOrder(order.id, "rest", actor);
    expect(await paymentStatusOf(order.id)).toBe("refunded");
  });

  it("a refund counted as succeeded that fails gives back what it took: payment state and total, history, sales", async () => {
    const { shop, order, actor } = await paidOrder();
    const first = await refundOrder(order.id, { amountCents: 1000, reason: "Return" }, actor);
    const second = await refundOrder(order.id, "rest", actor);
    expect(await paymentStatusOf(order.id)).toBe("refunded");

    expect(await failure(shop, second.id, `evt_second_${shop.subdomain}`)).toBe("applied");
    expect(await paymentStatusOf(order.id)).toBe("partially_refunded");
    expect(await transactionOf(order.id)).toMatchObject({ status: "partially_refunded", refundedAmountCents: 1000 });
    expect(await failure(shop, first.id, `evt_first_${shop.subdomain}`, new Date(), "lost_or_stolen_card")).toBe("applied");
    expect(await paymentStatusOf(order.id)).toBe("succeeded");
    expect(await transactionOf(order.id)).toMatchObject({ status: "succeeded", refundedAmountCents: 0 });
    expect(await historyOf(order.id)).toEqual([
      "refund 1000 partially_refunded",
      "refund 2000 refunded",
      "refund_failed 2000 partially_refunded",
      "refund_failed 1000 succeeded",
    ]);
    expect((await orderRefundSummaries([{ id: order.id, paymentStatus: "succeeded" }])).get(order.id)).toMatchObject({
      refundedCents: 0,
      refundableCents: 3000,
    });

    // Sales count the money that came back.
    const user = (await getDatabase().select().from(users)).find((u) => u.id === shop.ownerId)!;
    const [profile] = await getDatabase()
      .insert(sellerProfiles)
      .values({ userId: user.id, businessName: "B", businessType: "company" })
      .returning();
    const dashboard = await sellerDashboard({ user, profile: profile!, shop }, true);
    expect(dashboard.stats.totalSalesCents).toBe(3000);
    expect(dashboard.salesByDay.at(-1)!.cents).toBe(3000);
    expect(dashboard.activity.map((a) => a.kind).slice(0, 2)).toEqual(["refund_failed", "refund_failed"]);
  });

  it("a refund's success never follows its failure: a later 'succeeded' changes nothing", async () => {
    const { shop, order, actor } = await paidOrder();
    const refund = await pendingRefund(order.id, 1000, actor);
    expect(await failure(shop, refund.id, `evt_f_${shop.subdomain}`)).toBe("applied");
    const [row] = await getDatabase().select().from(orderRefunds).where(eq(orderRefunds.id, refund.id));
    const late = await recordRefundUpdate({
      id: `evt_s_${shop.subdomain}`,
      type: "refund.updated",
      eventType: "refund.updated",
      accountId: `acct_sim_${shop.subdomain}`,
      refund: {
        id: row!.providerRefundId!,
        intentId: `pi_sim_${shop.subdomain}`,
        amountCents: 1000,
        status: "succeeded",
        failureReason: null,
        orderRefundId: refund.id,
      },
      reportedAt: new Date(),
    });
    expect(late).toBe("unchanged");
    expect((await getDatabase().select().from(orderRefunds).where(eq(orderRefunds.id, refund.id)))[0]!.status).toBe("failed");
  });

  it("a total the provider reported before the failure, delivered after it, brings nothing back; a total made after it counts", async () => {
    const { shop, order, actor } = await paidOrder();
    const txnId = `txn_${shop.subdomain}`;
    const made = new Date(Math.floor(Date.now() / 1000) * 1000);
    const refund = await refundOrder(order.id, { amountCents: 1000, reason: "Return" }, actor);
    expect(await failure(shop, refund.id, `evt_fail_${shop.subdomain}`, new Date(made.getTime() + 60_000))).toBe("applied");

    // charge.refunded of the refund's making (its total holds the refund), delivered late.
    expect(await recordRefund(txnId, 1000, `evt_stale_${shop.subdomain}`, made)).toBe("unchanged");
    expect(await historyOf(order.id)).toEqual(["refund 1000 partially_refunded", "refund_failed 1000 succeeded"]);
    expect(await paymentStatusOf(order.id)).toBe("succeeded");
    expect(await transactionOf(order.id)).toMatchObject({ status: "succeeded", refundedAmountCents: 0 });

    // A refund made on the provider's dashboard after the failure is one all the same.
    expect(await recordRefund(txnId, 500, `evt_later_${shop.subdomain}`, new Date(made.getTime() + 120_000))).toBe("applied");
    expect(await historyOf(order.id)).toEqual([
      "refund 1000 partially_refunded",
      "refund_failed 1000 succeeded",
      "refund 500 partially_refunded",
    ]);
    expect(await transactionOf(order.id)).toMatchObject({ status: "partially_refunded", refundedAmountCents: 500 });
  });

  it("the provider's failure landing before the refund call's own answer: the refund stays failed, and the seller is told it failed", async () => {
    const { shop, order, actor } = await paidOrder();
    const refundPayment = vi.spyOn(getPaymentProvider(), "refundPayment").mockImplementationOnce(async (request) => {
      // Found by our id (the provider's is not stored yet).
      const [row] = await getDatabase().select().from(orderRefunds).where(eq(orderRefunds.id, request.orderRefundId));
      expect(row!.providerRefundId).toBeNull();
      const outcome = await recordRefundUpdate({
        id: `evt_fast_${shop.subdomain}`,
        type: "refund.updated",
        eventType: "refund.failed",
        accountId: request.accountId,
        refund: {
          id: `re_fast_${shop.subdomain}`,
          intentId: request.intentId,
          amountCents: request.amountCents,
          status: "failed",
          failureReason: "declined",
          orderRefundId: request.orderRefundId,
        },
        reportedAt: new Date(),
      });
      expect(outcome).toBe("applied");
      return { refundId: `re_fast_${shop.subdomain}`, status: "pending" };
    });
    try {
      await expect(refundOrder(order.id, { amountCents: 1000, reason: "Return" }, actor)).rejects.toThrow("orders.errors.refund_failed");
    } finally {
      refundPayment.mockRestore();
    }
    const [row] = await getDatabase().select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    expect(row).toMatchObject({ status: "failed", failureReason: "declined", providerRefundId: `re_fast_${shop.subdomain}` });
    // No refund mail for a refund that did not happen.
    const refundMails = await getDatabase().select().from(mailOutbox).where(eq(mailOutbox.template, "order_refund"));
    expect(refundMails.filter((m) => m.dedupeKey === `order-refund:${row!.id}`)).toEqual([]);
  });

  it("an event about a refund we do not have, or of another account, is unknown and changes nothing", async () => {
    const { shop, order, actor } = await paidOrder();
    const refund = await pendingRefund(order.id, 1000, actor);
    const event = (id: string, accountId: string, refundId: string, orderRefundId: number | null) =>
      recordRefundUpdate({
        id,
        type: "refund.updated",
        eventType: "refund.failed",
        accountId,
        refund: {
          id: refundId,
          intentId: `pi_sim_${shop.subdomain}`,
          amountCents: 1000,
          status: "failed",
          failureReason: null,
          orderRefundId,
        },
        reportedAt: new Date(),
      });
    expect(await event(`evt_u1_${shop.subdomain}`, `acct_sim_${shop.subdomain}`, "re_dashboard", null)).toBe("unknown_refund");
    expect(await event(`evt_u1_${shop.subdomain}`, `acct_sim_${shop.subdomain}`, "re_dashboard", null)).toBe("duplicate");
    expect(await event(`evt_u2_${shop.subdomain}`, "acct_other", `re_pending_${refund.id}`, refund.id)).toBe("unknown_refund");
    // Our id, but the refund already has another provider id: not this one.
    expect(await event(`evt_u3_${shop.subdomain}`, `acct_sim_${shop.subdomain}`, "re_other", refund.id)).toBe("unknown_refund");
    expect((await getDatabase().select().from(orderRefunds).where(eq(orderRefunds.id, refund.id)))[0]!.status).toBe("pending");
  });
});
