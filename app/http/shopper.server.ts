import type { RouterContextProvider } from "react-router";
import { hashToken, randomToken } from "~/domain/accounts/tokens.server";
import { provenShopperEmails } from "~/domain/orders/shopper-access.server";
import { orderIdForStatusLink } from "~/domain/orders/status-links.server";
import { findShopOwnedBy } from "~/domain/shops/shops.server";
import type { OrderViewer } from "~/domain/orders/visibility.server";
import { readCookie, serializeCookie } from "~/lib/cookies";
import { currentUser } from "~/middleware/session.server";
import { siteContext } from "~/middleware/site.server";

/**
 * Shoppers order without an account: a long-lived random cookie on the shop host says
 * "these are my orders" (host-only, so each shop has its own).
 */
export const SHOPPER_COOKIE = "shopper";
const ONE_YEAR = 365 * 24 * 60 * 60;

function shopperKey(request: Request): string | null {
  const key = readCookie(request.headers.get("Cookie"), SHOPPER_COOKIE);
  return key && /^[A-Za-z0-9_-]{43}$/.test(key) ? key : null;
}

/** The SHA-256 of this browser's shopper key, null before it has one. */
export function shopperKeyHashOf(request: Request): string | null {
  const key = shopperKey(request);
  return key ? hashToken(key) : null;
}

/** The shopper key of this browser, created when needed (with the Set-Cookie to send). */
export function ensureShopperKey(request: Request): { hash: string; setCookie: string | null } {
  const existing = shopperKey(request);
  if (existing) return { hash: hashToken(existing), setCookie: null };
  const key = randomToken();
  const secure = new URL(request.url).protocol === "https:";
  const setCookie = serializeCookie(SHOPPER_COOKIE, key, { path: "/", httpOnly: true, sameSite: "lax", maxAge: ONE_YEAR, secure });
  return { hash: hashToken(key), setCookie };
}

/**
 * An order status link opened in this browser for an unpaid order (a payment reminder):
 * the browser may then pay that one order on the checkout, on any device. Host-only, a week.
 */
export const ORDER_LINK_COOKIE = "order_link";
const ONE_WEEK = 7 * 24 * 60 * 60;

export function orderLinkCookie(request: Request, token: string): string {
  const secure = new URL(request.url).protocol === "https:";
  return serializeCookie(ORDER_LINK_COOKIE, token, { path: "/", httpOnly: true, sameSite: "lax", maxAge: ONE_WEEK, secure });
}

/**
 * Who is asking for orders: shopper cookie and the emails it proved (shop hosts only),
 * the order a status link opened here, signed-in user, shop they own.
 */
export async function orderViewer(request: Request, context: Readonly<RouterContextProvider>): Promise<OrderViewer> {
  const user = currentUser(context);
  const site = context.get(siteContext);
  const key = site.kind === "shop" ? shopperKey(request) : null;
  const keyHash = key ? hashToken(key) : null;
  const owned = user?.isSeller ? await findShopOwnedBy(user.id) : undefined;
  // The seller of their orders on the main site and their own shop's host only (as requireSeller):
  // another shop's host answers for that shop alone.
  const ownedShopId = owned && (site.kind === "main" || site.shop.id === owned.id) ? owned.id : null;
  const linkToken = site.kind === "shop" ? readCookie(request.headers.get("Cookie"), ORDER_LINK_COOKIE) : null;
  return {
    shopperKeyHash: keyHash,
    provenEmails:
      site.kind === "shop" && keyHash ? { shopId: site.shop.id, emails: await provenShopperEmails(site.shop.id, keyHash) } : null,
    user: user ? { id: user.id, email: user.email, isVerified: user.isVerified } : null,
    ownedShopId,
    statusLinkOrderId: linkToken && site.kind === "shop" ? await orderIdForStatusLink(linkToken, site.shop.id) : null,
  };
}
