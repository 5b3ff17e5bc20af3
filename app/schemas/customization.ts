import { isValidCssColor, normalizeCssColor } from "~/lib/colors";
import { parseAmountToCents } from "~/lib/money";
import { z } from "./zod-messages";

export const MINIMUM_ORDER_FLOOR_CENTS = 500; // the form requires at least 5 € (spec section 5)
export const DEFAULT_MINIMUM_ORDER_CENTS = 1000; // 10 when the seller set none (spec section 9)
export const COLOR_FIELDS = ["primary_color", "secondary_color", "background_color", "text_color"] as const;

const color = z
  .string()
  .trim()
  .refine((v) => v === "" || isValidCssColor(v), "shops.customization.color_invalid")
  .transform((v) => (v === "" ? undefined : (normalizeCssColor(v) ?? undefined)));

/**
 * Shop customization. Every field is optional (absent: unchanged). An empty shop name or
 * colour is skipped; an empty banner, custom CSS or minimum amount clears it.
 */
export const customizationSchema = z.object({
  shop_name: z
    .string()
    .trim()
    .max(100, "shops.customization.name_too_long")
    .optional()
    .transform((v) => (v ? v : undefined)),
  primary_color: color.optional(),
  secondary_color: color.optional(),
  background_color: color.optional(),
  text_color: color.optional(),
  checkout_banner_text_en: z.string().trim().max(200).optional(),
  checkout_banner_text_fr: z.string().trim().max(200).optional(),
  custom_css: z.string().max(20_000).optional(),
  // A string from forms, a number or a string from the API.
  minimum_order_amount: z.coerce
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (v.trim() === "") return null;
      const cents = parseAmountToCents(v.trim());
      if (cents === null) {
        ctx.addIssue({ code: "custom", message: "shops.customization.minimum_invalid" });
        return z.NEVER;
      }
      if (cents < MINIMUM_ORDER_FLOOR_CENTS) {
        ctx.addIssue({ code: "custom", message: "shops.customization.minimum_too_low" });
        return z.NEVER;
      }
      if (cents > 10_000_000) {
        ctx.addIssue({ code: "custom", message: "shops.customization.minimum_too_high" });
        return z.NEVER;
      }
      return cents;
    }),
  remove_logo: z
    .enum(["on", "true", "1"])
    .optional()
    .transform((v) => v !== undefined),
});
export type CustomizationInput = z.output<typeof customizationSchema>;
