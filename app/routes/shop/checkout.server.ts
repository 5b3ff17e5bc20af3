import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, replace, type RouterContextProvider } from "react-router";
import { setToast } from "remix-toast/middleware";
import { getConfig } from "~/config.server";
import { checkoutState, shippingForm } from "~/domain/checkout/checkout-state.server";
import { shopShippingOffers } from "~/domain/shipping/shipping.server";
import { offeredParcel } from "~/domain/orders/parcels.server";
import { checkoutCountryOptions } from "~/lib/countries";
import { payOrder, placeBagOrder, placeOrder, reviseOrder } from "~/domain/checkout/place-order.server";
import { purchaseItems } from "~/domain/checkout/purchase.server";
import type { ClaimsPurchase } from "~/domain/checkout/claims-checkout.server";
import { ConflictError, DomainError, ForbiddenError, ValidationError } from "~/domain/errors.server";
import { holdOrderForPayment } from "~/domain/checkout/hold-state.server";
import { signUpForWaitlist } from "~/domain/stock/waitlist-signup.server";
import { parseInput } from "~/http/api.server";
import { clientAddressContext } from "~/middleware/request.server";
import { waitlistFormSchema } from "~/schemas/waitlist";
import { shopPageMeta } from "~/routes/page-meta.server";
import { getVisibleOrder, getVisibleOrderAndPayment } from "~/domain/orders/orders.server";
import type { OrderViewer } from "~/domain/orders/visibility.server";
import { payOrderWithSimulatedCard } from "~/domain/payments/simulated-actions.server";
import { formAction, formRecordId, type FormErrorReply, type IntentArgs, type IntentHandler } from "~/http/forms.server";
import { orNotFound } from "~/http/guards.server";
import { ensureShopperKey, orderViewer } from "~/http/shopper.server";
import { messageKey, translateMessage } from "~/lib/messages";
import { checkoutTheme } from "~/lib/shop-theme";
import { getI18nInstance, getLocale } from "~/middleware/i18n.server";
import { currentUser } from "~/middleware/session.server";
import { hostShopPage, siteUrl } from "~/middleware/site.server";
import { bagCheckoutSchema, checkoutSchema } from "~/schemas/checkout";
import { bagCountCookie } from "~/http/bag.server";
import { formConstraint } from "~/schemas/form-constraint";
import type { Shop } from "~db/schema";
import { CARD_ERROR_FIELDS, cardFromForm, simulatedCardFormSchema } from "~/schemas/payments";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

const cardConstraint = formConstraint(simulatedCardFormSchema);

/**
 * The shop's `/`: the three-step checkout, its state carried by the URL (works without JS); on
 * a live's link, that live's; on a viewer's claim link, its claims' (`claims`).
 */
export async function checkoutPageData(
  { request, context }: Args,
  live: { id: number } | null = null,
  claims: ClaimsPurchase | null = null,
) {
  const shop = hostShopPage(context);
  const url = new URL(request.url);
  const params = url.searchParams;
  const viewer = await orderViewer(request, context);
  const state = await checkoutState(shop, viewer, {
    // A viewer's claim link sells its claims, a new order each time.
    order: claims ? null : params.get("order"),
    claims,
    bag: params.get("bag") === "1" ? { shopperKeyHash: viewer.shopperKeyHash } : null,
    productId: params.get("product_id"),
    // The option picker: a variant by id (links, mails), or the values picked per option (its form).
    variant: params.get("variant"),
    picks: [params.get("o0"), params.get("o1"), params.get("o2")],
    offer: params.get("offer"),
    step: params.get("step"),
    prefill: params.get("prefill"),
  });
  const t = getI18nInstance(context).t;
  const language = getLocale(context);
  const catalogue =
    state.purchase.kind === "catalogue" && state.purchase.product ? { unitPriceCents: state.purchase.product.priceCents } : undefined;
  return {
    site: "shop" as const,
    ...state,
    // The forms' native constraints, so that the page needs no zod to render them.
    constraints: {
      shipping: formConstraint(
        state.purchase.kind === "bag"
          ? bagCheckoutSchema(state.minimumCents, state.purchase.totalCents)
          : checkoutSchema(state.minimumCents, catalogue),
      ),
      card: cardConstraint,
    },
    currency: shop.currency,
    // The country list (the shop's own first) and, for a shop that charges shipping, its rates
    // with the countries each serves (the form shows those of the country chosen).
    // Only the shipping step has the form: the other steps carry none of it.
    shipping: {
      countries: state.step === "shipping" ? checkoutCountryOptions(language, shop.country) : [],
      shopCountry: shop.country,
      offers: shop.chargesShipping && state.step === "shipping" ? await shopShippingOffers(shop, language) : null,
      // "Add to my parcel": an open parcel of this shopper's that the order may join, no second fee.
      parcel:
        shop.chargesShipping && state.step === "shipping" && state.editable
          ? await offeredParcel(
              shop,
              viewer,
              live?.id ?? state.order?.liveId ?? (state.purchase.kind === "bag" ? state.purchase.liveId : null),
            )
          : null,
    },
    // Computed here: the shopper's browser loads no colour code.
    checkoutTheme: checkoutTheme({ primary: shop.primaryColor, secondary: shop.secondaryColor }),
    contactEmail: getConfig().SUPPORT_EMAIL,
    meta: shopPageMeta(t, shop, url, siteUrl(context)),
  };
}

/**
 * A domain error about the order's items (sold out, only 2 left, not sold here, no such
 * option) is about the whole form: the form's error says what the line's error says.
 */
function itemsError(error: DomainError): DomainError | null {
  const line = Object.entries(error.fieldErrors).find(([key]) => key.startsWith("items."))?.[1][0];
  if (!line) return null;
  return error.status === 409 ? new ConflictError(line) : new ValidationError(line);
}

const formText = (formData: FormData, name: string) => {
  const value = formData.get(name);
  return typeof value === "string" && value !== "" ? value : null;
};

const paymentStep = (orderId: number) => `/?order=${orderId}&step=payment`;

function formOrderId(formData: FormData): number {
  return formRecordId(formData, "order");
}

/** The order a payment form is about; a stale or foreign id (another shopper's, a tampered form) is a plain 404. */
async function visibleFormOrder(formData: FormData, viewer: OrderViewer, shopId: number, context: Args["context"]) {
  return orNotFound(getVisibleOrder(formOrderId(formData), viewer, shopId), { message: getI18nInstance(context).t("orders.not_found") });
}

/** `visibleFormOrder` with the order's payment, read together. */
async function visibleFormOrderAndPayment(formData: FormData, viewer: OrderViewer, shopId: number, context: Args["context"]) {
  return orNotFound(getVisibleOrderAndPayment(formOrderId(formData), viewer, shopId), {
    message: getI18nInstance(context).t("orders.not_found"),
  });
}

/** How the shipping form answers a refusal (the checkout's, a live's link's, a claim link's). */
export function shippingErrors(error: DomainError, { context, reply }: IntentArgs<Shop>): FormErrorReply {
  // Not about what was typed (a status link's holder editing the order): the error page says it.
  if (error instanceof ForbiddenError)
    throw data({ message: translateMessage(getI18nInstance(context).t, error.messageKey) }, { status: error.status });
  setToast(context, { type: "error", message: getI18nInstance(context).t("checkout.order_failed") });
  // What was typed stays in the form (the reply carries it back); nothing was created.
  const aboutItems = itemsError(error);
  return aboutItems ? reply(aboutItems, { asFormError: true }) : reply(error);
}

/** A live's link the order is placed from: the order belongs to that live and names it. */
export type OrderLive = { id: number; code: string };

/**
 * The shipping form: creates the order (or revises the shopper's unpaid one) and moves on
 * to its payment. The checkout at `/` and a live's link (`/live/{code}`) share it; on the
 * live's link the order is that live's, whatever the form says.
 */
export function shippingIntent(liveOf: (args: IntentArgs<Shop>) => Promise<OrderLive | null> | OrderLive | null): IntentHandler<Shop> {
  return {
    errors: shippingErrors,
    handle: async (args) => {
      const { request, context, guarded: shop, formData, parse, headers } = args;
      const viewer = await orderViewer(request, context);
      const orderId = formOrderId(formData);
      const offerToken = formText(formData, "offer");
      const form = await shippingForm(shop, viewer, orderId, {
        productId: formText(formData, "product_id"),
        variant: formText(formData, "variant"),
        offer: offerToken,
        bag: formText(formData, "bag") === "1" ? { shopperKeyHash: viewer.shopperKeyHash } : null,
      });
      const schema =
        form.bagTotalCents !== undefined
          ? bagCheckoutSchema(form.minimumCents, form.bagTotalCents)
          : checkoutSchema(form.minimumCents, form.pricing);
      // A form for a product the shop does not sell (a stale page, a tampered form) creates nothing.
      if (!form.sellable) {
        const submission = parseWithZod(formData, { schema });
        return data(submission.reply({ formErrors: ["checkout.errors.product_not_found"] }), { status: 400 });
      }
      const live = await liveOf(args);
      const parsed = parse(schema);
      const input = live ? { ...parsed, liveReference: live.code } : parsed;
      const shopper = ensureShopperKey(request);
      if (shopper.setCookie) headers.append("Set-Cookie", shopper.setCookie);
      const placer = { ...viewer, shopperKeyHash: shopper.hash };
      const checkoutShopper = {
        shopperKeyHash: shopper.hash,
        userId: currentUser(context)?.id ?? null,
        language: getLocale(context),
        viewer: placer,
      };
      const placed = orderId
        ? await reviseOrder({ shopId: shop.id, orderId, viewer: placer, input })
        : form.purchase.kind === "bag"
          ? await placeBagOrder({ shop, input: { ...input, liveId: live?.id ?? null }, shopper: checkoutShopper })
          : await placeOrder({
              shop,
              input: { ...input, items: purchaseItems(form.purchase, input.quantity), liveId: live?.id ?? null, offerToken },
              shopper: checkoutShopper,
              payment: "now",
            });
      // The header's count follows the bag the order emptied.
      if ("bagCount" in placed && typeof placed.bagCount === "number")
        headers.append("Set-Cookie", bagCountCookie(request, placed.bagCount));
      // The order exists; the payment step explains what went wrong and offers to retry.
      if (!placed.payment?.started)
        setToast(context, { type: "error", message: getI18nInstance(context).t("checkout.payment_init_failed") });
      return redirect(paymentStep(placed.order.id), { headers });
    },
  };
}

/**
 * "Tell me when it is back" on a sold-out product or variant (the checkout and a live's
 * link): the entry is made, or the error is said in place (`{ waitlist }`), without
 * JavaScript too. Counted per client address (`signUpForWaitlist`).
 */
export const waitlistIntent: IntentHandler<Shop> = {
  errors: (error, { context, formData }) => {
    const t = getI18nInstance(context).t;
    const first = Object.values(error.fieldErrors)[0]?.[0];
    const message = translateMessage(t, first ?? messageKey(error.messageKey, error.values));
    // What was typed comes back: without JavaScript the page is drawn anew from this answer.
    const sent = { email: String(formData.get("email") ?? ""), variant: String(formData.get("variant") ?? "") };
    return data({ waitlist: { joined: false as const, error: message, sent } }, { status: error.status });
  },
  handle: async ({ context, guarded: shop, formData }) => {
    const input = parseInput(waitlistFormSchema, Object.fromEntries(formData));
    const { entry } = await signUpForWaitlist({
      shopId: shop.id,
      productId: input.product,
      variantId: input.variant ?? null,
      email: input.email,
      language: getLocale(context),
      clientAddress: context.get(clientAddressContext),
    });
    return { waitlist: { joined: true as const, email: entry.email } };
  },
};

/** The checkout's forms: shipping (creates or updates the order), prepare payment, simulated card, waitlist. */
export const checkoutAction = formAction(({ context }) => hostShopPage(context))({
  shipping: shippingIntent(() => null),
  waitlist: waitlistIntent,

  "start-payment": {
    errors: "toast",
    handle: async ({ request, context, guarded: shop, formData }) => {
      const viewer = await orderViewer(request, context);
      const order = await visibleFormOrder(formData, viewer, shop.id, context);
      const payment = await payOrder(order.id, viewer, { shopId: shop.id });
      if (!payment.started) {
        setToast(context, { type: "error", message: translateMessage(getI18nInstance(context).t, payment.reason.messageKey) });
      }
      return redirect(paymentStep(order.id));
    },
  },

  // The simulated provider's card form.
  "pay-card": {
    // A provider failure is shown above the card form; the card's fields stay (but the CVC).
    errors: (error, { context, formData }) =>
      data(
        {
          card: parseWithZod(formData, { schema: simulatedCardFormSchema }).reply({ hideFields: ["cvc"] }),
          cardError: translateMessage(getI18nInstance(context).t, error.messageKey, error.values),
        },
        { status: error.status },
      ),
    handle: async ({ request, context, guarded: shop, formData }) => {
      const { order, payment } = await visibleFormOrderAndPayment(formData, await orderViewer(request, context), shop.id, context);
      const submission = parseWithZod(formData, { schema: simulatedCardFormSchema });
      if (submission.status !== "success")
        return data({ card: submission.reply({ hideFields: ["cvc"] }), cardError: null }, { status: 400 });
      // The units must still be the shopper's (taken again after a hold that ended), else a
      // 409 "Sold out" shown above the card form, and the card is never charged.
      await holdOrderForPayment(order);
      const attempt = await payOrderWithSimulatedCard(order.id, cardFromForm(submission.value), { payment });
      if (!attempt) return redirect(paymentStep(order.id));
      const paid = attempt.intent;
      // The success step itself says "Payment successful!".
      if (paid.status === "succeeded") return redirect(`/?order=${order.id}&step=success`);
      if (paid.status === "requires_action" && paid.nextActionUrl) {
        const returnTo = `/payment-success?transaction_id=${attempt.transactionId}`;
        return redirect(`${paid.nextActionUrl}?return_to=${encodeURIComponent(returnTo)}`);
      }
      // A badly typed card (the provider's own checks) is an error of its field, shown there once.
      const field = paid.lastError ? CARD_ERROR_FIELDS[paid.lastError] : undefined;
      if (field) {
        return data(
          { card: submission.reply({ fieldErrors: { [field]: [paid.lastError!] }, hideFields: ["cvc"] }), cardError: null },
          { status: 400 },
        );
      }
      // Declined: the payment step shows the failure recorded on the payment. Answering with a
      // redirect (replacing the history entry) keeps the step's own URL, without "?index".
      return replace(paymentStep(order.id));
    },
  },
});
