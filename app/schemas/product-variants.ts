import { messageKey } from "~/lib/messages";
import { MAX_PRODUCT_VARIANTS } from "~/lib/stock-kinds";
import { VARIANT_LIMITS } from "~/lib/variant-options";
import { priceCents } from "./price";
import { z } from "./zod-messages";

/** A whole number from a JSON number or a form's text ("12", "-3"); null when it is not one. */
function wholeNumber(value: number | string): number | null {
  if (typeof value === "number") return Number.isInteger(value) ? value : null;
  const text = value.trim();
  return /^[+-]?\d{1,12}$/.test(text) ? Number(text) : null;
}

/**
 * A stock quantity: a whole number from 0 to a million, or null (also "" from a form): not
 * tracked, sells without limit.
 */
export const stockValueSchema = z
  .union([z.number(), z.string(), z.null()], { error: "variants.errors.stock_invalid" })
  .transform((value, ctx) => {
    if (value === null || (typeof value === "string" && value.trim() === "")) return null;
    const units = wholeNumber(value);
    if (units === null || units < 0 || units > VARIANT_LIMITS.stock) {
      ctx.addIssue({ code: "custom", message: "variants.errors.stock_invalid" });
      return z.NEVER;
    }
    return units;
  });

/** A variant as the catalogue domain takes it; a field left out is unchanged (an existing variant) or empty (a new one). */
export type VariantInput = {
  options: Record<string, string>;
  sku?: string | null;
  /** Replaces the product's price; null: the product's. */
  priceCents?: number | null;
  stock?: number | null;
};

const optionText = z.union([z.string(), z.number()], { error: "variants.errors.options_invalid" }).transform(String);

/** One variant of `variants` (API): `{"options": {"Size": "M"}, "sku": "TS-M", "price": "21.00", "stock": 5}`. */
export const variantInputSchema = z
  .object({
    options: z.record(z.string(), optionText, { error: "variants.errors.options_invalid" }),
    sku: z
      .string()
      .trim()
      .max(VARIANT_LIMITS.sku)
      .nullable()
      .optional()
      .transform((v) => (v === undefined ? undefined : v || null)),
    price: z
      .union([z.number(), z.string(), z.null()], { error: "catalogue.errors.price_invalid" })
      .optional()
      .transform((value, ctx) => {
        if (value === undefined) return undefined;
        if (value === null || (typeof value === "string" && value.trim() === "")) return null;
        const cents = priceCents(value);
        if (cents === null) {
          ctx.addIssue({ code: "custom", message: "catalogue.errors.price_invalid" });
          return z.NEVER;
        }
        return cents;
      }),
    stock: stockValueSchema.optional(),
  })
  .transform((v): VariantInput => {
    const variant: VariantInput = { options: v.options };
    if (v.sku !== undefined) variant.sku = v.sku;
    if (v.price !== undefined) variant.priceCents = v.price;
    if (v.stock !== undefined) variant.stock = v.stock;
    return variant;
  });

export const variantListSchema = z
  .array(variantInputSchema, { error: "variants.errors.variants_invalid" })
  .max(MAX_PRODUCT_VARIANTS, messageKey("variants.errors.too_many", { max: MAX_PRODUCT_VARIANTS }));

/** The seller's change of one variant's stock, as the domain's `changeStock` takes it. */
export type StockChangeInput = { variantId: number | null; adjust: number } | { variantId: number | null; set: number };

const units = (message: string, accept: (n: number) => boolean) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const n = wholeNumber(value);
    if (n === null || !accept(n)) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return n;
  });

/**
 * POST /api/v1/shop/products/{id}/stock/ and the editor's quick buttons: `{"variant": id?,
 * "adjust": +N|-N}` or `{"variant": id?, "set": N}`, exactly one of the two.
 */
export const stockChangeSchema = z
  .object({
    variant: z
      .union([z.number(), z.string(), z.null()], { error: "variants.errors.variant_invalid" })
      .optional()
      .transform((value, ctx) => {
        if (value === undefined || value === null || value === "") return null;
        const id = wholeNumber(value);
        if (id === null || id <= 0 || id > 2_147_483_647) {
          ctx.addIssue({ code: "custom", message: "variants.errors.variant_invalid" });
          return z.NEVER;
        }
        return id;
      }),
    adjust: units("variants.errors.adjust_invalid", (n) => n !== 0 && Math.abs(n) <= VARIANT_LIMITS.stock).optional(),
    set: units("variants.errors.stock_invalid", (n) => n >= 0 && n <= VARIANT_LIMITS.stock).optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.adjust === undefined) === (value.set === undefined)) {
      ctx.addIssue({ code: "custom", message: "variants.errors.adjust_or_set", path: [] });
    }
  })
  .transform((value): StockChangeInput =>
    value.adjust !== undefined ? { variantId: value.variant, adjust: value.adjust } : { variantId: value.variant, set: value.set! },
  );
