import { connectPaymentAccount, refreshPaymentAccountStatus } from "~/domain/payments/accounts.server";
import { sellerProfileResource } from "~/domain/sellers/seller-profile.server";
import { apiEndpoints } from "~/http/api.server";
import { requireSeller } from "~/http/guards.server";
import { getI18nInstance } from "~/middleware/i18n.server";

/**
 * POST /api/v1/customer/stripe/connect/ → {onboarding_url};
 * POST /api/v1/customer/stripe/connect/update_status/ → the refreshed seller profile.
 */
const api = apiEndpoints(
  (params) => (params.operation === undefined ? "connect" : params.operation === "update_status" ? "update_status" : null),
  {
    connect: {
      async POST({ context }) {
        const { user } = (await requireSeller(context)).account;
        const { onboardingUrl } = await connectPaymentAccount(user);
        return { onboarding_url: onboardingUrl };
      },
    },
    update_status: {
      async POST({ context }) {
        await refreshPaymentAccountStatus((await requireSeller(context)).account.user);
        return sellerProfileResource((await requireSeller(context)).account, getI18nInstance(context).t);
      },
    },
  },
);

export const loader = api.loader;
export const action = api.action;
