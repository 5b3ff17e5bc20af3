import { describe, expect, it } from "vitest";
import { countOrders, listOrders, listViewOf } from "~/domain/orders/orders.server";
import { sellerDashboard } from "~/domain/sellers/dashboard.server";
import { PAID_PAYMENT_STATUSES, UNPAID_PAYMENT_STATUSES } from "~/domain/orders/payment-state";
import { getDatabase } from "~db/client";
import { PAYMENT_STATUSES, type PaymentStatus } from "~/lib/order-states";
import { orderEvents, orders, sellerProfiles, users } from "~db/schema";
import { createShop } from "./factories";

async function addOrder(shopId: number, number: number, paymentStatus: PaymentStatus, totalCents: number) {
  const [order] = await getDatabase()
    .insert(orders)
    .values({
      shopId,
      number,
      paymentStatus,
      totalAmountCents: totalCents,
      fullName: `Buyer ${number}`,
      email: `b${number}@example.test`,
      address: "1 rue X",
      city: "Paris",
      zipCode: "75001",
      country: "FR",
      phone: "0600000000",
      paidAt: (PAID_PAYMENT_STATUSES as readonly string[]).includes(paymentStatus) ? new Date() : null,
    })
    .returning();
  return order!;
}

describe("which orders a seller's list shows (issue 12, item 3)", () => {
  it("splits every payment state into paid orders or unpaid checkouts, once", () => {
    expect([...PAID_PAYMENT_STATUSES, ...UNPAID_PAYMENT_STATUSES].sort()).toEqual([...PAYMENT_STATUSES].sort());
    expect(UNPAID_PAYMENT_STATUSES).toEqual(expect.arrayContaining(["pending", "failed", "processing", "requires_action", "canceled"]));
  });

  it("defaults to paid orders for a seller, everything for shoppers and for an explicit payment status", () => {
    expect(listViewOf({ kind: "seller" }, {})).toBe("orders");
    expect(listViewOf({ kind: "seller" }, { payment_status: "failed" })).toBe("all");
    expect(listViewOf({ kind: "seller" }, { view: "checkouts" })).toBe("checkouts");
    expect(listViewOf({ kind: "shopper" }, {})).toBe("all");
    expect(listViewOf({ kind: "client" }, {})).toBe("all");
  });

  it("gives the dashboard tile, the list and the tabs the same counts; sales are net of refunds", async () => {
    const shop = await createShop();
    await addOrder(shop.id, 1, "succeeded", 1000);
    const partly = await addOrder(shop.id, 2, "partially_refunded", 4000);
    const refunded = await addOrder(shop.id, 3, "refunded", 2500);
    await addOrder(shop.id, 4, "pending", 9900);
    await addOrder(shop.id, 5, "failed", 9900);
    await addOrder(shop.id, 6, "canceled", 9900);
    await getDatabase()
      .insert(orderEvents)
      .values([
        { orderId: partly.id, shopId: shop.id, kind: "refund", toValue: "partially_refunded", amountCents: 1500 },
        // Recorded before partial refunds existed: no amount, the whole order went back.
        { orderId: refunded.id, shopId: shop.id, kind: "refund", toValue: "refunded" },
      ]);
    const scope = { kind: "seller", shopId: shop.id } as const;
    const page = { page: 1, page_size: 10, status: undefined, payment_status: undefined, search: undefined, view: undefined };
    expect((await listOrders(scope, page)).items.map((o) => o.number).sort()).toEqual([1, 2, 3]);
    expect(await countOrders(scope, { view: "checkouts" })).toBe(3);

    const user = (await getDatabase().select().from(users)).find((u) => u.id === shop.ownerId)!;
    const [profile] = await getDatabase()
      .insert(sellerProfiles)
      .values({ userId: user.id, businessName: "B", businessType: "company" })
      .returning();
    const dashboard = await sellerDashboard({ user, profile: profile!, shop }, true);
    expect(dashboard.stats.totalOrders).toBe((await listOrders(scope, page)).count);
    expect(dashboard.stats.totalSalesCents).toBe(1000 + 4000 + 2500 - 1500 - 2500);
    expect(dashboard.salesByDay.at(-1)!.cents).toBe(1000 + 4000 + 2500 - 1500 - 2500);
  });
});
