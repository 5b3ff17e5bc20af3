import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, replace, type RouterContextProvider } from "react-router";
import { setToast } from "remix-toast/middleware";
import { getConfig } from "~/config.server";
import { checkoutState, shippingForm } from "~/domain/checkout/checkout-state.server";
import { payOrder, placeOrder, reviseOrder } from "~/domain/checkout/place-order.server";
import { purchaseItems } from "~/domain/checkout/purchase.server";
import { DomainError, NotFoundError } from "~/domain/errors.server";
import { shopPageMeta } from "~/routes/page-meta.server";
import { getVisibleOrder } from "~/domain/orders/orders.server";
import { payOrderWithSimulatedCard } from "~/domain/payments/simulated-actions.server";
import { recordShopView } from "~/domain/shops/views.server";
import { formErrorResponse } from "~/http/forms.server";
import { ensureShopperKey, orderViewer } from "~/http/shopper.server";
import { messageKey, translateMessage } from "~/lib/messages";
import { parsePathId } from "~/lib/path-id";
import { getI18nInstance, getLocale } from "~/middleware/i18n.server";
import { currentUser } from "~/middleware/session.server";
import { requireShopPage } from "~/middleware/site.server";
import { checkoutSchema } from "~/schemas/checkout";
import { CARD_ERROR_FIELDS, cardFromForm, simulatedCardFormSchema } from "~/schemas/payments";

type Args = { request: Request; context: Readonly<RouterContextProvider> };

/** The shop's `/`: the three-step checkout, its state carried by the URL (works without JS). */
export function checkoutPageData({ request, context }: Args) {
  const shop = requireShopPage(context);
  recordShopView(shop.id, request);
  const url = new URL(request.url);
  const params = url.searchParams;
  const state = checkoutState(shop, orderViewer(request, context), {
    order: params.get("order"),
    productId: params.get("product_id"),
    step: params.get("step"),
    prefill: params.get("prefill"),
  });
  const t = getI18nInstance(context).t;
  return {
    site: "shop" as const,
    ...state,
    currency: shop.currency,
    contactEmail: getConfig().SUPPORT_EMAIL,
    meta: shopPageMeta(t, shop.name, shop.description, url),
  };
}

/** A domain error about the order's items (out of stock, not sold here) is about the whole form. */
function shippingErrorResponse(submission: Submission<unknown>, error: unknown, headers: Headers) {
  if (
    error instanceof DomainError &&
    "fieldErrors" in error &&
    Object.keys(error.fieldErrors as object).some((key) => key.startsWith("items."))
  ) {
    return data(submission.reply({ formErrors: [messageKey(error.messageKey, error.values)] }), { status: error.status, headers });
  }
  return formErrorResponse(submission, error, { headers });
}

const paymentStep = (orderId: number) => `/?order=${orderId}&step=payment`;

/** The checkout's forms: shipping (creates or updates the order), prepare payment, simulated card. */
export async function checkoutAction({ request, context }: Args) {
  const shop = requireShopPage(context);
  const t = getI18nInstance(context).t;
  const formData = await request.formData();
  const intent = formData.get("intent");
  const viewer = orderViewer(request, context);
  const orderField = formData.get("order");
  const formOrderId = typeof orderField === "string" ? (parsePathId(orderField) ?? 0) : 0;

  if (intent === "shipping") {
    const productField = formData.get("product_id");
    const form = shippingForm(shop, viewer, formOrderId, typeof productField === "string" ? productField : null);
    const submission = parseWithZod(formData, { schema: checkoutSchema(form.minimumCents, form.pricing) });
    // A form for a product the shop does not sell (a stale page, a tampered form) creates nothing.
    if (!form.sellable) return data(submission.reply({ formErrors: ["checkout.errors.product_not_found"] }), { status: 400 });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const shopper = ensureShopperKey(request);
    const headers = new Headers();
    if (shopper.setCookie) headers.append("Set-Cookie", shopper.setCookie);
    let placed: Awaited<ReturnType<typeof placeOrder>>;
    try {
      placed = formOrderId
        ? await reviseOrder({
            shopId: shop.id,
            orderId: formOrderId,
            viewer: { ...viewer, shopperKeyHash: shopper.hash },
            input: submission.value,
          })
        : await placeOrder({
            shop,
            input: { ...submission.value, items: purchaseItems(form.purchase, submission.value.quantity) },
            shopper: { shopperKeyHash: shopper.hash, userId: currentUser(context)?.id ?? null, language: getLocale(context) },
            payment: "now",
          });
    } catch (error) {
      setToast(context, { type: "error", message: t("checkout.order_failed") });
      return shippingErrorResponse(submission, error, headers);
    }
    // The order exists; the payment step explains what went wrong and offers to retry.
    if (!placed.payment?.started) setToast(context, { type: "error", message: t("checkout.payment_init_failed") });
    return redirect(paymentStep(placed.order.id), { headers });
  }

  if (intent !== "start-payment" && intent !== "pay-card") throw data({ message: t("errors.unknown_action") }, { status: 400 });
  // A stale or foreign order id (another shopper's, a tampered form) is a plain 404.
  let order: ReturnType<typeof getVisibleOrder>;
  try {
    order = getVisibleOrder(formOrderId, viewer, shop.id);
  } catch (error) {
    if (error instanceof NotFoundError) throw data({ message: t("orders.not_found") }, { status: 404 });
    throw error;
  }
  if (intent === "start-payment") {
    const payment = await payOrder(order.id, viewer, { shopId: shop.id });
    if (!payment.started) setToast(context, { type: "error", message: translateMessage(t, payment.reason.messageKey) });
    return redirect(paymentStep(order.id));
  }

  // intent === "pay-card": the simulated provider's card form.
  const submission = parseWithZod(formData, { schema: simulatedCardFormSchema });
  if (submission.status !== "success") return data({ card: submission.reply({ hideFields: ["cvc"] }), cardError: null }, { status: 400 });
  try {
    const attempt = await payOrderWithSimulatedCard(order.id, cardFromForm(submission.value));
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
    if (field)
      return data(
        { card: submission.reply({ fieldErrors: { [field]: [paid.lastError!] }, hideFields: ["cvc"] }), cardError: null },
        { status: 400 },
      );
    // Declined: the payment step shows the failure recorded on the payment. Answering with a
    // redirect (replacing the history entry) keeps the step's own URL, without "?index".
    return replace(paymentStep(order.id));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data(
      { card: submission.reply({ hideFields: ["cvc"] }), cardError: translateMessage(t, error.messageKey) },
      { status: error.status },
    );
  }
}
