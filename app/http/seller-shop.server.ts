import { data, type RouterContextProvider } from "react-router";
import { requireSellerShop } from "~/domain/catalogue/manage.server";
import { NotFoundError } from "~/domain/errors.server";
import { requireApiUser, requireUserPage } from "~/middleware/session.server";
import { siteContext } from "~/middleware/site.server";
import type { Shop } from "~db/schema";

/**
 * The shop an API call manages: the signed-in seller's own. On a shop host it must be that
 * shop (another seller's shop simply does not have the resource: 404).
 */
export function managedShop(context: Readonly<RouterContextProvider>): Shop {
  const shop = requireSellerShop(requireApiUser(context));
  const site = context.get(siteContext);
  if (site.kind === "shop" && site.shop.id !== shop.id) throw new NotFoundError("errors.not_found");
  return shop;
}

/** For the seller's catalogue screens: the login page for visitors, a 404 for non-sellers. */
export function sellerShopPage(request: Request, context: Readonly<RouterContextProvider>): Shop {
  const user = requireUserPage(request, context);
  try {
    return requireSellerShop(user);
  } catch {
    throw data(null, { status: 404 });
  }
}
