import { messageKey } from "~/lib/messages";
import { MAX_PRODUCT_OPTIONS, MAX_PRODUCT_VARIANTS, type ProductOption } from "~/lib/stock-kinds";
import { optionCombinations, optionKey, splitOptionValues, VARIANT_LIMITS } from "~/lib/variant-options";
import { productBaseSchema, productInputOf, type ProductInput } from "./catalogue-admin";
import { z } from "./zod-messages";

/**
 * The product editor's form (dashboard/product-edit.tsx). Besides the product's own fields,
 * it names its options as typed (`options[i].name`, `options[i].values`: "S, M, L") and the
 * grid of variants they make (`variants[i].key` and its stock, price, SKU). Its texts are
 * read as they are here; `productFormPlan` turns them into the API's `stock` and `variants`,
 * which the same schema as the API's then checks.
 */

/** A variant's stock as the grid showed it: "none" when not counted (the field was empty). */
export const STOCK_NOT_COUNTED = "none";

const text = (max: number) => z.string().max(max).optional();

export const productFormSchema = productBaseSchema
  .extend({
    stock: text(20),
    stock_was: text(20),
    options: z
      .array(z.object({ name: text(200), values: text(2000) }))
      .max(MAX_PRODUCT_OPTIONS)
      .optional(),
    variants: z
      .array(z.object({ key: text(400), stock: text(20), stock_was: text(20), price: text(20), sku: text(200) }))
      .max(MAX_PRODUCT_VARIANTS)
      .optional(),
    preview: text(10),
  })
  .transform(({ stock, stock_was, options, variants, preview, ...fields }) => ({
    product: productInputOf(fields),
    stock,
    stockWas: stock_was,
    options: options ?? [],
    rows: variants ?? [],
    preview: preview !== undefined,
  }));

export type ProductForm = z.output<typeof productFormSchema>;

/** The options the form names: the filled slots, values split at commas; errors per slot. */
export function formOptions(slots: ProductForm["options"]): { options: ProductOption[]; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const options: ProductOption[] = [];
  const names = new Set<string>();
  slots.forEach((slot, index) => {
    const name = (slot?.name ?? "").trim();
    const values = splitOptionValues(slot?.values ?? "");
    if (!name && values.length === 0) return;
    if (!name) errors[`options.${index}.name`] = ["variants.errors.option_name_required"];
    else if (name.length > VARIANT_LIMITS.optionName) {
      errors[`options.${index}.name`] = [messageKey("variants.errors.option_too_long", { max: VARIANT_LIMITS.optionName })];
    } else if (names.has(name.toLowerCase())) errors[`options.${index}.name`] = ["variants.errors.option_name_taken"];
    if (values.length === 0) errors[`options.${index}.values`] = ["variants.errors.option_values_required"];
    else if (values.some((v) => v.length > VARIANT_LIMITS.optionValue)) {
      errors[`options.${index}.values`] = [messageKey("variants.errors.option_too_long", { max: VARIANT_LIMITS.optionValue })];
    }
    names.add(name.toLowerCase());
    options.push({ name, values });
  });
  return { options, errors };
}

/** A stock field's text against what the page showed: unchanged (undefined), or the new text (null: emptied). */
function stockTyped(stock: string | undefined, was: string | undefined): string | null | undefined {
  if (was === undefined) return stock ?? null;
  const shown = was === STOCK_NOT_COUNTED ? "" : was;
  return (stock ?? "").trim() === shown ? undefined : (stock ?? null);
}

/** What a save asks of the stock: the API's `stock` and `variants` fields, still as typed. */
export type FormStockFields = {
  stock?: string | null;
  variants?: { options: Record<string, string>; sku: string | null; price: string | null; stock?: string | null }[];
};

/**
 * What a save of the editor does: `errors` on the options typed; `preview` when the grid
 * sent is not the one the options make (a browser without JavaScript shows the new grid first:
 * nothing is saved); else the stock fields. A stock left as the page showed it is not sent, so
 * a change made meanwhile (a sale, the quick buttons) is not overwritten.
 */
export function productFormPlan(
  form: ProductForm,
  current: { hasOptions: boolean },
): { errors: Record<string, string[]>; preview: boolean; fields: FormStockFields; input: ProductInput } {
  const { options, errors } = formOptions(form.options);
  const combinations = optionCombinations(options);
  const rows = form.rows;
  const gridChanged = combinations.length !== rows.length || combinations.some((c, i) => optionKey(c) !== (rows[i]?.key ?? ""));
  const fields: FormStockFields = {};
  if (combinations.length === 0) {
    const stock = stockTyped(form.stock, form.stockWas);
    if (stock !== undefined) fields.stock = stock;
    if (current.hasOptions) fields.variants = [];
  } else {
    fields.variants = combinations.map((combination, i) => {
      const row = rows[i];
      const stock = stockTyped(row?.stock, row?.stock_was);
      return { options: combination, sku: row?.sku ?? null, price: row?.price ?? null, ...(stock !== undefined ? { stock } : {}) };
    });
  }
  return { errors, preview: form.preview || gridChanged, fields, input: form.product };
}
