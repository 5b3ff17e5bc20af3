import { sellerProfileResource, updateSellerProfile } from "~/domain/sellers/seller-profile.server";
import { apiResource, parseInput, readJsonBody } from "~/http/api.server";
import { requireSeller } from "~/http/guards.server";
import { getI18nInstance } from "~/middleware/i18n.server";
import { sellerProfilePatchSchema } from "~/schemas/sellers";

/** GET/PATCH /api/v1/account/seller-profile/ (sellers only: 403 otherwise). */
const api = apiResource({
  GET({ context }) {
    const { account } = requireSeller(context);
    return sellerProfileResource(account, getI18nInstance(context).t);
  },
  async PATCH({ request, context }) {
    const { user } = requireSeller(context);
    const input = parseInput(sellerProfilePatchSchema, await readJsonBody(request));
    const account = updateSellerProfile(user.id, {
      businessName: input.business_name,
      businessType: input.business_type,
      businessDescription: input.business_description,
      businessAddress: input.business_address,
      taxId: input.tax_id,
      contactEmail: input.contact_email,
      contactPhone: input.contact_phone,
      website: input.website,
      siret: input.siret,
      country: input.country,
    });
    return sellerProfileResource(account, getI18nInstance(context).t);
  },
});

export const loader = api.loader;
export const action = api.action;
