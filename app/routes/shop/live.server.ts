import { data, type RouterContextProvider } from "react-router";
import { publicLive } from "~/domain/lives/lives.server";
import { shopperStocks } from "~/domain/stock/shopper-stock.server";
import { formAction } from "~/http/forms.server";
import { notFoundPage } from "~/http/guards.server";
import { getI18nInstance } from "~/middleware/i18n.server";
import { hostShopPage, siteUrl } from "~/middleware/site.server";
import { shopPageMeta } from "~/routes/page-meta.server";
import { checkoutPageData, shippingIntent, waitlistIntent } from "./checkout.server";

type Args = { request: Request; params: { code?: string }; context: Readonly<RouterContextProvider> };

/**
 * A live's link: the checkout for that live (its shipping step; payment and confirmation
 * continue at the shop's `/`), with the product the seller pinned. An ended live says so
 * and points to the shop; an unknown code is the shop's 404.
 */
export async function livePageData({ request, params, context }: Args) {
  const shop = hostShopPage(context);
  const live = await publicLive(shop.id, params.code ?? "");
  if (!live) throw notFoundPage();
  const t = getI18nInstance(context).t;
  const meta = {
    ...shopPageMeta(t, shop, new URL(request.url), siteUrl(context)),
    title: t("lives.page.title", { shop: shop.name, title: live.title }),
  };
  // What is left of the pinned product, at render (the page's stream keeps it current).
  const pinnedStock = live.pinned ? (await shopperStocks([live.pinned])).get(live.pinned.id)! : null;
  const summary = {
    code: live.code,
    title: live.title,
    platform: live.platform,
    pinned: live.pinned && pinnedStock ? { ...live.pinned, stock: pinnedStock } : null,
  };
  if (live.ended) {
    // 410: the link existed and is closed for good.
    return data(
      { state: "ended" as const, live: summary, meta, checkout: null },
      { status: 410, headers: { "Cache-Control": "no-store" } },
    );
  }
  const checkout = await checkoutPageData({ request, context }, live);
  return data({ state: "open" as const, live: summary, meta, checkout }, { headers: { "Cache-Control": "no-store" } });
}

/**
 * The live link's shipping form: the order is the live's (and its "tell me when it is back" form). A form opened before the seller
 * ended the live still goes through (the shopper was watching it); an unknown code creates nothing.
 */
export const liveCheckoutAction = formAction(({ context }) => hostShopPage(context))({
  shipping: shippingIntent(async ({ params, guarded: shop }) => {
    const live = await publicLive(shop.id, params.code ?? "");
    if (!live) throw notFoundPage();
    return { id: live.id, code: live.code };
  }),
  waitlist: waitlistIntent,
});
