import { getConfig } from "~/config.server";
import { providerFailure, ProviderRequestError, type PaymentProvider } from "./provider.server";
import { createSimulatedProvider } from "./simulated-provider.server";
import { createStripeProvider } from "./stripe-provider.server";

let provider: PaymentProvider | undefined;
/** The configured provider (PAYMENT_PROVIDER; Stripe when a secret key is set). */
export function getPaymentProvider(): PaymentProvider {
  if (!provider) {
    const config = getConfig();
    provider =
      config.paymentProvider === "stripe"
        ? createStripeProvider({
            secretKey: config.STRIPE_SECRET_KEY!,
            webhookSecret: config.STRIPE_WEBHOOK_SECRET!,
            apiUrl: config.STRIPE_API_URL,
          })
        : createSimulatedProvider();
  }
  return provider;
}

/** Provider failures become our caller's 4xx or a 502, with the provider's message (spec: it is preferred). */
export async function withProvider<T>(work: () => Promise<T>, fallbackKey: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderRequestError) throw providerFailure(error, fallbackKey);
    throw error;
  }
}
