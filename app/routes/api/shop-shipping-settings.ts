import { getShippingSettings, saveShippingSettings, shippingSettingsResource } from "~/domain/shipping/shipping.server";
import { apiResource, parseInput, readJsonBody } from "~/http/api.server";
import { requireSeller } from "~/http/guards.server";
import { shippingSettingsSchema } from "~/schemas/shipping";

/** /api/v1/customer/shop/shipping/: the seller's shipping zones, rates and pickup (GET), replaced whole (PUT). */
const api = apiResource({
  async GET({ context }) {
    const { shop } = await requireSeller(context);
    return shippingSettingsResource(await getShippingSettings(shop.id));
  },
  async PUT({ request, context }) {
    const { shop } = await requireSeller(context);
    const input = parseInput(shippingSettingsSchema, await readJsonBody(request));
    return shippingSettingsResource(await saveShippingSettings(shop.id, input));
  },
});

export const loader = api.loader;
export const action = api.action;
