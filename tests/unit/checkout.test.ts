import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { placeOrder, reviseOrder } from "~/domain/checkout/place-order.server";
import { ConflictError, ForbiddenError, ValidationError } from "~/domain/errors.server";
import { checkoutSchema } from "~/schemas/checkout";
import { getDatabase } from "~db/client";
import { orderItems, orders, paymentTransactions, sellerProfiles, simulatedPaymentIntents } from "~db/schema";
import { createProduct, createShop, createSimulatedAccount } from "./factories";

const fields = {
  full_name: "Ada Lovelace",
  email: "ada@example.test",
  address: "1 rue X",
  city: "Paris",
  zip_code: "75001",
  country: "FR",
  phone: "0600000000",
};
const shopperKeyHash = "shopper-key-hash";
const shopper = { shopperKeyHash, userId: null, language: "en" as const };
const viewer = { shopperKeyHash, user: null, ownedShopId: null };

/** A live shop whose seller's (simulated) account takes payments. */
async function payableShop() {
  const shop = await createShop();
  const account = await createSimulatedAccount(shop);
  await getDatabase().insert(sellerProfiles).values({
    userId: shop.ownerId,
    businessName: "Shop",
    businessType: "individual",
    stripeConnectAccountId: account,
    stripeChargesEnabled: true,
  });
  return shop;
}

const liveInput = (total: string) => ({
  ...checkoutSchema(1000).parse({ ...fields, reference: "Ring #4", total_amount: total }),
  items: [],
});
/** A catalogue form as the schema parses it (the total is not verified here: the order domain checks it again). */
const catalogueInput = (product: { id: number; priceCents: number }, quantity: number, total: string) => ({
  ...checkoutSchema(1000, { unitPriceCents: product.priceCents }).parse({ ...fields, total_amount: total, quantity: String(quantity) }),
  items: [{ productId: product.id, quantity }],
});
const ordersOf = (shopId: number) => getDatabase().select().from(orders).where(eq(orders.shopId, shopId));
const transactionOf = async (orderId: number) => {
  const [transaction] = await getDatabase().select().from(paymentTransactions).where(eq(paymentTransactions.orderId, orderId)).limit(1);
  return transaction;
};

describe("placeOrder", () => {
  it("creates the order with its item at the stored price and starts its payment", async () => {
    const shop = await payableShop();
    const scarf = await createProduct(shop.id, { name: "Scarf", priceCents: 3900 });
    const input = catalogueInput(scarf, 2, "78.00");
    const { order, payment } = await placeOrder({ shop, input, shopper, payment: "now" });

    expect(order).toMatchObject({ shopId: shop.id, totalAmountCents: 7800, fullName: "Ada Lovelace", zipCode: "75001", shopperKeyHash });
    expect(order.items).toMatchObject([{ productId: scarf.id, productName: "Scarf", quantity: 2, priceCents: 3900 }]);
    expect(payment).toMatchObject({ started: true, intent: { amount: "78.00", status: "pending" } });
    const txn = (await transactionOf(order.id))!;
    expect(payment?.started && payment.intent.transaction_id).toBe(txn.id);
    expect(txn).toMatchObject({ amountCents: 7800, status: "pending" });
  });

  it("leaves the payment to the client when asked (the API), and says why a payment could not start", async () => {
    const later = await placeOrder({ shop: await payableShop(), input: liveInput("25"), shopper, payment: "later" });
    expect(later.payment).toBeNull();
    expect(await transactionOf(later.order.id)).toBeUndefined();

    // A shop without a payment account: the order exists, its payment did not start.
    const shop = await createShop();
    const unpayable = await placeOrder({ shop, input: liveInput("25"), shopper, payment: "now" });
    expect(await ordersOf(shop.id)).toHaveLength(1);
    expect(unpayable.payment).toMatchObject({ started: false, reason: { messageKey: "payments.errors.cannot_receive" } });
    expect(await transactionOf(unpayable.order.id)).toBeUndefined();
  });

  it("refuses an out-of-stock product: no order, no item, no payment", async () => {
    const shop = await payableShop();
    const belt = await createProduct(shop.id, { priceCents: 3400, isInStock: false });
    const input = catalogueInput(belt, 1, "34");
    await expect(placeOrder({ shop, input, shopper, payment: "now" })).rejects.toThrowError(ConflictError);
    expect(await ordersOf(shop.id)).toEqual([]);
    expect(await getDatabase().select().from(orderItems).where(eq(orderItems.productId, belt.id))).toEqual([]);
    expect(
      await getDatabase()
        .select()
        .from(simulatedPaymentIntents)
        .where(eq(simulatedPaymentIntents.accountId, `acct_sim_${shop.subdomain}`)),
    ).toEqual([]);
  });

  it("refuses a total that is not the price times the quantity, naming the right one, and creates nothing", async () => {
    const shop = await payableShop();
    const scarf = await createProduct(shop.id, { priceCents: 3900 });
    const input = catalogueInput(scarf, 1, "10.00");
    const refusal = placeOrder({ shop, input, shopper, payment: "now" });
    await expect(refusal).rejects.toThrowError(ValidationError);
    await expect(refusal).rejects.toMatchObject({ fieldErrors: { total_amount: ["purchase.errors.total_amount_mismatch?total=39.00"] } });
    expect(await ordersOf(shop.id)).toEqual([]);
  });
});

describe("reviseOrder", () => {
  it("updates an unpaid order, replaces its payment for the new amount, and keeps one order", async () => {
    const shop = await payableShop();
    const placed = await placeOrder({ shop, input: liveInput("25"), shopper, payment: "now" });
    const before = (await transactionOf(placed.order.id))!;

    const { order, payment } = await reviseOrder({
      shopId: shop.id,
      orderId: placed.order.id,
      viewer,
      input: checkoutSchema(1000).parse({ ...fields, city: "Lyon", reference: "Ring #4", total_amount: "30" }),
    });
    expect(order).toMatchObject({ id: placed.order.id, city: "Lyon", totalAmountCents: 3000 });
    expect(await ordersOf(shop.id)).toHaveLength(1);
    // The old intent was cancelled at the provider; the new payment is for the new amount.
    const [cancelled] = await getDatabase()
      .select()
      .from(simulatedPaymentIntents)
      .where(eq(simulatedPaymentIntents.id, before.providerPaymentId!))
      .limit(1);
    expect(cancelled?.status).toBe("canceled");
    expect(payment).toMatchObject({ started: true, intent: { amount: "30.00", status: "pending" } });
    expect(await transactionOf(order.id)).toMatchObject({ amountCents: 3000, status: "pending" });
  });

  it("refuses to revise a paid order and leaves it as it was", async () => {
    const shop = await payableShop();
    const placed = await placeOrder({ shop, input: liveInput("25"), shopper, payment: "now" });
    await getDatabase().update(orders).set({ paymentStatus: "succeeded", paidAt: new Date() }).where(eq(orders.id, placed.order.id));

    const revision = reviseOrder({
      shopId: shop.id,
      orderId: placed.order.id,
      viewer,
      input: checkoutSchema(1000).parse({ ...fields, city: "Lyon", reference: "Ring #4", total_amount: "30" }),
    });
    await expect(revision).rejects.toThrowError(ConflictError);
    await expect(revision).rejects.toMatchObject({ messageKey: "payments.errors.already_paid" });
    expect(await ordersOf(shop.id)).toMatchObject([{ city: "Paris", totalAmountCents: 2500, paymentStatus: "succeeded" }]);
    expect(await transactionOf(placed.order.id)).toMatchObject({ amountCents: 2500, status: "pending" });
  });

  it("refuses the holder of the order's status link (another browser) and changes nothing; its payment stays", async () => {
    const shop = await payableShop();
    const placed = await placeOrder({ shop, input: liveInput("25"), shopper, payment: "now" });
    const before = (await transactionOf(placed.order.id))!;
    const linkHolder = { shopperKeyHash: "another-browser", user: null, ownedShopId: null, statusLinkOrderId: placed.order.id };

    const revision = reviseOrder({
      shopId: shop.id,
      orderId: placed.order.id,
      viewer: linkHolder,
      input: checkoutSchema(1000).parse({
        ...fields,
        full_name: "Mallory",
        email: "mallory@example.test",
        address: "9 rue Y",
        reference: "Ring #4",
        total_amount: "30",
      }),
    });
    await expect(revision).rejects.toThrowError(ForbiddenError);
    await expect(revision).rejects.toMatchObject({ messageKey: "checkout.errors.details_locked" });
    expect(await ordersOf(shop.id)).toMatchObject([
      { fullName: "Ada Lovelace", email: "ada@example.test", address: "1 rue X", totalAmountCents: 2500 },
    ]);
    expect(await transactionOf(placed.order.id)).toMatchObject({ id: before.id, amountCents: 2500, status: "pending" });
  });
});
