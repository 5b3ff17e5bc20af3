import { shopLiveResource } from "~/routes/api/lives-api.server";
import { apiResource } from "~/http/api.server";
import { requireSeller } from "~/http/guards.server";
import { livePathId } from "~/http/live-api.server";

/** GET /api/v1/shop/lives/{id}/: one of the seller's lives with its figures. */
const api = apiResource({
  async GET({ params, context }) {
    const { shop } = await requireSeller(context);
    return shopLiveResource(shop, livePathId(params.id));
  },
});

export const loader = api.loader;
export const action = api.action;
