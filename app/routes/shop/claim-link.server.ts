import { data, redirect, type RouterContextProvider } from "react-router";
import { claimLinkPage, claimsPurchase, claimsShippingForm, placeClaimsOrder } from "~/domain/checkout/claims-checkout.server";
import { formAction } from "~/http/forms.server";
import { orNotFound } from "~/http/guards.server";
import { ensureShopperKey, orderViewer } from "~/http/shopper.server";
import { getI18nInstance, getLocale } from "~/middleware/i18n.server";
import { currentUser } from "~/middleware/session.server";
import { hostShopPage, siteUrl } from "~/middleware/site.server";
import { shopPageMeta } from "~/routes/page-meta.server";
import { bagCheckoutSchema } from "~/schemas/checkout";
import { setToast } from "remix-toast/middleware";
import { checkoutPageData, shippingErrors } from "./checkout.server";

type Args = { request: Request; params: { code?: string; token?: string }; context: Readonly<RouterContextProvider> };

// Personal: never kept by a shared cache, never indexed (the token is the viewer's).
const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex" };

/**
 * A viewer's claim link (`/live/{code}/c/{token}`, issue 29): everything their handle claimed
 * in the live, then the checkout of what is held and not ordered yet (the bag's three steps:
 * this page is the shipping step; payment and confirmation continue at the shop's `/`). A
 * token that is not this live's in this shop is the shop's 404.
 */
export async function claimLinkPageData({ request, params, context }: Args) {
  const shop = hostShopPage(context);
  const view = await orNotFound(claimLinkPage(shop.id, params.code ?? "", params.token ?? ""));
  const purchase = claimsPurchase(view);
  const checkout = purchase.lines.length > 0 ? await checkoutPageData({ request, context }, view.live, purchase) : null;
  const t = getI18nInstance(context).t;
  const meta = {
    ...shopPageMeta(t, shop, new URL(request.url), siteUrl(context)),
    title: t("claim_link.meta_title", { shop: shop.name, title: view.live.title }),
  };
  return data({ view, checkout, currency: shop.currency, meta }, { headers: PRIVATE_HEADERS });
}

/** The link's shipping form: one order of its payable claims, for its live; then its payment step. */
export const claimLinkAction = formAction(({ context }) => hostShopPage(context))({
  shipping: {
    errors: shippingErrors,
    handle: async (args) => {
      const { request, context, params, guarded: shop, parse, headers } = args;
      const code = params.code ?? "";
      const token = params.token ?? "";
      const form = await orNotFound(claimsShippingForm(shop, code, token));
      const input = parse(bagCheckoutSchema(form.minimumCents, form.totalCents));
      const shopper = ensureShopperKey(request);
      if (shopper.setCookie) headers.append("Set-Cookie", shopper.setCookie);
      const viewer = { ...(await orderViewer(request, context)), shopperKeyHash: shopper.hash };
      const placed = await placeClaimsOrder({
        shop,
        liveCode: code,
        token,
        input,
        shopper: { shopperKeyHash: shopper.hash, userId: currentUser(context)?.id ?? null, language: getLocale(context), viewer },
      });
      // The order exists; the payment step explains what went wrong and offers to retry.
      if (!placed.payment?.started)
        setToast(context, { type: "error", message: getI18nInstance(context).t("checkout.payment_init_failed") });
      return redirect(`/?order=${placed.order.id}&step=payment`, { headers });
    },
  },
});
