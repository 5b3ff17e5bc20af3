import { addShopDomain, domainResource, listShopDomains } from "~/domain/domains/domains.server";
import { apiResource, parseInput, readJsonBody } from "~/http/api.server";
import { requireSeller } from "~/http/guards.server";
import { domainAddSchema } from "~/schemas/domains";

/** /api/v1/customer/shop/domains/: the seller's own domains (GET), one more (POST, 201, pending). */
const api = apiResource({
  async GET({ context }) {
    const { shop } = await requireSeller(context);
    const results = (await listShopDomains(shop.id)).map(domainResource);
    return { count: results.length, next: null, previous: null, results };
  },
  async POST({ request, context }) {
    const { shop } = await requireSeller(context);
    const { domain } = parseInput(domainAddSchema, await readJsonBody(request));
    return Response.json(domainResource(await addShopDomain(shop, domain)), { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;
