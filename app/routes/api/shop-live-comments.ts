import { acceptComment } from "~/domain/claims/comments.server";
import { apiResource, parseInput, readJsonBody } from "~/http/api.server";
import { requireSeller } from "~/http/guards.server";
import { livePathId } from "~/http/live-api.server";
import { claimCommentApiSchema } from "~/schemas/claims";

/**
 * POST /api/v1/shop/lives/{id}/comments/: a comment of the live's chat (a bot, an
 * automation); a claim holds the units for its author's handle. 200 with the outcome either way.
 */
const api = apiResource({
  async POST({ request, params, context }) {
    const { user, shop } = await requireSeller(context);
    const liveId = livePathId(params.id);
    const input = parseInput(claimCommentApiSchema, await readJsonBody(request));
    return acceptComment({
      shopId: shop.id,
      liveId,
      platform: input.platform,
      author: input.author,
      text: input.text,
      actorUserId: user.id,
    });
  },
});

export const loader = api.loader;
export const action = api.action;
