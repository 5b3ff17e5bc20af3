import { liveClaims } from "~/domain/claims/claims.server";
import { apiResource } from "~/http/api.server";
import { requireSeller } from "~/http/guards.server";
import { livePathId } from "~/http/live-api.server";

/** GET /api/v1/shop/lives/{id}/claims/: the live's claims, newest first. */
const api = apiResource({
  async GET({ params, context }) {
    const { shop } = await requireSeller(context);
    return { results: await liveClaims(shop.id, livePathId(params.id)) };
  },
});

export const loader = api.loader;
export const action = api.action;
