import type { RouterContextProvider } from "react-router";
import type { BagOwner } from "~/domain/bag/bag.server";
import { readCookie, serializeCookie } from "~/lib/cookies";
import { hostShopPage } from "~/middleware/site.server";
import { ensureShopperKey, shopperKeyHashOf } from "./shopper.server";

/**
 * The header's bag count comes from this small cookie, not from the database: a public shop
 * page stays the same for every anonymous shopper (the page cache serves it to requests
 * without cookies, whose bag is empty), and a shopper with a bag (who has cookies, so gets
 * pages rendered for them) costs no query per page. The bag itself is on the server; the
 * cookie is rewritten by every change of the bag and by the bag's page, so it never drifts
 * for long (a bag swept after 30 days: the cookie ran out with it). Host-only, like the
 * shopper cookie: each shop its own.
 */
export const BAG_COUNT_COOKIE = "bag_count";
const BAG_COUNT_MAX_AGE = 30 * 24 * 60 * 60;

/** The count the header shows (0 without the cookie or with a value that is no count). */
export function bagCountOf(request: Request): number {
  const value = readCookie(request.headers.get("Cookie"), BAG_COUNT_COOKIE);
  return value && /^\d{1,4}$/.test(value) ? Number(value) : 0;
}

/** The `Set-Cookie` that tells the header this count (an empty bag removes the cookie). */
export function bagCountCookie(request: Request, count: number): string {
  const secure = new URL(request.url).protocol === "https:";
  return serializeCookie(BAG_COUNT_COOKIE, String(count), {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    maxAge: count > 0 ? BAG_COUNT_MAX_AGE : 0,
    secure,
  });
}

/** Whose bag a page shows: this shop, this browser's shopper key (none yet: no bag). */
export function bagOwnerOf(request: Request, context: Readonly<RouterContextProvider>): BagOwner | null {
  const shopperKeyHash = shopperKeyHashOf(request);
  return shopperKeyHash ? { shopId: hostShopPage(context).id, shopperKeyHash } : null;
}

/** The bag a change is made to: this browser's, its shopper key made on the first add (the cookie goes on `headers`). */
export function bagOwnerForChange(request: Request, context: Readonly<RouterContextProvider>, headers: Headers): BagOwner {
  const shopper = ensureShopperKey(request);
  if (shopper.setCookie) headers.append("Set-Cookie", shopper.setCookie);
  return { shopId: hostShopPage(context).id, shopperKeyHash: shopper.hash };
}
