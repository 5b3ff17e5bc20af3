import { and, count, desc, eq, gte, inArray, isNull, sum } from "drizzle-orm";
import { shopPublicUrl } from "~/domain/shops/shop-hosts.server";
import { countOrders } from "~/domain/orders/orders.server";
import { PAID_PAYMENT_STATUSES } from "~/domain/orders/payment-state";
import { REFUND_EVENT_KINDS, refundedCentsOfEvent } from "~/domain/orders/refund-events.server";
import { flushShopViews } from "~/domain/shops/views.server";
import { getDatabase } from "~db/client";
import { orderEvents, orders, products, shopDailyViews } from "~db/schema";
import { onboardingView, sellerOnboardingSteps, type SellerAccount } from "./onboarding.server";

const DAY_MS = 24 * 60 * 60 * 1000;
export const SALES_CHART_DAYS = 30;

/** Everything the seller's dashboard shows, in a handful of indexed queries. */
export async function sellerDashboard(account: SellerAccount, testMode: boolean, now = new Date()) {
  const db = getDatabase();
  const { profile, shop } = account;
  const onboarding = sellerOnboardingSteps(account);
  const shopId = shop?.id ?? -1;

  // Sales are net: what paid orders brought in, minus what was refunded since (and plus a
  // refund that failed after it was counted: the money came back).
  const paidOrders = and(eq(orders.shopId, shopId), inArray(orders.paymentStatus, [...PAID_PAYMENT_STATUSES]));
  const refundEvents = and(eq(orderEvents.shopId, shopId), inArray(orderEvents.kind, [...REFUND_EVENT_KINDS]));
  // sum() is a string on PostgreSQL (numeric): mapped to a number here.
  const [gross] = await db
    .select({ cents: sum(orders.totalAmountCents).mapWith(Number) })
    .from(orders)
    .where(paidOrders);
  const [refunded] = await db
    .select({ cents: sum(refundedCentsOfEvent).mapWith(Number) })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(refundEvents);
  // The same count as the /orders list's "Orders" view.
  const totalOrders = await countOrders({ kind: "seller", shopId }, { view: "orders" });
  const [catalogue] = await db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.shopId, shopId), isNull(products.archivedAt)));
  // This node's page views of the last few seconds count too.
  await flushShopViews();
  const [views] = await db
    .select({ n: sum(shopDailyViews.views).mapWith(Number) })
    .from(shopDailyViews)
    .where(eq(shopDailyViews.shopId, shopId));

  // Daily paid sales of the last 30 days (grouped here, not in SQL, to stay dialect-neutral).
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (SALES_CHART_DAYS - 1) * DAY_MS);
  const paid = await db
    .select({ at: orders.paidAt, cents: orders.totalAmountCents })
    .from(orders)
    .where(and(paidOrders, gte(orders.paidAt, start)));
  const refunds = await db
    .select({ at: orderEvents.createdAt, cents: refundedCentsOfEvent })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(and(refundEvents, gte(orderEvents.createdAt, start)));
  const salesByDay = Array.from({ length: SALES_CHART_DAYS }, (_, i) => ({
    day: new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10),
    cents: 0,
  }));
  // A refund counts on the day it was made (as in the seller's bank account), not on the sale's
  // day; a refund that failed later comes back on the day of its failure.
  for (const row of [...paid, ...refunds.map((r) => ({ at: r.at, cents: -Number(r.cents) }))]) {
    const index = Math.floor(((row.at?.getTime() ?? 0) - start.getTime()) / DAY_MS);
    if (index >= 0 && index < SALES_CHART_DAYS) salesByDay[index]!.cents += row.cents;
  }

  const activityRows = await db
    .select({
      id: orderEvents.id,
      kind: orderEvents.kind,
      toValue: orderEvents.toValue,
      createdAt: orderEvents.createdAt,
      orderId: orders.id,
      orderNumber: orders.number,
      customer: orders.fullName,
      totalCents: orders.totalAmountCents,
      amountCents: orderEvents.amountCents,
    })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(eq(orderEvents.shopId, shopId))
    .orderBy(desc(orderEvents.createdAt), desc(orderEvents.id))
    .limit(8);
  const activity = activityRows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));

  return {
    shop: shop
      ? { name: shop.name, subdomain: shop.subdomain, url: await shopPublicUrl(shop.id), isLive: shop.isLive, currency: shop.currency }
      : null,
    stats: {
      totalSalesCents: Number(gross?.cents ?? 0) - Number(refunded?.cents ?? 0),
      totalOrders,
      totalProducts: catalogue?.n ?? 0,
      storeViews: Number(views?.n ?? 0),
    },
    salesByDay,
    activity,
    onboarding: { ...onboardingView(onboarding), isComplete: onboarding.isComplete },
    // The confetti already played for this user (on any browser).
    celebrated: account.user.onboardingCelebratedAt !== null,
    verificationStatus: profile.verificationStatus,
    rejectionReason: profile.rejectionReason,
    payment: {
      testMode,
      accountId: profile.stripeConnectAccountId,
      canReceivePayments: profile.stripeChargesEnabled,
      payoutsEnabled: profile.stripePayoutsEnabled,
      onboardingCompleted: profile.stripeOnboardingCompleted,
    },
  };
}
export type SellerDashboard = Awaited<ReturnType<typeof sellerDashboard>>;
