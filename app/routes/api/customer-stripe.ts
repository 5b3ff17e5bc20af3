import { connectPaymentAccount, refreshPaymentAccountStatus } from "~/domain/payments/accounts.server";
import { NotFoundError } from "~/domain/errors.server";
import { sellerProfileResource } from "~/domain/sellers/seller-profile.server";
import { apiResource } from "~/http/api.server";
import { requireSeller } from "~/http/guards.server";
import { getI18nInstance } from "~/middleware/i18n.server";

/**
 * POST /api/v1/customer/stripe/connect/ → {onboarding_url};
 * POST /api/v1/customer/stripe/connect/update_status/ → the refreshed seller profile.
 */
const api = apiResource({
  async POST({ params, context }) {
    const { user } = (await requireSeller(context)).account;
    if (params.operation === undefined) {
      const { onboardingUrl } = await connectPaymentAccount(user);
      return { onboarding_url: onboardingUrl };
    }
    if (params.operation === "update_status") {
      await refreshPaymentAccountStatus(user);
      return sellerProfileResource((await requireSeller(context)).account, getI18nInstance(context).t);
    }
    throw new NotFoundError("errors.api_not_found");
  },
});

export const loader = api.loader;
export const action = api.action;
