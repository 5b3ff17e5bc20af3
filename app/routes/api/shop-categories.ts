import { listShopCategories } from "~/domain/catalogue/products.server";
import { createCategory } from "~/domain/catalogue/manage.server";
import { apiResource, parseInput, readJsonBody } from "~/http/api.server";
import { requireSeller } from "~/http/guards.server";
import { categoryInputSchema } from "~/schemas/catalogue-admin";
import { hostShop, siteContext } from "~/middleware/site.server";

const api = apiResource({
  async GET({ context }) {
    // A shop host's categories; on the main host, the signed-in seller's own.
    const shop = context.get(siteContext).kind === "main" ? (await requireSeller(context)).shop : hostShop(context);
    const results = await listShopCategories(shop.id);
    return { count: results.length, next: null, previous: null, results };
  },
  /** The shop's seller adds a category (slug derived from the name unless given). */
  async POST({ request, context }) {
    const { shop } = await requireSeller(context);
    const input = parseInput(categoryInputSchema, await readJsonBody(request));
    const category = await createCategory(shop.id, input);
    return Response.json({ slug: category.slug, name: category.name }, { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;
