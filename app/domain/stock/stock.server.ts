import { and, eq, gte, sql } from "drizzle-orm";
import { ConflictError, NotFoundError, ValidationError } from "~/domain/errors.server";
import { messageKey } from "~/lib/messages";
import { VARIANT_LIMITS } from "~/lib/variant-options";
import { writeTransaction, type Transaction } from "~db/client";
import { productVariants, products, stockMovements, type ProductVariant } from "~db/schema";
import { lockShopsForStock, noteStockChange, sweepExpiredHolds } from "./holds.server";
import { offerFreedUnits } from "./waitlist.server";

/** A seller's change of a variant's stock: add or remove units, or set the count. */
export type StockChange = { variantId?: number | null; adjust: number } | { variantId?: number | null; set: number };

/** The figures after a change (the API's answer and the screen's). */
export type StockFigures = { variantId: number; stock: number; reserved: number; available: number };

/**
 * The seller adds or removes units, or sets the count ("found 3 more in the back room").
 * The change is refused (409) when it would leave fewer units than are held for unpaid
 * orders: those are the shoppers'. Setting a count on an untracked variant starts tracking
 * it. Recorded in the stock history with who; units that came back go to the waitlist.
 */
export async function changeStock(shopId: number, productId: number, change: StockChange, actorUserId: number): Promise<StockFigures> {
  const now = new Date();
  const figures = await writeTransaction(async (tx) => {
    await lockShopsForStock(tx, [shopId]);
    const variants = await tx
      .select({ variant: productVariants, options: products.options })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(and(eq(productVariants.productId, productId), eq(productVariants.shopId, shopId), sql`${productVariants.archivedAt} is null`));
    if (variants.length === 0) throw new NotFoundError("catalogue.errors.product_not_found");
    const hasOptions = variants[0]!.options.length > 0;
    const chosen = change.variantId ?? null;
    if (hasOptions && chosen === null) throw new ValidationError("errors.validation", { variant: ["stock.errors.variant_required"] });
    if (!hasOptions && chosen !== null) throw new ValidationError("errors.validation", { variant: ["stock.errors.no_variants"] });
    const row = hasOptions ? variants.find((v) => v.variant.id === chosen) : variants[0];
    if (!row) throw new ValidationError("errors.validation", { variant: ["stock.errors.variant_not_found"] });
    const variant = row.variant;
    if ("adjust" in change && variant.stock === null) {
      throw new ConflictError("stock.errors.not_tracked", { adjust: ["stock.errors.not_tracked"] });
    }
    if ("set" in change && (!Number.isInteger(change.set) || change.set < 0)) {
      throw new ValidationError("errors.validation", { set: ["stock.errors.stock_invalid"] });
    }
    const updated = await writeStockChange(tx, { shopId, productId, variant, change, actorUserId, now });
    await noteStockChange(tx, [variant.id], now);
    return { variantId: variant.id, stock: updated.stock!, reserved: updated.reserved, available: updated.stock! - updated.reserved };
  });
  await offerFreedUnits([figures.variantId], now);
  return figures;
}

/** The background sweep: holds past their end are released, and their units offered to the waitlist. */
export async function releaseUnitsOfExpiredHolds(now: Date): Promise<void> {
  const variantIds = await sweepExpiredHolds(now);
  await offerFreedUnits(variantIds, now);
}

/**
 * Writes one change of a variant's stock by its seller, in the caller's transaction (the
 * stock endpoint, the product editor's save): one conditional statement, so a hold taken
 * meanwhile on another node is counted and the stock never goes below the units held (409,
 * naming `field`), then the manual movement of the stock history. `set: null` stops counting
 * the variant's stock (it sells without limit). A stock beyond VARIANT_LIMITS.stock is refused
 * (a typo; sums would overflow PostgreSQL's integer).
 */
export async function writeStockChange(
  tx: Transaction,
  args: {
    shopId: number;
    productId: number;
    variant: ProductVariant;
    change: { adjust: number } | { set: number | null };
    actorUserId: number | null;
    now: Date;
    field?: string;
  },
): Promise<ProductVariant> {
  const { variant, change, now } = args;
  const field = args.field ?? ("set" in change ? "set" : "adjust");
  const target = "set" in change ? change.set : (variant.stock ?? 0) + change.adjust;
  if (target !== null && target > VARIANT_LIMITS.stock) {
    throw new ValidationError("errors.validation", {
      [field]: [messageKey("variants.errors.stock_too_high", { max: VARIANT_LIMITS.stock })],
    });
  }
  const [updated] = await tx
    .update(productVariants)
    .set({ stock: "set" in change ? change.set : sql`${productVariants.stock} + ${change.adjust}`, updatedAt: now })
    .where(
      and(
        eq(productVariants.id, variant.id),
        "set" in change
          ? change.set === null
            ? undefined
            : gte(sql`${change.set}`, productVariants.reserved)
          : sql`${productVariants.stock} + ${change.adjust} >= ${productVariants.reserved}`,
      ),
    )
    .returning();
  if (!updated) {
    throw new ConflictError(
      "stock.errors.below_held",
      { [field]: [`stock.errors.below_held?held=${variant.reserved}`] },
      { held: variant.reserved },
    );
  }
  await tx.insert(stockMovements).values({
    shopId: args.shopId,
    productId: args.productId,
    variantId: variant.id,
    kind: "manual",
    stockDelta: (updated.stock ?? 0) - (variant.stock ?? 0),
    stockAfter: updated.stock,
    actorUserId: args.actorUserId,
    createdAt: now,
  });
  return updated;
}
