import { NotFoundError } from "~/domain/errors.server";
import { liveChangedSince, subscribeToLive } from "~/domain/lives/live-events.server";
import { getShopLive } from "~/domain/lives/lives.server";
import { apiResource } from "~/http/api.server";
import { eventStream } from "~/http/event-stream.server";
import { requireSeller } from "~/http/guards.server";
import { parsePathId } from "~/lib/path-id";

/** `?after=`: the event the board was rendered at (0 when the live had none yet). */
function afterParam(url: URL): number | null {
  const value = url.searchParams.get("after");
  return value === "0" ? 0 : parsePathId(value);
}

/**
 * GET /dashboard/lives/{id}/events: the board's live updates, as Server-Sent Events. Each
 * change of the live (an order placed, paid, refunded or cancelled, a pin, the end) is one
 * `change` event naming its kind; the board then reloads its data. Given `after`, a change
 * committed since the board was rendered is sent at once, so none falls between the render
 * and the subscription. Refusals are JSON (401 signed out, 404 another shop's live).
 */
const api = apiResource({
  async GET({ request, params, context }) {
    const { shop } = await requireSeller(context);
    const id = parsePathId(params.liveId);
    if (id === null) throw new NotFoundError("lives.not_found");
    const live = await getShopLive(shop.id, id);
    const after = afterParam(new URL(request.url));
    return eventStream({ request, context }, async (send) => {
      const unsubscribe = await subscribeToLive(live.id, (event) => send("change", event.kind));
      try {
        if (after !== null && (await liveChangedSince(live.id, after))) send("change", "missed");
      } catch (error) {
        unsubscribe();
        throw error;
      }
      return unsubscribe;
    });
  },
});

export const loader = api.loader;
