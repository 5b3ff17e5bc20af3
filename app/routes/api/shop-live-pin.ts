import { pinLiveProduct } from "~/domain/lives/lives.server";
import { changedLiveResource } from "~/routes/api/lives-api.server";
import { apiResource, parseInput, readJsonBody } from "~/http/api.server";
import { requireSeller } from "~/http/guards.server";
import { livePathId } from "~/http/live-api.server";
import { livePinApiSchema } from "~/schemas/lives";

/** /api/v1/shop/lives/{id}/pin/: pin a product on the live's page (POST {product_id}) or unpin it (DELETE). */
const api = apiResource({
  async POST({ request, params, context }) {
    const { shop } = await requireSeller(context);
    const id = livePathId(params.id);
    const { productId } = parseInput(livePinApiSchema, await readJsonBody(request));
    return changedLiveResource(shop, await pinLiveProduct(shop.id, id, productId));
  },
  async DELETE({ params, context }) {
    const { shop } = await requireSeller(context);
    return changedLiveResource(shop, await pinLiveProduct(shop.id, livePathId(params.id), null));
  },
});

export const loader = api.loader;
export const action = api.action;
