import type { Order, User } from "~db/schema";

/**
 * Who is asking for an order: the shopper cookie of the shop host (hashed) and/or the
 * signed-in user. Nobody else learns that an order exists.
 */
export type OrderViewer = {
  shopperKeyHash: string | null;
  user: Pick<User, "id" | "email" | "isVerified"> | null;
  /** The shop owned by the signed-in user, if any. */
  ownedShopId: number | null;
  /** Emails this shopper browser proved with a one-time code, in that shop only. */
  provenEmails?: { shopId: number; emails: string[] } | null;
  /** The order an order status link (from a mail) opens: that one order, nothing else. */
  statusLinkOrderId?: number | null;
};

/**
 * The visibility rule: the shopper who placed the order (same shopper cookie, or signed in
 * when ordering, or signed in with the order's verified email, or a browser that proved the
 * order's email with a code in that shop), whoever holds the order's status link, and the
 * shop's seller.
 */
export function canViewOrder(
  order: Pick<Order, "shopId" | "shopperKeyHash" | "userId" | "email"> & Partial<Pick<Order, "id">>,
  viewer: OrderViewer,
): boolean {
  if (viewer.ownedShopId !== null && viewer.ownedShopId === order.shopId) return true;
  if (viewer.statusLinkOrderId != null && viewer.statusLinkOrderId === order.id) return true;
  return canEditOrder(order, viewer);
}

/**
 * Who may change an unpaid order's shipping details or email: the shopper who placed it
 * (this browser's shopper cookie, or the account signed in when ordering) or who proved its
 * email (a one-time code in that shop, or a verified account with that address). A status
 * link, which a mail may be forwarded with, lets its holder see and pay that one order, not
 * say where it goes (docs/lives.md); the seller manages orders from the dashboard, not here.
 */
export function canEditOrder(order: Pick<Order, "shopId" | "shopperKeyHash" | "userId" | "email">, viewer: OrderViewer): boolean {
  if (viewer.shopperKeyHash && order.shopperKeyHash === viewer.shopperKeyHash) return true;
  if (viewer.provenEmails && viewer.provenEmails.shopId === order.shopId && viewer.provenEmails.emails.includes(order.email.toLowerCase()))
    return true;
  if (viewer.user) {
    if (order.userId === viewer.user.id) return true;
    if (viewer.user.isVerified && order.email.toLowerCase() === viewer.user.email.toLowerCase()) return true;
  }
  return false;
}

/** Only the shop's seller may manage an order. */
export function canManageOrder(order: Pick<Order, "shopId">, viewer: OrderViewer): boolean {
  return viewer.ownedShopId !== null && viewer.ownedShopId === order.shopId;
}
