import { data, redirect, type RouterContextProvider } from "react-router";
import { setToast } from "remix-toast/middleware";
import { addToBag, changeBagLine, confirmBagPrices, removeBagLine, shopperBag } from "~/domain/bag/bag.server";
import { ForbiddenError, NotFoundError, type DomainError } from "~/domain/errors.server";
import { publicLive } from "~/domain/lives/lives.server";
import { parseInput } from "~/http/api.server";
import { bagCountCookie, bagCountOf, bagOwnerForChange, bagOwnerOf } from "~/http/bag.server";
import { formAction, type IntentArgs } from "~/http/forms.server";
import { refuseAtForm } from "~/http/form-refusal.server";
import { safeRedirectPath } from "~/lib/redirect-path";
import { messageKey, translateMessage } from "~/lib/messages";
import { getI18nInstance } from "~/middleware/i18n.server";
import { hostShopPage, siteUrl } from "~/middleware/site.server";
import { shopPageMeta } from "~/routes/page-meta.server";
import { bagAddSchema, bagLineQuantitySchema, bagLineSchema } from "~/schemas/bag";
import type { Shop } from "~db/schema";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The bag's page: its lines against the catalogue and stock of now; the header's count is set right here. */
export async function bagPageData({ request, context }: Args) {
  const shop = hostShopPage(context);
  const bag = await shopperBag(bagOwnerOf(request, context));
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (bagCountOf(request) !== bag.count) headers.append("Set-Cookie", bagCountCookie(request, bag.count));
  const t = getI18nInstance(context).t;
  return data(
    {
      bag,
      currency: shop.currency,
      meta: { ...shopPageMeta(t, shop, new URL(request.url), siteUrl(context)), title: `${t("bag.title")} | ${shop.name}` },
    },
    { headers },
  );
}

/**
 * A change made: with JavaScript (a fetcher, the form says `stay`) the page's data is
 * revalidated in place; without it, back to the bag's page with a toast (post, redirect, get).
 */
function changed(args: IntentArgs<Shop>, count: number, message: string) {
  const { request, context, formData, headers, intent } = args;
  headers.append("Set-Cookie", bagCountCookie(request, count));
  if (formData.get("stay") === "1") return data({ intent, done: true as const, count }, { headers });
  setToast(context, { type: "success", message: getI18nInstance(context).t(message) });
  return redirect("/bag", { headers });
}

/**
 * A refused change of a line's quantity: the error and what was typed come back with the line
 * they are about, so that the page drawn anew (no JavaScript) shows them at that line.
 */
function lineQuantityRefused(error: DomainError, { context, formData, intent, headers }: IntentArgs<Shop>) {
  const t = getI18nInstance(context).t;
  if (error instanceof ForbiddenError)
    throw data({ message: translateMessage(t, error.messageKey, error.values) }, { status: error.status });
  const first = Object.values(error.fieldErrors)[0]?.[0];
  return data(
    {
      intent,
      error: translateMessage(t, first ?? messageKey(error.messageKey, error.values)),
      line: String(formData.get("line") ?? ""),
      quantity: String(formData.get("quantity") ?? ""),
    },
    // A cookie set before the refusal (the shopper's key) goes out with it.
    { status: error.status, headers },
  );
}

/**
 * A refused "Add to bag" (sold out, not enough left, no option picked, a bad quantity, a full
 * bag). With JavaScript (a fetcher, `stay`) the answer in place, as the small forms'. Without
 * it, back to the page the form was on (`returnTo`: the product's, the catalogue, a live's),
 * the refusal and the quantity typed carried there (`refuseAtForm`) and said at the form; the
 * option picked is in that page's address. A form without `returnTo`: the bag's page says it.
 */
function addRefused(error: DomainError, { context, formData, intent, headers }: IntentArgs<Shop>) {
  const t = getI18nInstance(context).t;
  if (error instanceof ForbiddenError)
    throw data({ message: translateMessage(t, error.messageKey, error.values) }, { status: error.status });
  const first = Object.values(error.fieldErrors)[0]?.[0];
  const message = translateMessage(t, first ?? messageKey(error.messageKey, error.values));
  const returnTo = formData.get("stay") === "1" ? "" : safeRedirectPath(formData.get("returnTo"), "");
  if (!returnTo) return data({ intent, error: message }, { status: error.status, headers });
  // Short values only: they travel in a cookie (an id, a quantity).
  const sent = (name: string) => String(formData.get(name) ?? "").slice(0, 12);
  refuseAtForm(context, { form: "add-to-bag", message, values: { product: sent("product"), quantity: sent("quantity") } });
  // A cookie set before the refusal (the shopper's key) goes out with it.
  return redirect(returnTo, { headers });
}

/** The bag's forms: add (from the catalogue, a product, a live), change a quantity, remove, confirm new prices. */
export const bagAction = formAction(({ context }) => hostShopPage(context))({
  add: {
    errors: addRefused,
    handle: async (args) => {
      const { liveCode, ...input } = parseInput(bagAddSchema, Object.fromEntries(args.formData));
      // Added on a live's page: the bag's checkout will be that live's order (an unknown code adds nothing).
      const live = liveCode ? await publicLive(args.guarded.id, liveCode) : null;
      if (liveCode && !live) throw new NotFoundError("lives.not_found");
      const { count } = await addToBag(bagOwnerForChange(args.request, args.context, args.headers), { ...input, liveId: live?.id ?? null });
      return changed(args, count, "bag.added");
    },
  },
  quantity: {
    errors: lineQuantityRefused,
    handle: async (args) => {
      const input = parseInput(bagLineQuantitySchema, Object.fromEntries(args.formData));
      const { count } = await changeBagLine(bagOwnerForChange(args.request, args.context, args.headers), input.line, input.quantity);
      return changed(args, count, input.quantity === 0 ? "bag.removed" : "bag.updated");
    },
  },
  remove: {
    errors: "message",
    handle: async (args) => {
      const input = parseInput(bagLineSchema, Object.fromEntries(args.formData));
      const { count } = await removeBagLine(bagOwnerForChange(args.request, args.context, args.headers), input.line);
      return changed(args, count, "bag.removed");
    },
  },
  "confirm-prices": {
    errors: "message",
    handle: async (args) => {
      const owner = bagOwnerForChange(args.request, args.context, args.headers);
      await confirmBagPrices(owner);
      return changed(args, (await shopperBag(owner)).count, "bag.prices_confirmed");
    },
  },
});
