import { apiResource, pageLinks, parseInput } from "~/http/api.server";
import { createProduct } from "~/domain/catalogue/manage.server";
import { assertPageExists, listShopProducts, productResource, sellerProductResource, withStock } from "~/domain/catalogue/products.server";
import { readFieldsAndFile } from "~/http/multipart.server";
import { requireSeller } from "~/http/guards.server";
import { productInputSchema } from "~/schemas/catalogue-admin";
import { hostShop, siteContext, siteUrl } from "~/middleware/site.server";
import { productListQuerySchema, searchParamsObject } from "~/schemas/catalogue";

const api = apiResource({
  async GET({ request, context }) {
    // On a shop host: its live catalogue. On the main host: the signed-in seller's own
    // catalogue (session or API key), archived products included and flagged.
    const ownCatalogue = context.get(siteContext).kind === "main";
    const shop = ownCatalogue ? (await requireSeller(context)).shop : hostShop(context);
    const url = new URL(request.url);
    const query = parseInput(productListQuerySchema, searchParamsObject(url.searchParams));
    const { items, count } = await listShopProducts(shop.id, query, { includeArchived: ownCatalogue });
    assertPageExists(query.page, query.pageSize, count);
    return {
      count,
      ...pageLinks(siteUrl(context), url, query.page, query.pageSize, count),
      results: (await withStock(items)).map((item) =>
        (ownCatalogue ? sellerProductResource : productResource)(item, shop.currency, siteUrl(context)),
      ),
    };
  },
  /** The shop's seller adds a product (multipart with `image`, or JSON with its `stock` or `variants`). */
  async POST({ request, context }) {
    const { shop, user } = await requireSeller(context);
    const { fields, file } = await readFieldsAndFile(request, "image");
    const input = parseInput(productInputSchema, fields);
    const [product] = await withStock([await createProduct(shop.id, input, file, user.id)]);
    return Response.json(sellerProductResource(product!, shop.currency, siteUrl(context)), { status: 201 });
  },
});

export const loader = api.loader;
export const action = api.action;
