import { and, eq, gte, sql } from "drizzle-orm";
import { ConflictError, NotFoundError, ValidationError } from "~/domain/errors.server";
import { writeTransaction } from "~db/client";
import { productVariants, products, stockMovements } from "~db/schema";
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
    // One statement: a hold taken meanwhile on another node is counted (never below what is held).
    const [updated] = await tx
      .update(productVariants)
      .set({ stock: "set" in change ? change.set : sql`${productVariants.stock} + ${change.adjust}`, updatedAt: now })
      .where(
        and(
          eq(productVariants.id, variant.id),
          "set" in change
            ? gte(sql`${change.set}`, productVariants.reserved)
            : sql`${productVariants.stock} + ${change.adjust} >= ${productVariants.reserved}`,
        ),
      )
      .returning();
    if (!updated) {
      const field = "set" in change ? "set" : "adjust";
      throw new ConflictError(
        "stock.errors.below_held",
        { [field]: [`stock.errors.below_held?held=${variant.reserved}`] },
        { held: variant.reserved },
      );
    }
    await tx.insert(stockMovements).values({
      shopId,
      productId,
      variantId: variant.id,
      kind: "manual",
      stockDelta: updated.stock! - (variant.stock ?? 0),
      stockAfter: updated.stock,
      actorUserId,
      createdAt: now,
    });
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
