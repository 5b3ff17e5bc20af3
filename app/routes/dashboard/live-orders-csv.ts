import type { Route } from "./+types/live-orders-csv";
import { getShopLive } from "~/domain/lives/lives.server";
import { liveOrdersCsv } from "~/domain/lives/live-board.server";
import { orNotFound, requireSellerPage } from "~/http/guards.server";
import { liveIdParam } from "~/routes/dashboard/live-params";

/** /dashboard/lives/{id}/orders.csv: every order of the live (paid or not), as the orders export writes them. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { shop } = await requireSellerPage(request, context);
  const id = liveIdParam(params.liveId);
  const { code } = await orNotFound(getShopLive(shop.id, id));
  const csv = await liveOrdersCsv(shop.id, id);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="live-${code}-orders.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
