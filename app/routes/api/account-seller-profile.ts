import { sellerProfileResource, updateSellerProfile } from "~/domain/sellers/seller-profile.server";
import { apiResource, parseInput, readJsonBody } from "~/http/api.server";
import { requireSeller } from "~/http/guards.server";
import { getI18nInstance } from "~/middleware/i18n.server";
import { sellerProfilePatchSchema } from "~/schemas/sellers";

/** GET/PATCH /api/v1/account/seller-profile/ (sellers only: 403 otherwise). */
const api = apiResource({
  async GET({ context }) {
    const { account } = await requireSeller(context);
    return sellerProfileResource(account, getI18nInstance(context).t);
  },
  async PATCH({ request, context }) {
    const { user } = await requireSeller(context);
    const account = await updateSellerProfile(user.id, parseInput(sellerProfilePatchSchema, await readJsonBody(request)));
    return sellerProfileResource(account, getI18nInstance(context).t);
  },
});

export const loader = api.loader;
export const action = api.action;
