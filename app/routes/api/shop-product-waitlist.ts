import { NotFoundError } from "~/domain/errors.server";
import { signUpForWaitlist } from "~/domain/stock/waitlist-signup.server";
import { apiResource, parseInput, readJsonBody } from "~/http/api.server";
import { parsePathId } from "~/lib/path-id";
import { getLocale } from "~/middleware/i18n.server";
import { clientAddressContext } from "~/middleware/request.server";
import { hostShop } from "~/middleware/site.server";
import { waitlistJoinSchema } from "~/schemas/waitlist";

/**
 * POST /api/v1/shop/products/{id}/waitlist/ (shop host, no login): a shopper asks to be
 * mailed when the sold-out product (or its `variant`) is back. 201 with the entry, the same
 * entry again for a repeat; 409 while units are available; 429 past the per-address limit.
 */
const api = apiResource({
  async POST({ request, params, context }) {
    const shop = hostShop(context);
    const productId = parsePathId(params.id);
    if (productId === null) throw new NotFoundError("catalogue.errors.product_not_found");
    const input = parseInput(waitlistJoinSchema, await readJsonBody(request));
    const { entry } = await signUpForWaitlist({
      shopId: shop.id,
      productId,
      variantId: input.variant ?? null,
      email: input.email,
      language: getLocale(context),
      clientAddress: context.get(clientAddressContext),
    });
    return Response.json(entry, { status: 201, headers: { "Cache-Control": "no-store" } });
  },
});

export const loader = api.loader;
export const action = api.action;
