import { listShopCategories } from "~/domain/catalogue/products.server";
import { apiResource } from "~/http/api.server";
import { requireShop } from "~/middleware/site.server";

const api = apiResource({
  GET({ context }) {
    const shop = requireShop(context);
    const results = listShopCategories(shop.id);
    return { count: results.length, next: null, previous: null, results };
  },
});

export const loader = api.loader;
export const action = api.action;
