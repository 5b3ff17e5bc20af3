import { endLive } from "~/domain/lives/lives.server";
import { changedLiveResource } from "~/routes/api/lives-api.server";
import { apiResource } from "~/http/api.server";
import { requireSeller } from "~/http/guards.server";
import { livePathId } from "~/http/live-api.server";

/** POST /api/v1/shop/lives/{id}/end/: ends the live (its link then says so); again: the same answer. */
const api = apiResource({
  async POST({ params, context }) {
    const { shop } = await requireSeller(context);
    return changedLiveResource(shop, await endLive(shop.id, livePathId(params.id)));
  },
});

export const loader = api.loader;
export const action = api.action;
