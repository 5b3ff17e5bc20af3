import { priceCents } from "./price";
import { stockValueSchema, variantListSchema, type VariantInput } from "./product-variants";
import { z } from "./zod-messages";

const flag = z
  .union([z.boolean(), z.enum(["on", "true", "false", "1", "0"])])
  .transform((v) => v === true || v === "on" || v === "true" || v === "1");

/** A product's fields as the seller's form and the API name them. */
const productFields = {
  name: z
    .string({ error: "catalogue.errors.name_required" })
    .trim()
    .min(1, "catalogue.errors.name_required")
    .max(120, "catalogue.errors.name_too_long"),
  description: z
    .string()
    .trim()
    .max(2000, "catalogue.errors.description_too_long")
    .optional()
    .transform((v) => v ?? ""),
  // A string from forms, a number or a string from the API.
  price: z.union([z.string(), z.number()], { error: "catalogue.errors.price_invalid" }).transform((value, ctx) => {
    const cents = priceCents(value);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: "catalogue.errors.price_invalid" });
      return z.NEVER;
    }
    return cents;
  }),
  is_in_stock: flag.optional(),
  // Its short code for claims in a live's chat ("SOLD A7 M"): letters and digits, any case
  // (kept in capitals); empty or null, none.
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{0,8}$/, "catalogue.errors.code_invalid")
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v.toUpperCase() : null)),
  category: z
    .string()
    .trim()
    .max(60)
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null)),
  remove_image: flag.optional(),
};

/**
 * The product's stock and variants (issue 27), as the API takes them: `stock` is the product's
 * own (without options), `variants` the combinations of its options. The screen's form names
 * them otherwise (product-variants.ts) and is mapped to these.
 */
export const productStockFields = {
  stock: stockValueSchema.optional(),
  variants: variantListSchema.optional(),
};

/** What the catalogue domain takes to create or change a product; the form's names stop at this schema. */
export type ProductInput = {
  name: string;
  description: string;
  priceCents: number;
  /** Absent: unchanged (in stock when creating). */
  isInStock?: boolean;
  /** Absent: unchanged; null: no category. */
  categorySlug?: string | null;
  /** Absent: unchanged (none when creating); null: none. In capitals. */
  code?: string | null;
  removeImage?: boolean;
  /** The units of a product without options: absent, unchanged (not tracked when creating); null, not tracked. */
  stock?: number | null;
  /** Absent: unchanged; [] or absent when creating: no options (one variant, `stock`). */
  variants?: VariantInput[];
};
export type ProductPatch = Partial<ProductInput>;

type ProductFieldValues = Partial<z.output<z.ZodObject<typeof productFields & typeof productStockFields>>>;
function toProductPatch(fields: ProductFieldValues): ProductPatch {
  const patch: ProductPatch = {
    name: fields.name,
    description: fields.description,
    priceCents: fields.price,
    isInStock: fields.is_in_stock,
    categorySlug: fields.category,
    code: fields.code,
    removeImage: fields.remove_image,
  };
  // Only when sent: a patch without them leaves the stock and the variants alone.
  if (fields.stock !== undefined) patch.stock = fields.stock;
  if (fields.variants !== undefined) patch.variants = fields.variants;
  return patch;
}

/** The product's own fields, as the screen's form validates them (its stock and variants are read apart). */
export const productBaseSchema = z.object(productFields);

/** The product's own fields as the domain names them. */
export function productInputOf(fields: z.output<typeof productBaseSchema>): ProductInput {
  return { ...toProductPatch(fields), name: fields.name, description: fields.description, priceCents: fields.price };
}

/** A product as the seller creates it or saves the whole form (screens and API). */
export const productInputSchema = z.object({ ...productFields, ...productStockFields }).transform((fields): ProductInput => ({
  ...toProductPatch(fields),
  name: fields.name,
  description: fields.description,
  priceCents: fields.price,
}));
/** PATCH /api/v1/shop/products/{id}/: only the fields sent change. */
export const productPatchSchema = z
  .object({ ...productFields, ...productStockFields })
  .partial()
  .transform(toProductPatch);

export const categoryInputSchema = z.object({
  name: z
    .string({ error: "catalogue.errors.category_name_required" })
    .trim()
    .min(1, "catalogue.errors.category_name_required")
    .max(60, "catalogue.errors.category_name_too_long"),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(60, "catalogue.errors.slug_invalid")
    .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, "catalogue.errors.slug_invalid")
    .optional()
    .transform((v) => v || undefined),
});
export const categoryPatchSchema = categoryInputSchema.partial();
