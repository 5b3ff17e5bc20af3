import { customizationResource, publicCustomizationResource, updateCustomization } from "~/domain/shops/customization.server";
import { ValidationError } from "~/domain/errors.server";
import { apiEndpoints, parseInput, readJsonBody } from "~/http/api.server";
import { requireSeller } from "~/http/guards.server";
import { formFieldsAndFile } from "~/http/multipart.server";
import { getLocale } from "~/middleware/i18n.server";
import { hostShop, siteUrl } from "~/middleware/site.server";
import { customizationSchema } from "~/schemas/customization";

/**
 * /api/v1/customer/shop/customization/ (GET, the seller's shop),
 * .../customization/update/ (PUT, multipart or JSON), .../customization/public/ (GET, shop host).
 */
const api = apiEndpoints(
  (params) => (params.part === undefined ? "settings" : params.part === "update" || params.part === "public" ? params.part : null),
  {
    settings: {
      async GET({ context }) {
        return customizationResource((await requireSeller(context)).shop, siteUrl(context));
      },
    },
    public: {
      GET({ context }) {
        return publicCustomizationResource(hostShop(context), getLocale(context), siteUrl(context));
      },
    },
    update: {
      async PUT({ request, context }) {
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
    },
  },
);

export const loader = api.loader;
export const action = api.action;
