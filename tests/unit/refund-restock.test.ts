import { describe, expect, it } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { orderRefundSummaries, recordRefundUpdate, refundOrder } from "~/domain/payments/refunds.server";
import { joinWaitlist } from "~/domain/stock/waitlist.server";
import { getDatabase } from "~db/client";
import { mailOutbox, orders, simulatedPaymentIntents, stockMovements, waitlistEntries, type Order, type Shop } from "~db/schema";
import { recordSucceededSimulatedIntent } from "../support/simulated-intents";
import { createPaymentTransaction, createProduct, createShop, createSimulatedAccount } from "./factories";
import { onlyVariant, orderOf, variantRow } from "./stock-fixtures";

// Issue 27, item 4: a refund asks whether the units go back in stock (yes before shipping).

const accounts = new Map<number, string>();

/** A paid order of `quantity` tracked units, with its payment at the simulated provider (so it can be refunded). */
async function paidOrderAtProvider(shop: Shop, productId: number, quantity: number, status: Order["status"] = "pending") {
  const order = await orderOf(shop, productId, null, quantity, { paid: true });
  await getDatabase().update(orders).set({ status, paymentStatus: "succeeded" }).where(eq(orders.id, order.id));
  if (!accounts.has(shop.id)) accounts.set(shop.id, await createSimulatedAccount(shop));
  const account = accounts.get(shop.id)!;
  const intent = `pi_sim_${shop.subdomain}_${order.id}`;
  const amountCents = 1000 * quantity;
  await recordSucceededSimulatedIntent({ id: intent, accountId: account, amountCents, applicationFeeCents: 24 });
  await createPaymentTransaction(
    { id: order.id, shopId: shop.id, totalAmountCents: amountCents },
    { id: `txn_${intent}`, accountId: account, intentId: intent, status: "succeeded" },
  );
  return { ...order, paymentStatus: "succeeded" as const, intent };
}

describe("a refund that puts the units back in stock", () => {
  it("restocks when asked: the stock goes back up, the history says who, and the first shopper waiting gets an offer", async () => {
    const shop = await createShop();
    const product = await createProduct(shop.id, { stock: 2 });
    const variantId = await onlyVariant(product.id);
    const order = await paidOrderAtProvider(shop, product.id, 2);
    await joinWaitlist({ shopId: shop.id, productId: product.id, variantId: null, email: "waiting@example.test", language: "en" });
    expect(await variantRow(variantId)).toMatchObject({ stock: 0, reserved: 0 });
    expect((await orderRefundSummaries([order])).get(order.id)?.restockableUnits).toBe(2);

    await refundOrder(order.id, { amountCents: 2000, reason: "Damaged", restock: true }, { userId: shop.ownerId, shopId: shop.id });

    // One unit back on sale, one held for the shopper who waited (their offer).
    expect(await variantRow(variantId)).toMatchObject({ stock: 2, reserved: 1 });
    const [restock] = await getDatabase()
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, product.id), eq(stockMovements.kind, "restock")));
    expect(restock).toMatchObject({ stockDelta: 2, stockAfter: 2, orderId: order.id, actorUserId: shop.ownerId });
    const [entry] = await getDatabase().select().from(waitlistEntries).where(eq(waitlistEntries.productId, product.id));
    expect(entry?.state).toBe("offered");
    const mails = await getDatabase().select().from(mailOutbox).where(eq(mailOutbox.to, "waiting@example.test"));
    expect(mails.map((m) => m.template)).toEqual(["waitlist_offer"]);
    expect((await orderRefundSummaries([{ id: order.id, paymentStatus: "refunded" }])).get(order.id)?.restockableUnits).toBe(0);
  });

  it("leaves the stock when told not to, and by default restocks before shipping only, each unit once", async () => {
    const shop = await createShop();
    const product = await createProduct(shop.id, { stock: 5 });
    const variantId = await onlyVariant(product.id);
    const actor = { userId: shop.ownerId, shopId: shop.id };

    const kept = await paidOrderAtProvider(shop, product.id, 1);
    await refundOrder(kept.id, { amountCents: 1000, reason: "", restock: false }, actor);
    expect((await variantRow(variantId)).stock).toBe(4);

    const shipped = await paidOrderAtProvider(shop, product.id, 1, "shipped");
    await refundOrder(shipped.id, { amountCents: 1000, reason: "" }, actor);
    expect((await variantRow(variantId)).stock).toBe(3);

    const processing = await paidOrderAtProvider(shop, product.id, 2, "processing");
    await refundOrder(processing.id, { amountCents: 500, reason: "" }, actor);
    expect((await variantRow(variantId)).stock).toBe(3);
    // A second refund of the same order finds no unit left to put back.
    await refundOrder(processing.id, { amountCents: 500, reason: "", restock: true }, actor);
    expect((await variantRow(variantId)).stock).toBe(3);
    const restocks = await getDatabase()
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, product.id), eq(stockMovements.kind, "restock")))
      .orderBy(asc(stockMovements.id));
    expect(restocks.map((m) => [m.orderId, m.stockDelta])).toEqual([[processing.id, 2]]);
  });

  it("restocks nothing when the refund fails at the provider", async () => {
    const shop = await createShop();
    const product = await createProduct(shop.id, { stock: 1 });
    const order = await paidOrderAtProvider(shop, product.id, 1);
    // The provider refuses the refund (its payment was cancelled there).
    await getDatabase().update(simulatedPaymentIntents).set({ status: "canceled" }).where(eq(simulatedPaymentIntents.id, order.intent));
    await expect(
      refundOrder(order.id, { amountCents: 1000, reason: "", restock: true }, { userId: shop.ownerId, shopId: shop.id }),
    ).rejects.toThrow();
    expect((await variantRow(await onlyVariant(product.id))).stock).toBe(0);
  });

  it("a restocking refund the provider fails later leaves the units in stock (never sold again behind the seller's back)", async () => {
    const shop = await createShop();
    const product = await createProduct(shop.id, { stock: 2 });
    const variantId = await onlyVariant(product.id);
    const order = await paidOrderAtProvider(shop, product.id, 2);
    const refund = await refundOrder(order.id, { amountCents: 2000, reason: "", restock: true }, { userId: shop.ownerId, shopId: shop.id });
    expect(await variantRow(variantId)).toMatchObject({ stock: 2, reserved: 0 });
    const movements = async () =>
      (await getDatabase().select().from(stockMovements).where(eq(stockMovements.productId, product.id))).length;
    const before = await movements();

    const outcome = await recordRefundUpdate({
      id: `evt_restocked_${order.id}`,
      type: "refund.updated",
      eventType: "refund.failed",
      accountId: accounts.get(shop.id)!,
      refund: {
        id: refund.providerRefundId!,
        intentId: order.intent,
        amountCents: 2000,
        status: "failed",
        failureReason: "expired_or_canceled_card",
        orderRefundId: refund.id,
      },
      reportedAt: new Date(),
    });
    expect(outcome).toBe("applied");
    expect(await variantRow(variantId)).toMatchObject({ stock: 2, reserved: 0 });
    expect(await movements()).toBe(before);
    expect((await getDatabase().select().from(orders).where(eq(orders.id, order.id)))[0]!.paymentStatus).toBe("succeeded");
  });
});
