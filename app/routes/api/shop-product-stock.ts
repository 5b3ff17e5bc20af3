import { changeStock } from "~/domain/stock/stock.server";
import { NotFoundError } from "~/domain/errors.server";
import { apiResource, parseInput, readJsonBody } from "~/http/api.server";
import { requireSeller } from "~/http/guards.server";
import { parsePathId } from "~/lib/path-id";
import { stockChangeSchema } from "~/schemas/product-variants";

/**
 * POST /api/v1/shop/products/{id}/stock/ for the shop's seller: `{"variant"?, "adjust": ±N}`
 * or `{"variant"?, "set": N}`, answered with the new figures; below the units held, 409.
 */
const api = apiResource({
  async POST({ request, params, context }) {
    const { shop, user } = await requireSeller(context);
    const productId = parsePathId(params.id);
    if (productId === null) throw new NotFoundError("catalogue.errors.product_not_found");
    const change = parseInput(stockChangeSchema, await readJsonBody(request));
    const figures = await changeStock(shop.id, productId, change, user.id);
    return { variant: figures.variantId, stock: figures.stock, stock_available: figures.available, reserved: figures.reserved };
  },
});

export const loader = api.loader;
export const action = api.action;
