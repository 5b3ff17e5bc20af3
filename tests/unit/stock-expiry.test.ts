// The life of held units with a clock the test moves (issue 27): holds that run out, the
// sweep, a shopper back after the end, payments under way or landing late, cancellations,
// and the waitlist's offers. Only Date is faked: the database's own timers run as usual.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ConflictError } from "~/domain/errors.server";
import { handleProviderEvent } from "~/domain/payments/events.server";
import { findOrderTransaction, startPayment } from "~/domain/payments/intents.server";
import { changeOrderStatus } from "~/domain/payments/order-status-change.server";
import { getPaymentProvider } from "~/domain/payments/provider-registry.server";
import { refundOrder } from "~/domain/payments/refunds.server";
import { payOrderWithSimulatedCard } from "~/domain/payments/simulated-actions.server";
import { ensureOrderHeld, OutOfStockError, productStock } from "~/domain/stock/holds.server";
import { releaseUnitsOfExpiredHolds } from "~/domain/stock/stock.server";
import { joinWaitlist } from "~/domain/stock/waitlist.server";
import { translatorFor } from "~/lib/translations.server";
import { getDatabase, writeTransaction } from "~db/client";
import { orderEvents, orderRefunds, simulatedPaymentIntents, waitlistEntries, type Shop } from "~db/schema";
import { createProduct } from "./factories";
import {
  holdsOf,
  mailsTo,
  movementsOf,
  onlyVariant,
  orderInput,
  orderRow,
  pay,
  payableShop,
  place,
  successCard,
  variantRow,
  viewerNo,
} from "./stock-drops";

const MINUTE = 60_000;
const HOLD = 10 * MINUTE;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2031-03-14T20:00:00Z"));
});
afterEach(() => vi.useRealTimers());

/** The clock moves on by `ms`. */
const later = (ms: number) => vi.setSystemTime(Date.now() + ms);

/** A shop and a product with `stock` units at 20.00. */
async function drop(stock: number): Promise<{ shop: Shop; productId: number; variantId: number }> {
  const shop = await payableShop();
  const product = await createProduct(shop.id, { name: "Drop Sweater", priceCents: 2000, stock });
  return { shop, productId: product.id, variantId: (await onlyVariant(product.id)).id };
}

const available = async (productId: number) =>
  (await productStock(getDatabase(), [productId], new Date())).get(productId)!.variants[0]!.available;

describe("holds that run out", () => {
  it("give their unit to the next order without a sweep, the release in the stock history", async () => {
    const { shop, productId, variantId } = await drop(1);
    const first = await place(shop, 1, orderInput({ productId }, 2000));
    expect(first.reservedUntil?.getTime()).toBe(Date.now() + HOLD);
    await expect(place(shop, 2, orderInput({ productId }, 2000))).rejects.toBeInstanceOf(OutOfStockError);
    // Still held at its last millisecond, free the next one.
    later(HOLD - 1);
    await expect(place(shop, 2, orderInput({ productId }, 2000))).rejects.toBeInstanceOf(OutOfStockError);
    later(2);
    expect(await available(productId)).toBe(1);
    const second = await place(shop, 2, orderInput({ productId }, 2000));
    const holds = await holdsOf(variantId);
    expect(holds.map((h) => [h.orderId, h.state])).toEqual([
      [first.id, "released"],
      [second.id, "held"],
    ]);
    expect(await variantRow(variantId)).toMatchObject({ stock: 1, reserved: 1 });
    expect(await movementsOf(variantId, "hold_released")).toMatchObject([{ orderId: first.id, reservedDelta: -1, stockAfter: 1 }]);
  });

  it("are released by the sweep, once, and recorded as released", async () => {
    const { shop, productId, variantId } = await drop(3);
    const order = await place(shop, 1, orderInput({ productId, quantity: 2 }, 2000));
    later(HOLD + 1);
    // Counted as free at once; the counters move when the sweep runs.
    expect(await available(productId)).toBe(3);
    expect(await variantRow(variantId)).toMatchObject({ reserved: 2 });
    await releaseUnitsOfExpiredHolds(new Date());
    await releaseUnitsOfExpiredHolds(new Date());
    expect(await variantRow(variantId)).toMatchObject({ stock: 3, reserved: 0 });
    expect((await holdsOf(variantId)).map((h) => h.state)).toEqual(["released"]);
    expect(await movementsOf(variantId, "hold_released")).toMatchObject([{ orderId: order.id, reservedDelta: -2, stockAfter: 3 }]);
  });
});

describe("a shopper back at the payment step after the hold's end", () => {
  it("gets the hold extended when nothing released it, and pays", async () => {
    const { shop, productId, variantId } = await drop(1);
    const order = await place(shop, 1, orderInput({ productId }, 2000));
    later(HOLD + 5 * MINUTE);
    await startPayment(order.id, viewerNo(1), "simulated", shop.id);
    const [hold] = await holdsOf(variantId);
    expect(hold).toMatchObject({ state: "held", expiresAt: new Date(Date.now() + HOLD) });
    expect((await orderRow(order.id)).reservedUntil).toEqual(new Date(Date.now() + HOLD));
    await payOrderWithSimulatedCard(order.id, successCard());
    expect(await variantRow(variantId)).toMatchObject({ stock: 0, reserved: 0 });
  });

  it("holds the units again when the sweep released them and some are left", async () => {
    const { shop, productId, variantId } = await drop(1);
    const order = await place(shop, 1, orderInput({ productId }, 2000));
    later(HOLD + 1);
    await releaseUnitsOfExpiredHolds(new Date());
    expect(await variantRow(variantId)).toMatchObject({ reserved: 0 });
    await startPayment(order.id, viewerNo(1), "simulated", shop.id);
    expect((await holdsOf(variantId)).map((h) => h.state)).toEqual(["released", "held"]);
    expect(await variantRow(variantId)).toMatchObject({ reserved: 1 });
    expect((await orderRow(order.id)).reservedUntil).toEqual(new Date(Date.now() + HOLD));
    expect(await findOrderTransaction(order.id)).toMatchObject({ status: "pending" });
  });

  it("is told sold out (409) when another shopper took the units, and no payment is started", async () => {
    const { shop, productId, variantId } = await drop(1);
    const order = await place(shop, 1, orderInput({ productId }, 2000));
    later(HOLD + 1);
    const other = await place(shop, 2, orderInput({ productId }, 2000));
    const refused = await startPayment(order.id, viewerNo(1), "simulated", shop.id).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OutOfStockError);
    expect(refused).toMatchObject({ status: 409, code: "out_of_stock", messageKey: "stock.errors.sold_out" });
    expect(await findOrderTransaction(order.id)).toBeUndefined();
    const intents = await getDatabase()
      .select()
      .from(simulatedPaymentIntents)
      .where(eq(simulatedPaymentIntents.accountId, `acct_sim_${shop.subdomain}`));
    expect(intents).toEqual([]);
    // The other shopper's units stay theirs.
    expect(await variantRow(variantId)).toMatchObject({ stock: 1, reserved: 1 });
    await pay(other.id, 2, shop.id);
    expect(await variantRow(variantId)).toMatchObject({ stock: 0, reserved: 0 });
  });
});

describe("payments and held units", () => {
  it("a payment the provider is still processing at the hold's end keeps its units until it succeeds", async () => {
    const { shop, productId, variantId } = await drop(1);
    const order = await place(shop, 1, orderInput({ productId }, 2000));
    await startPayment(order.id, viewerNo(1), "simulated", shop.id);
    const txn = (await findOrderTransaction(order.id))!;
    const intent = {
      id: txn.providerPaymentId!,
      clientSecret: null,
      amountCents: 2000,
      currency: "EUR",
      lastError: null,
      nextActionUrl: null,
    };
    const event = (id: string, status: "processing" | "succeeded") => ({
      id,
      type: status === "succeeded" ? ("payment.succeeded" as const) : ("payment.updated" as const),
      accountId: txn.providerAccountId,
      intent: { ...intent, status },
    });
    expect(await handleProviderEvent(event("evt_processing", "processing"))).toMatchObject({ outcome: "applied" });
    later(HOLD + 1);
    await releaseUnitsOfExpiredHolds(new Date());
    expect((await holdsOf(variantId)).map((h) => h.state)).toEqual(["held"]);
    // Neither sold to another shopper nor shown as left.
    await expect(place(shop, 2, orderInput({ productId }, 2000))).rejects.toMatchObject({
      code: "out_of_stock",
      fieldErrors: { "items.0.quantity": ["stock.errors.sold_out"] },
    });
    expect(await available(productId)).toBe(0);
    // The provider answers: the held unit is sold.
    await getDatabase().update(simulatedPaymentIntents).set({ status: "succeeded" }).where(eq(simulatedPaymentIntents.id, intent.id));
    expect(await handleProviderEvent(event("evt_succeeded", "succeeded"))).toMatchObject({ outcome: "applied" });
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "succeeded", status: "pending", stockRefundedAt: null });
    expect(await variantRow(variantId)).toMatchObject({ stock: 0, reserved: 0 });
    expect(await movementsOf(variantId, "sale")).toMatchObject([{ orderId: order.id, stockDelta: -1 }]);
  });

  it("a payment landing after its hold ran out is a sale when a unit is still free", async () => {
    const { shop, productId, variantId } = await drop(2);
    const order = await place(shop, 1, orderInput({ productId }, 2000));
    await startPayment(order.id, viewerNo(1), "simulated", shop.id);
    later(HOLD + 1);
    await releaseUnitsOfExpiredHolds(new Date());
    await payOrderWithSimulatedCard(order.id, successCard());
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "succeeded", status: "pending", stockRefundedAt: null });
    expect(await variantRow(variantId)).toMatchObject({ stock: 1, reserved: 0 });
    expect(await movementsOf(variantId, "sale")).toMatchObject([{ orderId: order.id, stockDelta: -1 }]);
  });

  it("a payment step reached once the payment landed (after the hold's end) holds nothing more for the paid order", async () => {
    const { shop, productId, variantId } = await drop(2);
    const order = await place(shop, 1, orderInput({ productId }, 2000));
    await startPayment(order.id, viewerNo(1), "simulated", shop.id);
    later(HOLD + 1);
    await payOrderWithSimulatedCard(order.id, successCard());
    // The shopper's other tab asks for the payment step of the order it read unpaid, past its hold.
    await writeTransaction((tx) => ensureOrderHeld(tx, order.id, new Date()));
    expect((await holdsOf(variantId)).map((h) => h.state)).toEqual(["sold"]);
    expect(await variantRow(variantId)).toMatchObject({ stock: 1, reserved: 0 });
  });

  it("a late payment's units taken again are its sold hold: cancelling or refunding the order puts them back in stock", async () => {
    const { shop, productId, variantId } = await drop(5);
    const seller = { userId: shop.ownerId, shopId: shop.id };
    const cancelled = await place(shop, 1, orderInput({ productId, quantity: 2 }, 2000));
    const refunded = await place(shop, 2, orderInput({ productId }, 2000));
    await startPayment(cancelled.id, viewerNo(1), "simulated", shop.id);
    await startPayment(refunded.id, viewerNo(2), "simulated", shop.id);
    later(HOLD + 1);
    await releaseUnitsOfExpiredHolds(new Date());
    await payOrderWithSimulatedCard(cancelled.id, successCard());
    await payOrderWithSimulatedCard(refunded.id, successCard());
    expect(await variantRow(variantId)).toMatchObject({ stock: 2, reserved: 0 });
    // Each unit sold is in a sold hold of its order, as a payment in time leaves it.
    const sold = (orderId: number) =>
      holdsOf(variantId).then((holds) => holds.filter((h) => h.orderId === orderId && h.state === "sold").map((h) => h.quantity));
    expect(await sold(cancelled.id)).toEqual([2]);
    expect(await sold(refunded.id)).toEqual([1]);

    await changeOrderStatus(cancelled.id, "cancelled", seller);
    expect(await variantRow(variantId)).toMatchObject({ stock: 4, reserved: 0 });
    await refundOrder(refunded.id, { amountCents: 2000, reason: "", restock: true }, seller);
    expect(await variantRow(variantId)).toMatchObject({ stock: 5, reserved: 0 });
    expect(await movementsOf(variantId, "restock")).toMatchObject([
      { orderId: cancelled.id, stockDelta: 2, stockAfter: 4 },
      { orderId: refunded.id, stockDelta: 1, stockAfter: 5 },
    ]);
    expect(await sold(cancelled.id)).toEqual([]);
    expect(await sold(refunded.id)).toEqual([]);
  });

  it("a payment started as the seller cancels the order buys nothing and is refunded in full when it lands", async () => {
    const { shop, productId, variantId } = await drop(2);
    const seller = { userId: shop.ownerId, shopId: shop.id };
    const order = await place(shop, 1, orderInput({ productId }, 2000));
    // The cancel lands while the payment step asks the provider for the order's intent: it finds no payment to cancel.
    const provider = getPaymentProvider();
    const createIntent = provider.createPaymentIntent.bind(provider);
    vi.spyOn(provider, "createPaymentIntent").mockImplementationOnce(async (request) => {
      await changeOrderStatus(order.id, "cancelled", seller);
      return createIntent(request);
    });
    await startPayment(order.id, viewerNo(1), "simulated", shop.id);
    expect(await variantRow(variantId)).toMatchObject({ stock: 2, reserved: 0 });
    await payOrderWithSimulatedCard(order.id, successCard());

    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    expect(await getDatabase().select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toMatchObject([
      { amountCents: 2000, status: "succeeded", actorUserId: null },
    ]);
    expect(await variantRow(variantId)).toMatchObject({ stock: 2, reserved: 0 });
    expect(await movementsOf(variantId, "sale")).toEqual([]);
    expect((await holdsOf(variantId)).map((h) => h.state)).toEqual(["released"]);
  });

  it("a payment landing after its units were sold to someone else is cancelled and refunded in full at once, and mailed so", async () => {
    const { shop, productId, variantId } = await drop(1);
    const late = await place(shop, 1, orderInput({ productId }, 2000, { email: "late@drop.test" }));
    await startPayment(late.id, viewerNo(1), "simulated", shop.id);
    later(HOLD + 1);
    const other = await place(shop, 2, orderInput({ productId }, 2000, { email: "quick@drop.test" }));
    await pay(other.id, 2, shop.id);
    // The first shopper's card goes through at the provider, whose event arrives now.
    const intent = await payOrderWithSimulatedCard(late.id, successCard());
    expect(intent?.intent.status).toBe("succeeded");

    const order = await orderRow(late.id);
    expect(order).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    expect(order.stockRefundedAt).toEqual(new Date());
    // Nothing of it is packed: it is in no parcel (the quick shopper's paid order is).
    expect(order.parcelId).toBeNull();
    expect((await orderRow(other.id)).parcelId).not.toBeNull();
    const refunds = await getDatabase().select().from(orderRefunds).where(eq(orderRefunds.orderId, late.id));
    expect(refunds).toMatchObject([{ amountCents: 2000, status: "succeeded", actorUserId: null }]);
    const [atProvider] = await getDatabase()
      .select()
      .from(simulatedPaymentIntents)
      .where(eq(simulatedPaymentIntents.id, intent!.intent.id));
    expect(atProvider?.amountRefundedCents).toBe(2000);
    const history = await getDatabase().select().from(orderEvents).where(eq(orderEvents.orderId, late.id));
    expect(history.find((e) => e.kind === "status")).toMatchObject({ toValue: "cancelled", note: "stock.sold_out_refund" });
    // Mailed as a refund for an item that sold out; no "order paid" mail.
    const mails = await mailsTo("late@drop.test");
    expect(mails.map((m) => m.template)).toEqual(["order_refund"]);
    expect(mails[0]!.text).toContain(translatorFor("en")("refunds.mail.sold_out"));
    // The unit is the other shopper's sale, and the late one sold nothing.
    expect(await movementsOf(variantId, "sale")).toMatchObject([{ orderId: other.id }]);
    expect(await variantRow(variantId)).toMatchObject({ stock: 0, reserved: 0 });
    expect((await holdsOf(variantId)).filter((h) => h.orderId === late.id).map((h) => h.state)).toEqual(["released"]);
  });
});

describe("cancelled orders", () => {
  it("an unpaid one gives its held units back, a paid one puts its units back in stock", async () => {
    const { shop, productId, variantId } = await drop(2);
    const seller = { userId: shop.ownerId, shopId: shop.id };
    const unpaid = await place(shop, 1, orderInput({ productId }, 2000));
    expect(await variantRow(variantId)).toMatchObject({ stock: 2, reserved: 1 });
    await changeOrderStatus(unpaid.id, "cancelled", seller);
    expect(await variantRow(variantId)).toMatchObject({ stock: 2, reserved: 0 });
    expect(await movementsOf(variantId, "hold_released")).toMatchObject([{ orderId: unpaid.id, reservedDelta: -1 }]);

    const paid = await place(shop, 2, orderInput({ productId }, 2000));
    await pay(paid.id, 2, shop.id);
    expect(await variantRow(variantId)).toMatchObject({ stock: 1, reserved: 0 });
    await changeOrderStatus(paid.id, "cancelled", seller);
    expect(await orderRow(paid.id)).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    expect(await variantRow(variantId)).toMatchObject({ stock: 2, reserved: 0 });
    expect(await movementsOf(variantId, "restock")).toMatchObject([
      { orderId: paid.id, stockDelta: 1, stockAfter: 2, actorUserId: shop.ownerId },
    ]);
    expect(await available(productId)).toBe(2);
  });
});

describe("the waitlist", () => {
  const offerToken = async (email: string) => {
    const mails = (await mailsTo(email)).filter((m) => m.template === "waitlist_offer");
    expect(mails).toHaveLength(1);
    return mails[0]!.text.match(/[?&]offer=([\w-]+)/)![1]!;
  };
  const entryOf = async (email: string) => (await getDatabase().select().from(waitlistEntries).where(eq(waitlistEntries.email, email)))[0]!;

  it("offers a unit that came back to the first in line, then to the next when the offer runs out; the link buys the offered unit", async () => {
    const { shop, productId, variantId } = await drop(1);
    const join = (email: string) => joinWaitlist({ shopId: shop.id, productId, variantId: null, email, language: "en" });
    await place(shop, 1, orderInput({ productId }, 2000));
    // Sold out: two shoppers leave their address, in this order.
    expect((await join("first@wait.test")).created).toBe(true);
    expect((await join("second@wait.test")).created).toBe(true);
    expect(await mailsTo("first@wait.test")).toEqual([]);

    // The order's hold runs out: the sweep offers its unit to the first in line.
    later(HOLD + 1);
    await releaseUnitsOfExpiredHolds(new Date());
    const first = await entryOf("first@wait.test");
    expect(first).toMatchObject({ state: "offered", offerExpiresAt: new Date(Date.now() + HOLD) });
    const offerHolds = (await holdsOf(variantId)).filter((h) => h.waitlistEntryId === first.id);
    expect(offerHolds).toMatchObject([{ state: "held", quantity: 1, expiresAt: new Date(Date.now() + HOLD) }]);
    const firstToken = await offerToken("first@wait.test");
    expect((await mailsTo("first@wait.test"))[0]!.text).toContain(`/?product_id=${productId}&offer=${firstToken}`);
    expect(await entryOf("second@wait.test")).toMatchObject({ state: "waiting" });
    // Held for them: nobody else gets it meanwhile.
    await expect(place(shop, 3, orderInput({ productId }, 2000))).rejects.toBeInstanceOf(OutOfStockError);

    // They do not come: the offer ends and the next in line gets it.
    later(HOLD + 1);
    await releaseUnitsOfExpiredHolds(new Date());
    expect(await entryOf("first@wait.test")).toMatchObject({ state: "done" });
    expect(await entryOf("second@wait.test")).toMatchObject({ state: "offered" });
    const secondToken = await offerToken("second@wait.test");
    // The first link is over: with it, an order is like any other, and nothing is free.
    await expect(place(shop, 4, orderInput({ productId }, 2000, { offerToken: firstToken }))).rejects.toBeInstanceOf(OutOfStockError);
    expect(await available(productId)).toBe(0);

    // The second link buys the unit held for it, though no other unit is free.
    const bought = await place(shop, 5, orderInput({ productId }, 2000, { offerToken: secondToken, email: "second@wait.test" }));
    expect(await entryOf("second@wait.test")).toMatchObject({ state: "done" });
    const held = (await holdsOf(variantId)).filter((h) => h.state === "held");
    expect(held).toMatchObject([{ orderId: bought.id, quantity: 1 }]);
    expect(await variantRow(variantId)).toMatchObject({ stock: 1, reserved: 1 });
    await pay(bought.id, 5, shop.id);
    expect(await variantRow(variantId)).toMatchObject({ stock: 0, reserved: 0 });
    // A link used once holds nothing more.
    const again = await getDatabase()
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.shopId, shop.id), eq(waitlistEntries.state, "offered")));
    expect(again).toEqual([]);
  });

  it("refuses a shopper while units can be bought (409)", async () => {
    const { shop, productId } = await drop(1);
    const refused = await joinWaitlist({ shopId: shop.id, productId, variantId: null, email: "early@wait.test", language: "en" }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(ConflictError);
    expect(await getDatabase().select().from(waitlistEntries).where(eq(waitlistEntries.shopId, shop.id))).toEqual([]);
  });
});
