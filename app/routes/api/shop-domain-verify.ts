import { domainResource, verifyShopDomain } from "~/domain/domains/domains.server";
import { apiResource } from "~/http/api.server";
import { domainPathId } from "~/http/domains-api.server";
import { requireSeller } from "~/http/guards.server";

/** POST /api/v1/customer/shop/domains/{id}/verify/: checks the records now (200 verified, or 409 `dns_not_ready` saying what is missing). */
const api = apiResource({
  async POST({ params, context }) {
    const { shop } = await requireSeller(context);
    return domainResource(await verifyShopDomain(shop.id, domainPathId(params.id)));
  },
});

export const loader = api.loader;
export const action = api.action;
