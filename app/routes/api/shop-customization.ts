import { customizationResource, publicCustomizationResource, updateCustomization } from "~/domain/shops/customization.server";
import { NotFoundError, ValidationError } from "~/domain/errors.server";
import { apiResource, parseInput, readJsonBody } from "~/http/api.server";
import { requireSeller } from "~/http/guards.server";
import { formFieldsAndFile } from "~/http/multipart.server";
import { getLocale } from "~/middleware/i18n.server";
import { hostShop, siteUrl } from "~/middleware/site.server";
import { customizationSchema } from "~/schemas/customization";

/**
 * /api/v1/customer/shop/customization/ (GET, the seller's shop),
 * .../customization/update/ (PUT, multipart or JSON), .../customization/public/ (GET, shop host).
 */
const api = apiResource({
  async GET({ params, context }) {
    const origin = siteUrl(context);
    if (params.part === "public") return publicCustomizationResource(hostShop(context), getLocale(context), origin);
    if (params.part) throw new NotFoundError("errors.api_not_found");
    return customizationResource((await requireSeller(context)).shop, origin);
  },
  async PUT({ request, params, context }) {
    if (params.part !== "update") throw new NotFoundError("errors.api_not_found");
    const { user } = await requireSeller(context);
    let fields: Record<string, unknown>;
    let file: Uint8Array | null = null;
    if ((request.headers.get("Content-Type") ?? "").includes("json")) {
      fields = await readJsonBody(request);
    } else {
      const formData = await request.formData().catch(() => {
        throw new ValidationError("errors.malformed_form");
      });
      ({ fields, file } = await formFieldsAndFile(formData, "shop_logo"));
    }
    const input = parseInput(customizationSchema, fields);
    const { shop, removedCss } = await updateCustomization(user.id, input, file ? { bytes: file } : null);
    return { ...customizationResource(shop, siteUrl(context)), custom_css_removed: removedCss };
  },
});

export const loader = api.loader;
export const action = api.action;
