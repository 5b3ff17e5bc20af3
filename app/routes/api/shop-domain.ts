import { domainResource, removeShopDomain, setPrimaryDomain } from "~/domain/domains/domains.server";
import { apiResource, parseInput, readJsonBody } from "~/http/api.server";
import { domainPathId } from "~/http/domains-api.server";
import { requireSeller } from "~/http/guards.server";
import { domainChangeSchema } from "~/schemas/domains";

/** /api/v1/customer/shop/domains/{id}/: primary or not (PATCH), removed (DELETE, 204). */
const api = apiResource({
  async PATCH({ request, params, context }) {
    const { shop } = await requireSeller(context);
    const id = domainPathId(params.id);
    const { primary } = parseInput(domainChangeSchema, await readJsonBody(request));
    return domainResource(await setPrimaryDomain(shop.id, id, primary));
  },
  async DELETE({ params, context }) {
    const { shop } = await requireSeller(context);
    await removeShopDomain(shop.id, domainPathId(params.id));
    return null;
  },
});

export const loader = api.loader;
export const action = api.action;
