import crypto from "node:crypto";
import { computeFees } from "~/lib/fees";
import type { Transaction } from "./client";
import { orderEvents, orderItems, orders, paymentTransactions, products, shops, simulatedPaymentIntents } from "./schema";
import { eq } from "drizzle-orm";

type DemoOrder = {
  daysAgo: number;
  name: string;
  email: string;
  city: string;
  productIndex: number;
  paid: boolean;
  status: "pending" | "processing" | "shipped" | "delivered";
};

const DEMO_ORDERS: DemoOrder[] = [
  { daysAgo: 12, name: "Camille Martin", email: "camille@example.com", city: "Paris", productIndex: 0, paid: true, status: "delivered" },
  { daysAgo: 9, name: "Lucas Bernard", email: "lucas@example.com", city: "Lyon", productIndex: 6, paid: true, status: "delivered" },
  { daysAgo: 6, name: "Emma Dubois", email: "emma@example.com", city: "Marseille", productIndex: 12, paid: true, status: "shipped" },
  { daysAgo: 3, name: "Hugo Thomas", email: "hugo@example.com", city: "Lille", productIndex: 1, paid: true, status: "processing" },
  { daysAgo: 1, name: "Léa Petit", email: "lea@example.com", city: "Nantes", productIndex: 18, paid: true, status: "pending" },
  { daysAgo: 0, name: "Jules Robert", email: "jules@example.com", city: "Bordeaux", productIndex: 7, paid: false, status: "pending" },
];

/** A few orders of the demo shop, paid through the simulated provider (dashboard, orders page). */
export async function seedDemoOrders(tx: Transaction, shopId: number, accountId: string): Promise<void> {
  const catalogue = await tx.select().from(products).where(eq(products.shopId, shopId));
  const now = Date.now();
  for (const [index, demo] of DEMO_ORDERS.entries()) {
    const product = catalogue[demo.productIndex]!;
    const createdAt = new Date(now - demo.daysAgo * 24 * 3600 * 1000 - 3600 * 1000);
    const [order] = await tx
      .insert(orders)
      .values({
        shopId,
        number: index + 1,
        status: demo.status,
        paymentStatus: demo.paid ? "succeeded" : "pending",
        totalAmountCents: product.priceCents,
        fullName: demo.name,
        email: demo.email,
        address: `${10 + index} rue de la République`,
        city: demo.city,
        zipCode: "75001",
        country: "France",
        phone: "+33 6 00 00 00 0" + index,
        liveReference: `Live #${20 - demo.daysAgo}`,
        reference: `LIVE-${100 + index}`,
        paidAt: demo.paid ? new Date(createdAt.getTime() + 60_000) : null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    await tx
      .insert(orderItems)
      .values({ orderId: order!.id, productId: product.id, productName: product.name, quantity: 1, priceCents: product.priceCents });
    await tx.insert(orderEvents).values({ orderId: order!.id, shopId, kind: "created", toValue: "pending", createdAt });
    if (!demo.paid) continue;
    const intentId = `pi_sim_demo${index}`;
    const fee = computeFees(product.priceCents).platformFeeTtcCents;
    await tx.insert(simulatedPaymentIntents).values({
      id: intentId,
      accountId,
      clientSecret: `${intentId}_secret_${crypto.randomBytes(8).toString("hex")}`,
      amountCents: product.priceCents,
      currency: "EUR",
      applicationFeeCents: fee,
      status: "succeeded",
      cardLast4: "4242",
      idempotencyKey: `order-${order!.id}-payment`,
    });
    await tx.insert(paymentTransactions).values({
      id: `txn_demo${index}`,
      orderId: order!.id,
      shopId,
      provider: "simulated",
      providerAccountId: accountId,
      providerPaymentId: intentId,
      amountCents: product.priceCents,
      applicationFeeCents: fee,
      currency: "EUR",
      status: "succeeded",
    });
    await tx.insert(orderEvents).values({ orderId: order!.id, shopId, kind: "payment", toValue: "succeeded", createdAt: order!.paidAt! });
    if (demo.status !== "pending") {
      await tx.insert(orderEvents).values({
        orderId: order!.id,
        shopId,
        kind: "status",
        fromValue: "pending",
        toValue: demo.status,
        createdAt: new Date(order!.paidAt!.getTime() + 3600_000),
      });
    }
  }
  await tx
    .update(shops)
    .set({ nextOrderNumber: DEMO_ORDERS.length + 1 })
    .where(eq(shops.id, shopId));
}
