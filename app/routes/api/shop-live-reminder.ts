import { setLiveReminder } from "~/domain/lives/lives.server";
import { changedLiveResource } from "~/routes/api/lives-api.server";
import { apiResource, parseInput, readJsonBody } from "~/http/api.server";
import { requireSeller } from "~/http/guards.server";
import { livePathId } from "~/http/live-api.server";
import { liveReminderApiSchema } from "~/schemas/lives";

/** PUT /api/v1/shop/lives/{id}/reminder/ {delay_minutes}: the one-time reminder to the live's unpaid checkouts (null: none). */
const api = apiResource({
  async PUT({ request, params, context }) {
    const { shop } = await requireSeller(context);
    const id = livePathId(params.id);
    const { delayMinutes } = parseInput(liveReminderApiSchema, await readJsonBody(request));
    return changedLiveResource(shop, await setLiveReminder(shop.id, id, delayMinutes));
  },
});

export const loader = api.loader;
export const action = api.action;
