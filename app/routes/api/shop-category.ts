import { deleteCategory, updateCategory } from "~/domain/catalogue/manage.server";
import { apiResource, parseInput, readJsonBody } from "~/http/api.server";
import { requireSeller } from "~/http/guards.server";
import { categoryPatchSchema } from "~/schemas/catalogue-admin";

/** PATCH/DELETE /api/v1/shop/categories/{slug}/ for the shop's seller. */
const api = apiResource({
  async PATCH({ request, params, context }) {
    const { shop } = await requireSeller(context);
    const input = parseInput(categoryPatchSchema, await readJsonBody(request));
    const category = await updateCategory(shop.id, params.slug ?? "", input);
    return { slug: category.slug, name: category.name };
  },
  async DELETE({ params, context }) {
    await deleteCategory((await requireSeller(context)).shop.id, params.slug ?? "");
    return null;
  },
});

export const loader = api.loader;
export const action = api.action;
