import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { DomainError } from "~/domain/errors.server";
import { CANCEL_CLAIM_TTL_MS } from "~/domain/orders/cancellation-claims.server";
import { shipOrder, shipParcel } from "~/domain/orders/fulfillment.server";
import { joinParcel } from "~/domain/orders/parcels.server";
import { changeOrderStatus } from "~/domain/payments/order-status-change.server";
import { ProviderRequestError } from "~/domain/payments/provider.server";
import { getPaymentProvider } from "~/domain/payments/provider-registry.server";
import { getDatabase, writeTransaction } from "~db/client";
import { orderRefunds, orders, simulatedPaymentIntents, type OrderStatus } from "~db/schema";
import { recordSucceededSimulatedIntent } from "../support/simulated-intents";
import { createOrderRow, createPaymentTransaction, createShop, createSimulatedAccount } from "./factories";

// "Cancel versus ship at once": cancelling a paid order refunds it through the provider, a call
// outside any transaction. Whatever lands during that call must not leave the order shipped
// and refunded. On each engine (unit and unit-pg).

const shipment = { carrier: "colissimo" as const, trackingNumber: "8V0000000001" };

/** A shop's order paid 30.00 at the simulated provider, in `status`, packed in a parcel. */
async function paidOrder(status: OrderStatus) {
  const shop = await createShop();
  const account = await createSimulatedAccount(shop);
  const created = await createOrderRow(shop.id, { status, paymentStatus: "succeeded", totalAmountCents: 3000, paidAt: new Date() });
  const parcelId = (await writeTransaction((tx) => joinParcel(tx, created)))!;
  const intent = `pi_sim_${shop.subdomain}`;
  await recordSucceededSimulatedIntent({ id: intent, accountId: account, amountCents: 3000, applicationFeeCents: 72 });
  await createPaymentTransaction(created, { id: `txn_${shop.subdomain}`, accountId: account, intentId: intent, status: "succeeded" });
  const seller = { userId: shop.ownerId, shopId: shop.id };
  return { shop, orderId: created.id, parcelId, seller };
}

const orderNow = async (orderId: number) => (await getDatabase().select().from(orders).where(eq(orders.id, orderId)))[0]!;
const refundedAtProvider = async (shopSubdomain: string) =>
  (
    await getDatabase()
      .select()
      .from(simulatedPaymentIntents)
      .where(eq(simulatedPaymentIntents.id, `pi_sim_${shopSubdomain}`))
  )[0]!.amountRefundedCents;

/**
 * Runs `during` while the provider refunds (before the refund itself is made), then makes
 * the refund; returns what `during` answered.
 */
function duringTheRefund(during: () => Promise<unknown>): { landed: Promise<PromiseSettledResult<unknown>>; restore: () => void } {
  const provider = getPaymentProvider();
  const refundPayment = provider.refundPayment.bind(provider);
  let settle: (outcome: PromiseSettledResult<unknown>) => void = () => {};
  const landed = new Promise<PromiseSettledResult<unknown>>((resolve) => (settle = resolve));
  const spy = vi.spyOn(provider, "refundPayment").mockImplementationOnce(async (request) => {
    const [outcome] = await Promise.allSettled([during()]);
    settle(outcome!);
    return refundPayment(request);
  });
  return { landed, restore: () => spy.mockRestore() };
}

describe("cancel versus ship at once", () => {
  it.each([
    {
      way: "the ship form (carrier and tracking number)",
      from: "processing" as const,
      ship: (o: Awaited<ReturnType<typeof paidOrder>>) => shipOrder(o.orderId, o.shop.id, shipment, o.seller),
    },
    {
      way: "the API's status change to shipped",
      from: "processing" as const,
      ship: (o: Awaited<ReturnType<typeof paidOrder>>) => changeOrderStatus(o.orderId, "shipped", o.seller),
    },
    {
      way: "shipping the order's whole parcel",
      from: "processing" as const,
      ship: (o: Awaited<ReturnType<typeof paidOrder>>) => shipParcel(o.parcelId, o.shop.id, shipment, o.seller),
    },
    {
      way: "a paid pending order shipped at once",
      from: "pending" as const,
      ship: (o: Awaited<ReturnType<typeof paidOrder>>) => shipOrder(o.orderId, o.shop.id, shipment, o.seller),
    },
    {
      way: "a pending order moved to processing",
      from: "pending" as const,
      ship: (o: Awaited<ReturnType<typeof paidOrder>>) => changeOrderStatus(o.orderId, "processing", o.seller),
    },
  ])("$way during the cancel's refund is refused: the order ends cancelled and refunded, never shipped", async ({ from, ship }) => {
    const paid = await paidOrder(from);
    const { landed, restore } = duringTheRefund(() => ship(paid));
    let cancel: PromiseSettledResult<unknown>;
    try {
      [cancel] = await Promise.allSettled([changeOrderStatus(paid.orderId, "cancelled", paid.seller)]);
    } finally {
      restore();
    }
    const after = await orderNow(paid.orderId);
    // The bug: the ship won the status write, the refund was already made.
    expect({ status: after.status, paymentStatus: after.paymentStatus, shippedAt: after.shippedAt }).toEqual({
      status: "cancelled",
      paymentStatus: "refunded",
      shippedAt: null,
    });
    expect(await refundedAtProvider(paid.shop.subdomain)).toBe(3000);
    expect(after.cancellingSince).toBeNull();
    expect(cancel!.status).toBe("fulfilled");
    const shipped = await landed;
    expect(shipped.status).toBe("rejected");
    expect((shipped as PromiseRejectedResult).reason).toMatchObject({ messageKey: "orders.errors.changed_meanwhile" });
  });

  it("a refund refused by the provider cancels nothing: the failure is kept, the order may ship, or be cancelled again", async () => {
    const paid = await paidOrder("processing");
    const refuse = vi
      .spyOn(getPaymentProvider(), "refundPayment")
      .mockRejectedValueOnce(new ProviderRequestError("The provider is unreachable.", "unavailable"));
    try {
      await expect(changeOrderStatus(paid.orderId, "cancelled", paid.seller)).rejects.toBeInstanceOf(DomainError);
    } finally {
      refuse.mockRestore();
    }
    const after = await orderNow(paid.orderId);
    expect({ status: after.status, paymentStatus: after.paymentStatus, cancellingSince: after.cancellingSince }).toEqual({
      status: "processing",
      paymentStatus: "succeeded",
      cancellingSince: null,
    });
    // The seller sees the failed refund among the order's refunds.
    const failed = await getDatabase().select().from(orderRefunds).where(eq(orderRefunds.orderId, paid.orderId));
    expect(failed.map((r) => ({ status: r.status, amountCents: r.amountCents }))).toEqual([{ status: "failed", amountCents: 3000 }]);
    expect(await refundedAtProvider(paid.shop.subdomain)).toBe(0);

    // Cancelling again refunds it.
    await expect(changeOrderStatus(paid.orderId, "cancelled", paid.seller)).resolves.toMatchObject({
      status: "cancelled",
      paymentStatus: "refunded",
    });
    expect(await refundedAtProvider(paid.shop.subdomain)).toBe(3000);
  });

  it("a claim left by a cancel that died (older than its lifetime) stops nothing; a fresh one stops shipping", async () => {
    const fresh = await paidOrder("processing");
    const abandoned = await paidOrder("processing");
    const now = Date.now();
    await getDatabase()
      .update(orders)
      .set({ cancellingSince: new Date(now - 60_000) })
      .where(eq(orders.id, fresh.orderId));
    await getDatabase()
      .update(orders)
      .set({ cancellingSince: new Date(now - CANCEL_CLAIM_TTL_MS - 60_000) })
      .where(eq(orders.id, abandoned.orderId));

    await expect(shipOrder(fresh.orderId, fresh.shop.id, shipment, fresh.seller)).rejects.toMatchObject({
      messageKey: "orders.errors.changed_meanwhile",
    });
    await expect(changeOrderStatus(fresh.orderId, "cancelled", fresh.seller)).rejects.toMatchObject({
      messageKey: "orders.errors.changed_meanwhile",
    });
    expect(await orderNow(fresh.orderId)).toMatchObject({ status: "processing", paymentStatus: "succeeded" });
    expect(await refundedAtProvider(fresh.shop.subdomain)).toBe(0);

    await expect(shipOrder(abandoned.orderId, abandoned.shop.id, shipment, abandoned.seller)).resolves.toMatchObject({
      status: "shipped",
      cancellingSince: null,
    });
  });
});
