import { and, eq } from "drizzle-orm";
import { NotFoundError } from "~/domain/errors.server";
import type { OrderViewer } from "~/domain/orders/visibility.server";
import { getDatabase } from "~db/client";
import { orders, paymentTransactions, simulatedPaymentIntents, type PaymentTransaction } from "~db/schema";
import { handleProviderEvent } from "./events.server";
import { findOrderTransaction } from "./intents.server";
import type { ProviderIntent } from "./provider.server";
import { getPaymentProvider, withProvider } from "./provider-registry.server";
import {
  completeSimulatedOnboarding,
  confirmSimulatedIntent,
  finishSimulatedAuthentication,
  type CardInput,
  type SimulatedIntent,
} from "./simulated-provider.server";

// What the simulated provider's own screens do (card form, bank challenge, onboarding form):
// each outcome goes through the same event handler as a real provider's webhook.

/** The built-in card form: confirms the intent with a test card and records the outcome. */
export async function payWithSimulatedCard(
  clientSecret: string,
  card: CardInput,
  known: { transaction?: PaymentTransaction } = {},
): Promise<ProviderIntent> {
  if (getPaymentProvider().slug !== "simulated") throw new NotFoundError("errors.api_not_found");
  const { intent, event } = await withProvider(async () => confirmSimulatedIntent(clientSecret, card), "payments.errors.confirm_failed");
  if (event) await handleProviderEvent(event, known);
  return intent;
}

/**
 * The checkout's built-in card form for an order: pays its intent under way. Null when the
 * order has no payment to pay yet (the payment step then offers to start one).
 */
export async function payOrderWithSimulatedCard(
  orderId: number,
  card: CardInput,
  /** The order's payment when the caller has just read it with the order (`getVisibleOrderAndPayment`). */
  known?: { payment: PaymentTransaction | undefined },
): Promise<{ transactionId: string; intent: ProviderIntent } | null> {
  const transaction = known ? known.payment : await findOrderTransaction(orderId);
  if (!transaction?.clientSecret) return null;
  return { transactionId: transaction.id, intent: await payWithSimulatedCard(transaction.clientSecret, card, { transaction }) };
}

/**
 * The simulated bank's authentication step, for the paying shopper's browser only (the
 * shopper cookie that placed the order), as a real 3-D Secure challenge is: knowing the
 * intent id is not enough. Anyone else gets a 404, as if the intent did not exist, and so
 * does another shop's host (`shopId`, the host's shop), as every shopper's payment route.
 */
export async function simulatedChallengeFor(intentId: string, viewer: OrderViewer, shopId: number): Promise<SimulatedIntent> {
  const notFound = new NotFoundError("payments.errors.transaction_not_found");
  if (getPaymentProvider().slug !== "simulated" || !viewer.shopperKeyHash) throw notFound;
  const [row] = await getDatabase()
    .select({ intent: simulatedPaymentIntents, shopperKeyHash: orders.shopperKeyHash })
    .from(simulatedPaymentIntents)
    .innerJoin(
      paymentTransactions,
      and(eq(paymentTransactions.providerPaymentId, simulatedPaymentIntents.id), eq(paymentTransactions.provider, "simulated")),
    )
    .innerJoin(orders, eq(orders.id, paymentTransactions.orderId))
    .where(and(eq(simulatedPaymentIntents.id, intentId), eq(orders.shopId, shopId)))
    .limit(1);
  if (!row || row.shopperKeyHash !== viewer.shopperKeyHash) throw notFound;
  return row.intent;
}

/** The paying shopper answered the simulated bank's authentication: Complete or Fail. */
export async function answerSimulatedAuthentication(
  intentId: string,
  outcome: "complete" | "fail",
  viewer: OrderViewer,
  shopId: number,
): Promise<ProviderIntent> {
  await simulatedChallengeFor(intentId, viewer, shopId);
  const { intent, event } = await withProvider(
    async () => finishSimulatedAuthentication(intentId, outcome),
    "payments.errors.confirm_failed",
  );
  if (event) await handleProviderEvent(event);
  return intent;
}

/** The simulated onboarding form was sent for the seller's own account. */
export async function finishSimulatedOnboarding(accountId: string, details: { businessName: string; country: string }): Promise<void> {
  const event = await withProvider(async () => completeSimulatedOnboarding(accountId, details), "payments.errors.connect_failed");
  await handleProviderEvent(event);
}
