import { eq } from "drizzle-orm";
import { mainSiteUrl } from "~/config.server";
import { sendMail } from "~/domain/mail/mailer.server";
import { orderPaidMailToSeller, orderPaidMailToShopper } from "~/domain/mail/templates.server";
import { orderItemName } from "~/lib/order-item-name";
import { getDatabase } from "~db/client";
import { orderItems, orders, shops, users, type Order, type Shop, type User } from "~db/schema";
import { formatOrderNumber } from "./orders.server";
import { sendWithOrderStatusLink } from "./status-links.server";

/** An order with its shop and the shop's seller, whom mails about it go to. */
export async function orderWithSeller(orderId: number): Promise<{ order: Order; shop: Shop; seller: User } | null> {
  const [row] = await getDatabase()
    .select({ order: orders, shop: shops, seller: users })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .innerJoin(users, eq(users.id, shops.ownerId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row ?? null;
}

/**
 * When an order is paid: a confirmation to the shopper (in the language they ordered in)
 * and a new-order mail to the seller (in theirs). Dedupe keys make each go out once,
 * whatever the number of confirms and webhooks.
 */
export async function sendOrderPaidMails(orderId: number): Promise<void> {
  const db = getDatabase();
  const row = await orderWithSeller(orderId);
  if (!row) return;
  const { order, shop, seller } = row;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const details = {
    shopName: shop.name,
    number: formatOrderNumber(order.number),
    totalCents: order.totalAmountCents,
    currency: order.currency,
    customer: order.fullName,
    // The variant bought beside its product: "Sweater (M / Blue)".
    items: items.map((i) => ({
      name: orderItemName({ name: i.productName, variantName: i.variantName }),
      quantity: i.quantity,
      priceCents: i.priceCents,
    })),
    shippingCharge: order.shippingMethod === null ? null : { method: order.shippingMethod, amountCents: order.shippingAmountCents },
    shipping: [
      order.fullName,
      order.companyName,
      order.address,
      `${order.zipCode} ${order.city}`,
      order.state,
      order.country,
      order.phone,
    ].filter(Boolean),
  };
  // The link opens the order on any device (the confirmation page needs the ordering browser).
  await sendWithOrderStatusLink(order.id, order.shopId, (link) =>
    sendMail({
      to: order.email,
      template: "order_paid_shopper",
      dedupeKey: `order-paid:${order.id}:shopper`,
      ...orderPaidMailToShopper(order.language, { ...details, link }),
    }),
  );
  await sendMail({
    to: seller.email,
    template: "order_paid_seller",
    dedupeKey: `order-paid:${order.id}:seller`,
    ...orderPaidMailToSeller(seller.language, { ...details, link: `${mainSiteUrl()}/orders?search=${formatOrderNumber(order.number)}` }),
  });
}
