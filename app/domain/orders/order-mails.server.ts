import { eq, sql } from "drizzle-orm";
import { mainSiteUrl, shopBaseUrl } from "~/config.server";
import { randomToken } from "~/domain/accounts/tokens.server";
import { insertMail, mailQueued, type OutgoingMail } from "~/domain/mail/mailer.server";
import { shopPrimaryDomain } from "~/domain/shops/shop-hosts.server";
import { orderPaidMailToSeller, orderPaidMailToShopper } from "~/domain/mail/templates.server";
import { orderItemName } from "~/lib/order-item-name";
import { getDatabase, preparedRead, writeTransaction } from "~db/client";
import { orderItems, orderStatusLinks, orders, shops, users, type Order, type OrderItem, type Shop, type User } from "~db/schema";
import { formatOrderNumber } from "./orders.server";
import { insertOrderStatusLink, orderStatusUrl } from "./status-links.server";

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

// Every paid checkout reads it: three whole rows, whose SQL cost more to build than to run.
const paidOrderWithShopAndSeller = preparedRead("paid_order_with_shop_and_seller", (db) =>
  db
    .select({ order: orders, shop: shops, seller: users, primaryDomain: shopPrimaryDomain })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .innerJoin(users, eq(users.id, shops.ownerId))
    .where(eq(orders.id, sql.placeholder("orderId")))
    .limit(1),
);

/**
 * When an order is paid: a confirmation to the shopper (in the language they ordered in)
 * and a new-order mail to the seller (in theirs). Dedupe keys make each go out once,
 * whatever the number of confirms and webhooks. `items`: the order's items when the caller
 * has just read them (the payment's transaction).
 */
export async function sendOrderPaidMails(orderId: number, known: { items?: OrderItem[] } = {}): Promise<void> {
  const [row] = await paidOrderWithShopAndSeller({ orderId });
  if (!row) return;
  const { order, shop, seller } = row;
  const items = known.items ?? (await getDatabase().select().from(orderItems).where(eq(orderItems.orderId, orderId)));
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
  const token = randomToken();
  const link = orderStatusUrl(shopBaseUrl({ subdomain: shop.subdomain, primaryDomain: row.primaryDomain }), token);
  const toShopper: OutgoingMail = {
    to: order.email,
    template: "order_paid_shopper",
    dedupeKey: `order-paid:${order.id}:shopper`,
    ...orderPaidMailToShopper(order.language, { ...details, link }),
  };
  const toSeller: OutgoingMail = {
    to: seller.email,
    template: "order_paid_seller",
    dedupeKey: `order-paid:${order.id}:seller`,
    ...orderPaidMailToSeller(seller.language, { ...details, link: `${mainSiteUrl()}/orders?search=${formatOrderNumber(order.number)}` }),
  };
  // Both mails and the link in one transaction, sent together; the link stays only with its
  // mail (a mail already queued by another confirm or webhook leaves no link nobody received).
  const queued = await writeTransaction(async (tx) => {
    const [shopperMail, sellerMail, linkId] = await Promise.all([
      insertMail(tx, toShopper),
      insertMail(tx, toSeller),
      insertOrderStatusLink(tx, order.id, token),
    ]);
    if (shopperMail === null) await tx.delete(orderStatusLinks).where(eq(orderStatusLinks.id, linkId));
    return { shopperMail, sellerMail };
  });
  if (queued.shopperMail !== null) mailQueued(queued.shopperMail, toShopper);
  if (queued.sellerMail !== null) mailQueued(queued.sellerMail, toSeller);
}
