import { and, eq, isNull } from "drizzle-orm";
import { hashToken, randomToken } from "~/domain/accounts/tokens.server";
import { NotFoundError } from "~/domain/errors.server";
import { sendMail } from "~/domain/mail/mailer.server";
import { orderStatusLinkMail } from "~/domain/mail/templates.server";
import { shopPublicUrl } from "~/domain/shops/shop-hosts.server";
import { getDatabase, writeTransaction, type Transaction } from "~db/client";
import { orderStatusLinks, orders, shops } from "~db/schema";
import { formatOrderNumber } from "./orders.server";

/**
 * Order status links: an unguessable token that opens one order's status page on any
 * device (Shopify's "order status URL"). Each mail carries a link of its own; the seller can
 * revoke them all, and the shopper then gets a new one.
 */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A status link on the shop's address (`shopPublicUrl`: its primary domain when it has one). */
export function orderStatusUrl(shopUrl: string, token: string): string {
  return `${shopUrl}/order-status/${token}`;
}

/** A new link for the order; only the token's hash is kept. */
export async function createOrderStatusLink(orderId: number): Promise<{ id: number; token: string }> {
  const token = randomToken();
  // Group-committed on SQLite with the writes queued meanwhile (see writeTransaction).
  const [row] = await writeTransaction((tx) =>
    tx
      .insert(orderStatusLinks)
      .values({ orderId, tokenHash: hashToken(token) })
      .returning({ id: orderStatusLinks.id }),
  );
  return { id: row!.id, token };
}

/** A link for the order with this token (made by `randomToken()`), in the caller's transaction: its id. */
export async function insertOrderStatusLink(tx: Transaction, orderId: number, token: string): Promise<number> {
  const [row] = await tx
    .insert(orderStatusLinks)
    .values({ orderId, tokenHash: hashToken(token) })
    .returning({ id: orderStatusLinks.id });
  return row!.id;
}

/**
 * Mints a link for a mail and sends it; a mail that was not queued (its dedupe key was
 * already used) must not leave a live link nobody received.
 */
export async function sendWithOrderStatusLink(orderId: number, shopId: number, send: (link: string) => Promise<boolean>): Promise<void> {
  const link = await createOrderStatusLink(orderId);
  if (!(await send(orderStatusUrl(await shopPublicUrl(shopId), link.token)))) {
    await getDatabase().delete(orderStatusLinks).where(eq(orderStatusLinks.id, link.id));
  }
}

/** The order a link opens in this shop, or null (unknown, revoked, another shop's). */
export async function orderIdForStatusLink(token: string, shopId: number): Promise<number | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await getDatabase()
    .select({ orderId: orders.id })
    .from(orderStatusLinks)
    .innerJoin(orders, eq(orders.id, orderStatusLinks.orderId))
    .where(and(eq(orderStatusLinks.tokenHash, hashToken(token)), isNull(orderStatusLinks.revokedAt), eq(orders.shopId, shopId)))
    .limit(1);
  return row?.orderId ?? null;
}

/**
 * The seller revokes every link of an order (one was forwarded, or leaked) and the shopper
 * is mailed a fresh one at the order's email. Returns the order number.
 */
export async function rotateOrderStatusLinks(orderId: number, shopId: number, now = new Date()): Promise<string> {
  const db = getDatabase();
  const [row] = await db
    .select({ order: orders, shop: shops })
    .from(orders)
    .innerJoin(shops, eq(shops.id, orders.shopId))
    .where(and(eq(orders.id, orderId), eq(orders.shopId, shopId)))
    .limit(1);
  if (!row) throw new NotFoundError("orders.not_found");
  const { order, shop } = row;
  const fresh = await writeTransaction(async (tx) => {
    await tx
      .update(orderStatusLinks)
      .set({ revokedAt: now })
      .where(and(eq(orderStatusLinks.orderId, order.id), isNull(orderStatusLinks.revokedAt)));
    const token = randomToken();
    await tx.insert(orderStatusLinks).values({ orderId: order.id, tokenHash: hashToken(token), createdAt: now });
    return token;
  });
  const number = formatOrderNumber(order.number);
  await sendMail({
    to: order.email,
    template: "order_status_link",
    ...orderStatusLinkMail(order.language, {
      shopName: shop.name,
      customer: order.fullName,
      number,
      link: orderStatusUrl(await shopPublicUrl(shop.id), fresh),
    }),
  });
  return number;
}
