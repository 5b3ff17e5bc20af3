import { NotFoundError } from "~/domain/errors.server";
import { releaseClaim } from "~/domain/claims/claims.server";
import { apiResource } from "~/http/api.server";
import { requireSeller } from "~/http/guards.server";
import { livePathId } from "~/http/live-api.server";
import { parsePathId } from "~/lib/path-id";

/** DELETE /api/v1/shop/lives/{id}/claims/{claim_id}/: release a claim (its units back on sale and to the waitlist). */
const api = apiResource({
  async DELETE({ params, context }) {
    const { user, shop } = await requireSeller(context);
    const liveId = livePathId(params.id);
    const claimId = parsePathId(params.claim_id);
    if (claimId === null) throw new NotFoundError("claims.errors.not_found");
    await releaseClaim({ shopId: shop.id, liveId, claimId, actorUserId: user.id });
    return null;
  },
});

export const loader = api.loader;
export const action = api.action;
