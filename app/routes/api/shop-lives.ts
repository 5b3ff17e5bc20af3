import { createLive } from "~/domain/lives/lives.server";
import { changedLiveResource, livesPage } from "~/routes/api/lives-api.server";
import { getLocale } from "~/middleware/i18n.server";
import { siteUrl } from "~/middleware/site.server";
import { apiResource, pageLinks, parseInput, readJsonBody } from "~/http/api.server";
import { requireSeller } from "~/http/guards.server";
import { searchParamsObject } from "~/schemas/catalogue";
import { liveCreateApiSchema, liveListQuerySchema } from "~/schemas/lives";

/** /api/v1/shop/lives/: the seller's lives, newest first (GET, paginated), or start one (POST). */
const api = apiResource({
  async GET({ request, context }) {
    const { shop } = await requireSeller(context);
    const url = new URL(request.url);
    const query = parseInput(liveListQuerySchema, searchParamsObject(url.searchParams));
    const { count, results } = await livesPage(shop, query);
    return { count, ...pageLinks(siteUrl(context), url, query.page, query.page_size, count), results };
  },
  async POST({ request, context }) {
    const { shop } = await requireSeller(context);
    const input = parseInput(liveCreateApiSchema, await readJsonBody(request));
    // No language given: the one the seller's request is answered in.
    const live = await createLive(shop.id, { ...input, language: input.language ?? getLocale(context) });
    return Response.json(await changedLiveResource(shop, live), { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;
