import type { Route } from "./+types/live-events";
import { subscribeToLive } from "~/domain/lives/live-events.server";
import { publicLive } from "~/domain/lives/lives.server";
import { pinnedStockFeed } from "~/domain/stock/live-stock.server";
import { eventStream } from "~/http/event-stream.server";
import { notFoundPage } from "~/http/guards.server";
import { logger } from "~/lib/logger.server";
import { hostShopPage } from "~/middleware/site.server";

/**
 * A live page's updates (Server-Sent Events): `change` with `pin` when the seller pins or
 * unpins a product, `end` when the live ends, and `stock` with the pinned product's stock
 * as JSON (`{product, label, waitlist}`: sent when the stream opens, then when it changes,
 * read once per event per node, `pinnedStockFeed`). Fed by the node's one reader of the live
 * events, so a viewer costs no query while watching. The page says which product it shows
 * (`?pinned=<id>` or `none`): a pin made between its render and this stream is told at once.
 * A client address holding too many streams gets a 429, a full node a 503 (`eventStream`).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const shop = hostShopPage(context);
  const live = await publicLive(shop.id, params.code);
  if (!live) throw notFoundPage();
  const shown = new URL(request.url).searchParams.get("pinned");
  return eventStream({ request, context }, async (send) => {
    const stock = pinnedStockFeed(
      live.id,
      (json) => send("stock", json),
      (error) => logger().error({ err: error }, "reading a live's pinned stock failed"),
    );
    const unsubscribe = await subscribeToLive(live.id, (event) => {
      if (event.kind === "stock") stock(event.id);
      else if (event.kind !== "order") send("change", event.kind);
    });
    if (live.ended) send("change", "end");
    else if (shown !== null && shown !== String(live.pinned?.id ?? "none")) send("change", "pin");
    return unsubscribe;
  });
}
