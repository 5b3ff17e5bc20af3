import { liveOrdersPage } from "~/routes/api/lives-api.server";
import { siteUrl } from "~/middleware/site.server";
import { apiResource, pageLinks, parseInput } from "~/http/api.server";
import { requireSeller } from "~/http/guards.server";
import { livePathId } from "~/http/live-api.server";
import { searchParamsObject } from "~/schemas/catalogue";
import { orderListQuerySchema } from "~/schemas/checkout";

/** GET /api/v1/shop/lives/{id}/orders/: the live's orders, with the orders list's query parameters (default view: all). */
const api = apiResource({
  async GET({ request, params, context }) {
    const { shop } = await requireSeller(context);
    const id = livePathId(params.id);
    const url = new URL(request.url);
    const query = parseInput(orderListQuerySchema, searchParamsObject(url.searchParams));
    const { count, results } = await liveOrdersPage(shop, id, query);
    return { count, ...pageLinks(siteUrl(context), url, query.page, query.page_size, count), results };
  },
});

export const loader = api.loader;
export const action = api.action;
