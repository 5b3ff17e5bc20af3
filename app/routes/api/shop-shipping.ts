import { publicShippingRates } from "~/domain/shipping/shipping.server";
import { apiResource, parseInput } from "~/http/api.server";
import { getLocale } from "~/middleware/i18n.server";
import { hostShop } from "~/middleware/site.server";
import { searchParamsObject } from "~/schemas/catalogue";
import { shippingRatesQuerySchema } from "~/schemas/shipping";

/** /api/v1/shop/shipping/?country=FR (shop host, public): the rates offered for that country. */
const api = apiResource({
  GET({ request, context }) {
    const shop = hostShop(context);
    const query = parseInput(shippingRatesQuerySchema, searchParamsObject(new URL(request.url).searchParams));
    return publicShippingRates(shop, query.country, getLocale(context));
  },
});

export const loader = api.loader;
export const action = api.action;
