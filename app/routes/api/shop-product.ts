import { deleteProduct, getSellerProduct, updateProduct } from "~/domain/catalogue/manage.server";
import { sellerProductResource, withStock } from "~/domain/catalogue/products.server";
import { NotFoundError } from "~/domain/errors.server";
import { apiResource, parseInput } from "~/http/api.server";
import { parsePathId } from "~/lib/path-id";
import { readFieldsAndFile } from "~/http/multipart.server";
import { requireSeller } from "~/http/guards.server";
import { siteUrl } from "~/middleware/site.server";
import { productPatchSchema } from "~/schemas/catalogue-admin";

/** GET/PATCH/DELETE /api/v1/shop/products/{id}/ for the shop's seller (multipart with `image`, or JSON). */
function productId(value: string | undefined): number {
  const id = parsePathId(value);
  if (id === null) throw new NotFoundError("catalogue.errors.product_not_found");
  return id;
}

const api = apiResource({
  async GET({ params, context }) {
    const { shop } = await requireSeller(context);
    const [product] = await withStock([await getSellerProduct(shop.id, productId(params.id))]);
    return sellerProductResource(product!, shop.currency, siteUrl(context));
  },
  async PATCH({ request, params, context }) {
    const { shop, user } = await requireSeller(context);
    const { fields, file } = await readFieldsAndFile(request, "image");
    const input = parseInput(productPatchSchema, fields);
    const [product] = await withStock([await updateProduct(shop.id, productId(params.id), input, file, user.id)]);
    return sellerProductResource(product!, shop.currency, siteUrl(context));
  },
  async DELETE({ params, context }) {
    const { shop } = await requireSeller(context);
    const { archived } = await deleteProduct(shop.id, productId(params.id));
    return archived ? { archived: true } : null;
  },
});

export const loader = api.loader;
export const action = api.action;
