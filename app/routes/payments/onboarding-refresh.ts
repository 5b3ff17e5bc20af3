import { redirect } from "react-router";
import type { Route } from "./+types/onboarding-refresh";
import { connectPaymentAccount } from "~/domain/payments/accounts.server";
import { DomainError } from "~/domain/errors.server";
import { loadSellerAccount } from "~/domain/sellers/onboarding.server";
import { requireUserPage } from "~/http/guards.server";

/**
 * /onboarding/refresh: the provider sends the seller here when an onboarding link expired.
 * The account is the signed-in seller's (never taken from the URL); a fresh link is minted.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUserPage(request, context);
  // Not a seller (any more), or the provider refused: the dashboard's payment card says what to do.
  const account = await loadSellerAccount(user.id);
  if (!account) return redirect("/dashboard#stripe-connect");
  try {
    const { onboardingUrl } = await connectPaymentAccount(account.user);
    return redirect(onboardingUrl);
  } catch (error) {
    if (error instanceof DomainError) return redirect("/dashboard#stripe-connect");
    throw error;
  }
}

/**
 * The loader always redirects; this empty page exists so a request on the wrong site gets
 * the HTML 404 page rather than the guard's JSON.
 */
export default function OnboardingRefresh() {
  return null;
}
