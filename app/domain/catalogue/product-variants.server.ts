import { and, eq, inArray, isNull } from "drizzle-orm";
import { ValidationError, type FieldErrors } from "~/domain/errors.server";
import { writeStockChange } from "~/domain/stock/stock.server";
import { messageKey } from "~/lib/messages";
import { MAX_PRODUCT_OPTIONS, MAX_PRODUCT_VARIANTS, type ProductOption } from "~/lib/stock-kinds";
import { optionKey, VARIANT_LIMITS } from "~/lib/variant-options";
import type { VariantInput } from "~/schemas/product-variants";
import type { Transaction } from "~db/client";
import { orderItems, productVariants, stockMovements } from "~db/schema";

/**
 * A product's variants as the seller gives them (issue 27, docs/stock.md): the combinations
 * of up to three options, each with its own stock, SKU and price. The product's `options`
 * are derived from them; on an update, variants are matched by their combination.
 */

/** A variant checked: its options spelled as the product's, and the key of its combination. */
export type CheckedVariant = VariantInput & { key: string };
export type CheckedVariants = { options: ProductOption[]; variants: CheckedVariant[] };

const spelling = (text: string) => text.trim().toLowerCase();

/**
 * Checks a product's variants and derives its options (names in first-seen order, values in
 * first-seen order, the first spelling kept when only the case differs): at most three
 * options, names and values non-empty, every variant naming exactly the product's options,
 * no combination twice, stock a whole number from 0 (or null: not tracked), at most 100.
 * Errors name the variant (`variants.N.options`, `variants.N.stock`, ...).
 */
export function checkVariants(input: VariantInput[]): CheckedVariants {
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => void (errors[field] ??= []).push(message);
  if (input.length > MAX_PRODUCT_VARIANTS) {
    throw new ValidationError("errors.validation", { variants: [messageKey("variants.errors.too_many", { max: MAX_PRODUCT_VARIANTS })] });
  }
  const names = new Map<string, string>();
  const values = new Map<string, Map<string, string>>();
  let tooManyHere = false;
  // First pass: the options' names and values, in the order they come.
  input.forEach((variant, index) => {
    const field = `variants.${index}.options`;
    const entries = Object.entries(variant.options).map(([name, value]) => [name.trim(), value.trim()] as const);
    if (entries.length === 0) fail(field, "variants.errors.options_required");
    if (entries.length > MAX_PRODUCT_OPTIONS) {
      fail(field, messageKey("variants.errors.too_many_options", { max: MAX_PRODUCT_OPTIONS }));
      tooManyHere = true;
    }
    const seenHere = new Set<string>();
    for (const [name, value] of entries) {
      if (!name || !value) fail(field, "variants.errors.option_empty");
      else if (name.length > VARIANT_LIMITS.optionName || value.length > VARIANT_LIMITS.optionValue) {
        fail(field, messageKey("variants.errors.option_too_long", { max: VARIANT_LIMITS.optionValue }));
      } else if (seenHere.has(spelling(name))) fail(field, "variants.errors.option_twice");
      else {
        seenHere.add(spelling(name));
        if (!names.has(spelling(name))) names.set(spelling(name), name);
        const known = values.get(spelling(name)) ?? new Map<string, string>();
        if (!known.has(spelling(value))) known.set(spelling(value), value);
        values.set(spelling(name), known);
      }
    }
    if (variant.stock != null && (!Number.isInteger(variant.stock) || variant.stock < 0 || variant.stock > VARIANT_LIMITS.stock)) {
      fail(`variants.${index}.stock`, "variants.errors.stock_invalid");
    }
    if (
      variant.priceCents != null &&
      (!Number.isInteger(variant.priceCents) || variant.priceCents <= 0 || variant.priceCents > 10_000_000)
    ) {
      fail(`variants.${index}.price`, "catalogue.errors.price_invalid");
    }
  });
  // Too many options between the variants, none of which has too many itself.
  if (names.size > MAX_PRODUCT_OPTIONS && !tooManyHere)
    fail("variants", messageKey("variants.errors.too_many_options", { max: MAX_PRODUCT_OPTIONS }));
  if (Object.keys(errors).length > 0) throw new ValidationError("errors.validation", errors);

  const options: ProductOption[] = [...names].map(([key, name]) => ({ name, values: Array.from(values.get(key)!, ([, value]) => value) }));
  const keys = new Set<string>();
  const variants = input.map((variant, index): CheckedVariant => {
    const own = new Map(Object.entries(variant.options).map(([name, value]) => [spelling(name), value]));
    const field = `variants.${index}.options`;
    if (own.size !== names.size || [...names.keys()].some((name) => !own.has(name))) {
      fail(field, messageKey("variants.errors.options_mismatch", { names: options.map((o) => o.name).join(", ") }));
    }
    // The product's spelling of each name and value, in the product's order.
    const spelled: Record<string, string> = {};
    for (const [key, name] of names) {
      const value = own.get(key);
      if (value !== undefined) spelled[name] = values.get(key)!.get(spelling(value))!;
    }
    const key = optionKey(spelled);
    if (keys.has(key)) fail(field, "variants.errors.duplicate");
    keys.add(key);
    return { ...variant, options: spelled, key };
  });
  if (Object.keys(errors).length > 0) throw new ValidationError("errors.validation", errors);
  return { options, variants };
}

/** The variant a product without options has: no options, the product's own stock. */
export function defaultVariant(stock: number | null | undefined): CheckedVariant {
  const variant: CheckedVariant = { options: {}, key: "" };
  if (stock !== undefined) variant.stock = stock;
  return variant;
}

/**
 * Makes the product's variants the `wanted` ones, in that order, in the caller's
 * transaction: an existing combination (archived ones included) is updated, a new one
 * inserted, a missing one deleted, or archived when an order names it (its history stays).
 * Stock goes through the seller's rule (`writeStockChange`: never below the units held,
 * recorded as a manual change). Returns the live variants, and those whose stock was set.
 */
export async function writeVariants(
  tx: Transaction,
  args: {
    shopId: number;
    productId: number;
    wanted: CheckedVariant[];
    actorUserId: number | null;
    now: Date;
    stockField?: (index: number) => string;
  },
): Promise<{ live: number[]; stockSet: number[] }> {
  const { shopId, productId, now } = args;
  const existing = await tx.select().from(productVariants).where(eq(productVariants.productId, productId));
  const byKey = new Map(existing.map((v) => [v.optionKey, v]));
  const wantedKeys = new Set(args.wanted.map((v) => v.key));
  const gone = existing.filter((v) => v.archivedAt === null && !wantedKeys.has(v.optionKey));
  if (gone.length > 0) {
    const orderedRows = await tx
      .selectDistinct({ id: orderItems.variantId })
      .from(orderItems)
      .where(
        inArray(
          orderItems.variantId,
          gone.map((v) => v.id),
        ),
      );
    const ordered = new Set(orderedRows.map((r) => r.id));
    const archive = gone.filter((v) => ordered.has(v.id)).map((v) => v.id);
    const remove = gone.filter((v) => !ordered.has(v.id)).map((v) => v.id);
    if (archive.length > 0)
      await tx.update(productVariants).set({ archivedAt: now, updatedAt: now }).where(inArray(productVariants.id, archive));
    if (remove.length > 0) await tx.delete(productVariants).where(inArray(productVariants.id, remove));
  }
  const live: number[] = [];
  const stockSet: number[] = [];
  for (const [position, variant] of args.wanted.entries()) {
    const current = byKey.get(variant.key);
    if (!current) {
      const [created] = await tx
        .insert(productVariants)
        .values({
          productId,
          shopId,
          options: variant.options,
          optionKey: variant.key,
          position,
          sku: variant.sku ?? null,
          priceCents: variant.priceCents ?? null,
          stock: variant.stock ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: productVariants.id, stock: productVariants.stock });
      live.push(created!.id);
      if (created!.stock !== null) {
        stockSet.push(created!.id);
        await tx.insert(stockMovements).values({
          shopId,
          productId,
          variantId: created!.id,
          kind: "manual",
          stockDelta: created!.stock,
          stockAfter: created!.stock,
          actorUserId: args.actorUserId,
          createdAt: now,
        });
      }
      continue;
    }
    live.push(current.id);
    await tx
      .update(productVariants)
      .set({ options: variant.options, position, sku: variant.sku, priceCents: variant.priceCents, archivedAt: null, updatedAt: now })
      .where(eq(productVariants.id, current.id));
    if (variant.stock !== undefined && variant.stock !== current.stock) {
      await writeStockChange(tx, {
        shopId,
        productId,
        variant: current,
        change: { set: variant.stock },
        actorUserId: args.actorUserId,
        now,
        field: args.stockField?.(position) ?? `variants.${position}.stock`,
      });
      stockSet.push(current.id);
    }
  }
  return { live, stockSet };
}

/** A product's live variants, in the seller's order. */
export function liveVariants(tx: Transaction, productId: number) {
  return tx
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.archivedAt)))
    .orderBy(productVariants.position, productVariants.id);
}
