import { shopPaymentAccount } from "~/domain/payments/accounts.server";
import { apiResource } from "~/http/api.server";
import { requireSeller } from "~/http/guards.server";
import { siteContext } from "~/middleware/site.server";

/**
 * GET /api/v1/customer/info/: {stripe_connect_account_id, client_name}. On a shop host, the
 * shop's (what the card form needs); on the main site, the signed-in seller's own.
 */
const api = apiResource({
  async GET({ context }) {
    const site = context.get(siteContext);
    if (site.kind === "shop") {
      const account = await shopPaymentAccount(site.shop.id);
      return { stripe_connect_account_id: account.canReceivePayments ? account.accountId : null, client_name: site.shop.name };
    }
    const { account, shop } = await requireSeller(context);
    return { stripe_connect_account_id: account.profile.stripeConnectAccountId, client_name: shop.name };
  },
});

export const loader = api.loader;
export const action = api.action;
