import { setLiveChatChannel } from "~/domain/lives/lives.server";
import { changedLiveResource, shopLiveResource } from "~/routes/api/lives-api.server";
import { apiResource, parseInput, readJsonBody } from "~/http/api.server";
import { requireSeller } from "~/http/guards.server";
import { livePathId } from "~/http/live-api.server";
import { livePatchApiSchema } from "~/schemas/lives";

/** GET /api/v1/shop/lives/{id}/: one of the seller's lives with its figures; PATCH sets its Twitch chat channel. */
const api = apiResource({
  async GET({ params, context }) {
    const { shop } = await requireSeller(context);
    return shopLiveResource(shop, livePathId(params.id));
  },
  async PATCH({ request, params, context }) {
    const { shop } = await requireSeller(context);
    const liveId = livePathId(params.id);
    const input = parseInput(livePatchApiSchema, await readJsonBody(request));
    return changedLiveResource(shop, await setLiveChatChannel(shop.id, liveId, input.chatChannel));
  },
});

export const loader = api.loader;
export const action = api.action;
