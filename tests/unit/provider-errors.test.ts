import { describe, expect, it } from "vitest";
import { PaymentRequiredError, ProviderError, ValidationError } from "~/domain/errors.server";
import { providerFailure, ProviderRequestError } from "~/domain/payments/provider.server";

describe("providerFailure: what a provider's refusal means to our caller", () => {
  it("answers a request the provider found invalid with a 400 and the provider's message", () => {
    const error = providerFailure(new ProviderRequestError("No such payment_intent: 'pi_x'", "invalid_request"));
    expect(error).toBeInstanceOf(ValidationError);
    expect(error.status).toBe(400);
    expect(error.messageKey).toBe("No such payment_intent: 'pi_x'");
  });

  it("answers a refused card with a 402 and a bad webhook signature with a 400", () => {
    expect(providerFailure(new ProviderRequestError("Your card was declined.", "card_declined"))).toBeInstanceOf(PaymentRequiredError);
    expect(providerFailure(new ProviderRequestError("bad", "signature")).status).toBe(400);
  });

  it("keeps 502 for a provider that failed or could not be reached, falling back to our message", () => {
    const error = providerFailure(new ProviderRequestError("", "unavailable"), "payments.errors.confirm_failed");
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.status).toBe(502);
    expect(error.messageKey).toBe("payments.errors.confirm_failed");
  });
});
