import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { ValidationError, type FieldErrors } from "~/domain/errors.server";
import type { ProductOption } from "~/lib/stock-kinds";
import { preparedRead, type Transaction } from "~db/client";
import { productVariants, products, type Product, type ProductVariant } from "~db/schema";

/** "M / Blue": a variant's values in the product's option order ("" for the variant without options). */
export function variantName(options: Record<string, string>, productOptions: ProductOption[]): string {
  return productOptions
    .map((option) => options[option.name])
    .filter((value): value is string => Boolean(value))
    .join(" / ");
}

/**
 * A variant's options in the product's option order: PostgreSQL's jsonb reads an object back
 * with its keys sorted (shorter first), SQLite's text as written.
 */
export function orderedVariantOptions(options: Record<string, string>, productOptions: ProductOption[]): Record<string, string> {
  return Object.fromEntries(
    productOptions.filter((option) => Object.hasOwn(options, option.name)).map((option) => [option.name, options[option.name]!]),
  );
}

// The editor builds the same keys in the browser: one definition, in lib.
export { optionKey } from "~/lib/variant-options";

/** What an order line names: a product, and its variant when it has options. */
export type OrderLineInput = { productId: number; variantId?: number | null; quantity: number };

/** An order line checked against the catalogue: what it costs and what it takes from stock. */
export type ResolvedLine = {
  index: number;
  product: Product;
  variant: ProductVariant;
  variantName: string;
  unitPriceCents: number;
  quantity: number;
};

const liveProductOfShop = preparedRead("live_product_of_shop", (db) =>
  db
    .select()
    .from(products)
    .where(and(eq(products.shopId, sql.placeholder("shopId")), eq(products.id, sql.placeholder("productId")), isNull(products.archivedAt))),
);
const liveVariantsOfProduct = preparedRead("live_variants_of_product", (db) =>
  db
    .select()
    .from(productVariants)
    .where(
      and(
        eq(productVariants.productId, sql.placeholder("productId")),
        eq(productVariants.shopId, sql.placeholder("shopId")),
        isNull(productVariants.archivedAt),
      ),
    ),
);

/**
 * Order lines against the shop's live catalogue, in the creating transaction: each names a
 * live product of the shop, and a live variant of it when the product has options (refused
 * when it has none: the product itself is the line). A variant's own price replaces the
 * product's. Errors name each bad line (`items.N.product`, `items.N.variant`).
 */
export async function resolveOrderLines(tx: Transaction, shopId: number, lines: OrderLineInput[]): Promise<ResolvedLine[]> {
  const productIds = [...new Set(lines.map((l) => l.productId))];
  if (productIds.length === 0) return [];
  // One product (a drop's every order): its two reads built once.
  const [found, variants] = await Promise.all(
    productIds.length === 1
      ? [liveProductOfShop({ shopId, productId: productIds[0] }), liveVariantsOfProduct({ shopId, productId: productIds[0] })]
      : [
          tx
            .select()
            .from(products)
            .where(and(eq(products.shopId, shopId), inArray(products.id, productIds), isNull(products.archivedAt))),
          tx
            .select()
            .from(productVariants)
            .where(
              and(inArray(productVariants.productId, productIds), eq(productVariants.shopId, shopId), isNull(productVariants.archivedAt)),
            ),
        ],
  );
  const productById = new Map(found.map((p) => [p.id, p]));
  const errors: FieldErrors = {};
  const resolved: ResolvedLine[] = [];
  lines.forEach((line, index) => {
    const product = productById.get(line.productId);
    if (!product) {
      errors[`items.${index}.product`] = ["checkout.errors.product_not_found"];
      return;
    }
    const own = variants.filter((v) => v.productId === product.id);
    const hasOptions = product.options.length > 0;
    const chosen = line.variantId ?? null;
    let variant: ProductVariant | undefined;
    if (!hasOptions) {
      if (chosen !== null) {
        errors[`items.${index}.variant`] = ["stock.errors.no_variants"];
        return;
      }
      variant = own[0];
    } else if (chosen === null) {
      errors[`items.${index}.variant`] = ["stock.errors.variant_required"];
      return;
    } else {
      variant = own.find((v) => v.id === chosen);
    }
    if (!variant) {
      errors[`items.${index}.variant`] = ["stock.errors.variant_not_found"];
      return;
    }
    resolved.push({
      index,
      product,
      variant,
      variantName: variantName(variant.options, product.options),
      unitPriceCents: variant.priceCents ?? product.priceCents,
      quantity: line.quantity,
    });
  });
  if (Object.keys(errors).length > 0) {
    const productMissing = Object.keys(errors).some((k) => k.endsWith(".product"));
    throw new ValidationError(productMissing ? "checkout.errors.product_not_found" : "stock.errors.variant_invalid", errors);
  }
  return resolved;
}
