import { apiResource, pageLinks, parseInput } from "~/http/api.server";
import { assertPageExists, listShopProducts, productResource } from "~/domain/catalogue/products.server";
import { requireShop } from "~/middleware/site.server";
import { productListQuerySchema, searchParamsObject } from "~/schemas/catalogue";

const api = apiResource({
  GET({ request, context }) {
    const shop = requireShop(context);
    const url = new URL(request.url);
    const query = parseInput(productListQuerySchema, searchParamsObject(url.searchParams));
    const { items, count } = listShopProducts(shop.id, query);
    assertPageExists(query.page, query.page_size, count);
    return {
      count,
      ...pageLinks(url, query.page, query.page_size, count),
      results: items.map((item) => productResource(item, shop.currency, url.origin)),
    };
  },
});

export const loader = api.loader;
export const action = api.action;
