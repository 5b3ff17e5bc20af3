import { NotFoundError } from "~/domain/errors.server";
import { getPaymentProvider } from "~/domain/payments/provider-registry.server";
import { payWithSimulatedCard } from "~/domain/payments/simulated-actions.server";
import { apiResource, parseInput, readJsonBody } from "~/http/api.server";
import { translateMessage } from "~/lib/messages";
import { getI18nInstance } from "~/middleware/i18n.server";
import { simulatedCardSchema } from "~/schemas/payments";

/**
 * POST /api/v1/payment/simulated/confirm/ (test mode only): the built-in card form's
 * "Stripe.js". Knowing the intent's client secret is what allows confirming it.
 */
const api = apiResource({
  async POST({ request, context }) {
    if (getPaymentProvider().slug !== "simulated") throw new NotFoundError("errors.api_not_found");
    const input = parseInput(simulatedCardSchema, await readJsonBody(request));
    const intent = await payWithSimulatedCard(input.client_secret, {
      number: input.card_number,
      expMonth: input.exp_month,
      expYear: input.exp_year,
      cvc: input.cvc,
    });
    return {
      id: intent.id,
      status: intent.status,
      error: intent.lastError ? translateMessage(getI18nInstance(context).t, intent.lastError) : null,
      next_action_url: intent.nextActionUrl,
    };
  },
});

export const loader = api.loader;
export const action = api.action;
