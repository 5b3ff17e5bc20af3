import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, replace, type RouterContextProvider } from "react-router";
import { setToast } from "remix-toast/middleware";
import { getConfig } from "~/config.server";
import { DomainError, NotFoundError } from "~/domain/errors.server";
import { shopPageMeta } from "~/routes/page-meta.server";
import {
  createOrder,
  findOrderTransaction,
  formatOrderNumber,
  getVisibleOrder,
  lastPaidShippingInfo,
  shippingFieldsOf,
} from "~/domain/orders/orders.server";
import { checkoutPurchase, resumableOrder } from "~/domain/orders/checkout-purchase.server";
import { reviseUnpaidOrder } from "~/domain/orders/order-revision.server";
import { getPaymentProvider, payWithSimulatedCard, shopPaymentAccount, startPayment } from "~/domain/payments/payments.server";
import { isPaid } from "~/domain/payments/payment-state";
import { minimumOrderCents } from "~/domain/shops/customization.server";
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
export type CheckoutStepName = "shipping" | "payment" | "success";

function orderSummary(order: ReturnType<typeof getVisibleOrder>) {
  return {
    id: order.id,
    number: formatOrderNumber(order.number),
    status: order.status,
    paymentStatus: order.paymentStatus,
    totalCents: order.totalAmountCents,
    items: order.items.map((i) => ({ name: i.productName, quantity: i.quantity, priceCents: i.priceCents })),
    shipping: {
      ...shippingFieldsOf(order),
      reference: order.reference,
      content: order.content,
      live_reference: order.liveReference,
      total_amount: (order.totalAmountCents / 100).toFixed(2),
    },
  };
}

function visibleOrderOrNull(orderId: number, viewer: ReturnType<typeof orderViewer>, shopId: number) {
  if (!orderId) return null;
  try {
    return getVisibleOrder(orderId, viewer, shopId);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    return null;
  }
}

/** The shop's `/`: the three-step checkout, its state carried by the URL (works without JS). */
export function checkoutPageData({ request, context }: Args) {
  const shop = requireShopPage(context);
  recordShopView(shop.id, request);
  const url = new URL(request.url);
  const viewer = orderViewer(request, context);
  const minimumCents = minimumOrderCents(shop);
  const productParam = url.searchParams.get("product_id");

  // `?order=` names the order; without it the link continues the shopper's unpaid order
  // of the same purchase (so the browser's Back from the payment step keeps the form).
  let order = visibleOrderOrNull(parsePathId(url.searchParams.get("order")) ?? 0, viewer, shop.id);
  const resumed = !url.searchParams.has("order")
    ? resumableOrder(shop.id, viewer, checkoutPurchase(shop.id, minimumCents, productParam, null))
    : null;
  order ??= resumed;
  const purchase = checkoutPurchase(shop.id, minimumCents, productParam, order);
  const requested = url.searchParams.get("step");
  const step: CheckoutStepName = !order
    ? "shipping"
    : isPaid(order.paymentStatus)
      ? "success"
      : resumed || requested === "shipping"
        ? "shipping"
        : "payment";
  const transaction = order ? findOrderTransaction(order.id) : undefined;
  const provider = getPaymentProvider();
  const prefill = url.searchParams.get("prefill");
  // Only a new order is prefilled; editing an order keeps its own fields.
  const lastPaid = step === "shipping" && !order ? lastPaidShippingInfo(shop.id, viewer) : null;
  const previous = prefill !== "0" ? lastPaid : null;
  const t = getI18nInstance(context).t;
  return {
    site: "shop" as const,
    step,
    purchase,
    productId: purchase.kind === "catalogue" ? purchase.productId : null,
    order: order ? orderSummary(order) : null,
    resumed: resumed !== null,
    minimumCents,
    currency: shop.currency,
    canReceivePayments: shopPaymentAccount(shop.id).canReceivePayments,
    payment:
      transaction && transaction.status !== "canceled" && transaction.clientSecret
        ? {
            transactionId: transaction.id,
            clientSecret: transaction.clientSecret,
            accountId: transaction.providerAccountId,
            lastError: transaction.failureMessage,
          }
        : null,
    provider: {
      slug: provider.slug,
      testMode: provider.testMode,
      publishableKey: provider.slug === "stripe" ? (getConfig().STRIPE_PUBLISHABLE_KEY ?? null) : null,
    },
    previous,
    hasPrevious: lastPaid !== null,
    prefillRequested: prefill === "1",
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
    const minimumCents = minimumOrderCents(shop);
    const existing = visibleOrderOrNull(formOrderId, viewer, shop.id);
    const productField = formData.get("product_id");
    const purchase = checkoutPurchase(shop.id, minimumCents, typeof productField === "string" ? productField : null, existing);
    const pricing =
      purchase.kind === "catalogue" && purchase.product ? { unitPriceCents: purchase.product.priceCents, verifyTotal: true } : undefined;
    const submission = parseWithZod(formData, { schema: checkoutSchema(minimumCents, pricing) });
    // A form for a product the shop does not sell (a stale page, a tampered form) creates nothing.
    if (purchase.kind === "catalogue" && !purchase.product) {
      return data(submission.reply({ formErrors: ["checkout.errors.product_not_found"] }), { status: 400 });
    }
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const shopper = ensureShopperKey(request);
    const headers = new Headers();
    if (shopper.setCookie) headers.append("Set-Cookie", shopper.setCookie);
    let orderId: number;
    try {
      if (formOrderId) {
        orderId = (
          await reviseUnpaidOrder(
            formOrderId,
            { ...viewer, shopperKeyHash: viewer.shopperKeyHash ?? shopper.hash },
            shop.id,
            submission.value,
          )
        ).id;
      } else {
        // The product goes into the order whatever its stock: the order domain refuses it if it is sold out.
        const items = purchase.kind === "catalogue" ? [{ productId: purchase.productId, quantity: submission.value.quantity ?? 1 }] : [];
        orderId = createOrder(
          shop,
          { ...submission.value, items },
          { shopperKeyHash: shopper.hash, userId: currentUser(context)?.id ?? null, language: getLocale(context) },
        ).id;
      }
    } catch (error) {
      setToast(context, { type: "error", message: t("checkout.order_failed") });
      return shippingErrorResponse(submission, error, headers);
    }
    try {
      await startPayment(orderId, { ...viewer, shopperKeyHash: shopper.hash }, getPaymentProvider().slug, shop.id);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      // The order exists; the payment step explains what went wrong and offers to retry.
      setToast(context, { type: "error", message: t("checkout.payment_init_failed") });
    }
    return redirect(paymentStep(orderId), { headers });
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
    try {
      await startPayment(order.id, viewer, getPaymentProvider().slug, shop.id);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      setToast(context, { type: "error", message: translateMessage(t, error.messageKey) });
    }
    return redirect(paymentStep(order.id));
  }

  // intent === "pay-card": the simulated provider's card form.
  const transaction = findOrderTransaction(order.id);
  const submission = parseWithZod(formData, { schema: simulatedCardFormSchema });
  if (submission.status !== "success") return data({ card: submission.reply({ hideFields: ["cvc"] }), cardError: null }, { status: 400 });
  if (!transaction?.clientSecret) return redirect(paymentStep(order.id));
  try {
    const paid = await payWithSimulatedCard(transaction.clientSecret, cardFromForm(submission.value));
    // The success step itself says "Payment successful!".
    if (paid.status === "succeeded") return redirect(`/?order=${order.id}&step=success`);
    if (paid.status === "requires_action" && paid.nextActionUrl) {
      const returnTo = `/payment-success?transaction_id=${transaction.id}`;
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
