import { payOrder } from "~/domain/checkout/place-order.server";
import { handleProviderEvent, parseWebhookEvent } from "~/domain/payments/events.server";
import { confirmPayment } from "~/domain/payments/intents.server";
import { apiEndpoints, parseInput, readJsonBody } from "~/http/api.server";
import { orderViewer } from "~/http/shopper.server";
import { translateMessage } from "~/lib/messages";
import { getI18nInstance } from "~/middleware/i18n.server";
import { siteContext } from "~/middleware/site.server";
import { confirmRequestSchema, payRequestSchema } from "~/schemas/payments";

/** /api/v1/payment/{pay,confirm,webhook}/ */
const OPERATIONS = ["pay", "confirm", "webhook"] as const;
const isOperation = (value: string | undefined): value is (typeof OPERATIONS)[number] =>
  (OPERATIONS as readonly (string | undefined)[]).includes(value);

const api = apiEndpoints((params) => (isOperation(params.operation) ? params.operation : null), {
  pay: {
    async POST({ request, context }) {
      const { order_id, provider_slug } = parseInput(payRequestSchema, await readJsonBody(request));
      const site = context.get(siteContext);
      const payment = await payOrder(order_id, await orderViewer(request, context), {
        shopId: site.kind === "shop" ? site.shop.id : undefined,
        providerSlug: provider_slug,
      });
      if (!payment.started) throw payment.reason;
      return payment.intent;
    },
  },
  confirm: {
    async POST({ request, context }) {
      const { transaction_id, payment_intent_id } = parseInput(confirmRequestSchema, await readJsonBody(request));
      const site = context.get(siteContext);
      const { transaction, orderId } = await confirmPayment(
        transaction_id,
        payment_intent_id,
        await orderViewer(request, context),
        site.kind === "shop" ? site.shop.id : undefined,
      );
      return {
        transaction_id: transaction.id,
        order_id: orderId,
        status: transaction.status,
        message: transaction.failureMessage ? translateMessage(getI18nInstance(context).t, transaction.failureMessage) : null,
      };
    },
  },
  webhook: {
    async POST({ request }) {
      // The raw body is what Stripe signed.
      const event = parseWebhookEvent(await request.text(), request.headers.get("Stripe-Signature"));
      const { processed, outcome } = await handleProviderEvent(event);
      return { received: true, processed, outcome };
    },
  },
});

export const loader = api.loader;
export const action = api.action;
