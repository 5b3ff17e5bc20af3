import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { getDatabase } from "~db/client";
import { insertProducts, type NewProduct } from "~db/products";
import {
  categories,
  orderEvents,
  orders,
  paymentTransactions,
  shops,
  simulatedAccounts,
  users,
  type Order,
  type Shop,
  type User,
} from "~db/schema";

/** Small builders of rows for unit tests (no password hashing: tests that log in hash their own). */
export async function createUser(overrides: Partial<typeof users.$inferInsert> = {}): Promise<User> {
  const id = crypto.randomUUID().slice(0, 8);
  const [user] = await getDatabase()
    .insert(users)
    .values({ email: `user-${id}@example.test`, username: `user-${id}`, passwordHash: "x", ...overrides })
    .returning();
  return user!;
}

export async function createShop(overrides: Partial<typeof shops.$inferInsert> = {}): Promise<Shop> {
  const owner = overrides.ownerId ?? (await createUser({ isSeller: true })).id;
  const sub = `shop-${crypto.randomUUID().slice(0, 8)}`;
  const [shop] = await getDatabase()
    .insert(shops)
    .values({ subdomain: sub, name: sub, isLive: true, ...overrides, ownerId: owner })
    .returning();
  return shop!;
}

export async function createCategory(shopId: number, slug: string, name = slug) {
  const [category] = await getDatabase().insert(categories).values({ shopId, slug, name }).returning();
  return category!;
}

export async function createProduct(shopId: number, overrides: Partial<NewProduct> & { stock?: number | null } = {}) {
  const [product] = await insertProducts(getDatabase(), [{ shopId, name: "Product", priceCents: 1000, ...overrides }]);
  return product!;
}

/** The same details as the order domain takes them (`CheckoutDetails` without the total). */
export const CHECKOUT_DETAILS = {
  fullName: "Ada",
  companyName: "",
  email: "ada@example.co",
  address: "1 rue X",
  city: "Paris",
  state: "",
  zipCode: "75001",
  country: "FR",
  phone: "06123",
  socialNetworkHandle: "",
  reference: "",
  content: "",
  liveReference: "",
  // The screen's amount is the subtotal; no shipping rate (a shop without zones).
  shippingRateId: null,
  amountStated: "subtotal" as const,
};
/** A shopper placing orders in the domain tests: a shopper key, no account, English. */
export const TEST_SHOPPER = { shopperKeyHash: "k", userId: null, language: "en" as const };

/** A shopper's checkout fields as the checkout schema takes them (tests add reference and total_amount). */
export const CHECKOUT_FIELDS = {
  full_name: "Ada",
  email: "ada@example.co",
  address: "1 rue X",
  city: "Paris",
  zip_code: "75001",
  country: "FR",
  phone: "06123",
};

/** An order row of a shop (number 1, 25.00, unpaid unless told), with a shopper's address. */
export async function createOrderRow(shopId: number, overrides: Partial<typeof orders.$inferInsert> = {}): Promise<Order> {
  const [order] = await getDatabase()
    .insert(orders)
    .values({
      shopId,
      number: 1,
      totalAmountCents: 2500,
      fullName: "Ada",
      email: "ada@example.test",
      address: "1 rue X",
      city: "Paris",
      zipCode: "75001",
      country: "FR",
      phone: "0600000000",
      ...overrides,
    })
    .returning();
  return order!;
}

/** The shop's connected account at the simulated provider, able to take payments; returns its id. */
export async function createSimulatedAccount(shop: Pick<Shop, "subdomain">): Promise<string> {
  const id = `acct_sim_${shop.subdomain}`;
  await getDatabase()
    .insert(simulatedAccounts)
    .values({ id, email: "s@example.test", detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true });
  return id;
}

/** The order's payment transaction at the simulated provider (platform fee 2.4%). */
export async function createPaymentTransaction(
  order: Pick<Order, "id" | "shopId" | "totalAmountCents">,
  payment: { id: string; accountId: string; intentId: string; status: (typeof paymentTransactions.$inferInsert)["status"] },
) {
  await getDatabase()
    .insert(paymentTransactions)
    .values({
      id: payment.id,
      orderId: order.id,
      shopId: order.shopId,
      provider: "simulated",
      providerAccountId: payment.accountId,
      providerPaymentId: payment.intentId,
      amountCents: order.totalAmountCents,
      applicationFeeCents: Math.round(order.totalAmountCents * 0.024),
      currency: "EUR",
      status: payment.status,
    });
}

/**
 * An order of a new shop (25.00) with its payment at the simulated provider, in `status`
 * (an unpaid order unless the payment succeeded), and the intent the provider reports once
 * that payment succeeds.
 */
export async function createSimulatedPayment(status: "pending" | "succeeded" = "pending") {
  const shop = await createShop();
  const order = await createOrderRow(shop.id, status === "succeeded" ? { paymentStatus: "succeeded" } : {});
  const accountId = await createSimulatedAccount(shop);
  const intentId = `pi_sim_${shop.subdomain}`;
  const transactionId = `txn_${shop.subdomain}`;
  await createPaymentTransaction(order, { id: transactionId, accountId, intentId, status });
  const succeededIntent = {
    id: intentId,
    status: "succeeded" as const,
    amountCents: order.totalAmountCents,
    currency: "EUR",
    clientSecret: null,
    lastError: null,
    nextActionUrl: null,
  };
  return { shop, order, accountId, intentId, transactionId, succeededIntent };
}

/** The order's history entries that record a payment. */
export async function paymentEntriesOf(orderId: number) {
  return (await getDatabase().select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).filter((e) => e.kind === "payment");
}
