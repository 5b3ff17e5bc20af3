import { and, count, eq, inArray, lt, sql } from "drizzle-orm";
import { ConflictError, NotFoundError, ValidationError, DomainError } from "~/domain/errors.server";
import { resolveOrderLines, variantName, type OrderLineInput, type ResolvedLine } from "~/domain/catalogue/variants.server";
import { availableUnits, OutOfStockError } from "~/domain/stock/holds.server";
import { messageKey } from "~/lib/messages";
import { MAX_ITEM_QUANTITY, itemsTotalCents } from "~/lib/order-total";
import { orderItemName } from "~/lib/order-item-name";
import { getDatabase, writeTransaction, type Transaction } from "~db/client";
import { bagLines, bags, productVariants, products } from "~db/schema";

/**
 * The shopper's bag (issue 28): lines of products, kept on the server for one shop and one
 * browser (its shopper cookie), until checked out or 30 days after its last change. A bag
 * holds no stock: units are held when its order is placed (the checkout's shipping step),
 * all of them in one go, as any order's.
 */

/** A bag of more lines is refused (a clear 400): a real shopper never gets near it. */
export const MAX_BAG_LINES = 50;
/** Days a bag is kept after its last change (the housekeeping sweep deletes older ones). */
export const BAG_KEPT_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Whose bag: this shop, this browser's shopper key. */
export type BagOwner = { shopId: number; shopperKeyHash: string };

/** What is wrong with a line before paying: gone from sale, sold out, or fewer units left than asked. */
export type BagLineProblem = { kind: "unavailable" } | { kind: "sold_out" } | { kind: "not_enough"; left: number } | null;

export type BagLine = {
  id: number;
  productId: number;
  variantId: number;
  name: string;
  /** "M / Blue"; "" for a product without options. */
  variantName: string;
  /** The product has options: an order names the variant (a product without names none). */
  hasOptions: boolean;
  imageUrl: string | null;
  quantity: number;
  /** The unit price the shopper agreed to (added at, or confirmed since). */
  priceCents: number;
  /** The price now; differs from `priceCents` when the seller changed it since. */
  currentPriceCents: number;
  problem: BagLineProblem;
};

export type ShopperBag = {
  lines: BagLine[];
  /** The live it was last filled from (an add on a live's page), if any. */
  liveId: number | null;
  /** Units in the bag (the header's count). */
  count: number;
  /** At the agreed prices. */
  subtotalCents: number;
  /** Some line's price changed since it was added: the shopper confirms the new prices first. */
  priceChanged: boolean;
  /** Can be checked out as it is: lines, none with a problem, no price to confirm. */
  ready: boolean;
};

const EMPTY_BAG: ShopperBag = { lines: [], liveId: null, count: 0, subtotalCents: 0, priceChanged: false, ready: false };

/** The bag of this shop and browser, each line against the catalogue and the stock now. */
export async function shopperBag(owner: BagOwner | null, now = new Date()): Promise<ShopperBag> {
  if (!owner) return EMPTY_BAG;
  const db = getDatabase();
  const rows = await db
    .select({
      line: bagLines,
      liveId: bags.liveId,
      product: {
        name: products.name,
        imagePath: products.imagePath,
        priceCents: products.priceCents,
        options: products.options,
        isInStock: products.isInStock,
        archivedAt: products.archivedAt,
      },
      variant: { options: productVariants.options, priceCents: productVariants.priceCents, archivedAt: productVariants.archivedAt },
    })
    .from(bagLines)
    .innerJoin(bags, eq(bags.id, bagLines.bagId))
    .innerJoin(products, eq(products.id, bagLines.productId))
    .innerJoin(productVariants, eq(productVariants.id, bagLines.variantId))
    .where(and(eq(bags.shopId, owner.shopId), eq(bags.shopperKeyHash, owner.shopperKeyHash)))
    .orderBy(bagLines.id);
  if (rows.length === 0) return EMPTY_BAG;
  const available = await availableUnits(
    db,
    rows.map((r) => r.line.variantId),
    now,
  );
  const lines = rows.map(({ line, product, variant }): BagLine => {
    const left = available.get(line.variantId);
    const problem: BagLineProblem =
      product.archivedAt || variant.archivedAt || !product.isInStock
        ? { kind: "unavailable" }
        : left === 0
          ? { kind: "sold_out" }
          : left !== undefined && left < line.quantity
            ? { kind: "not_enough", left }
            : null;
    return {
      id: line.id,
      productId: line.productId,
      variantId: line.variantId,
      name: product.name,
      variantName: variantName(variant.options, product.options),
      hasOptions: product.options.length > 0,
      imageUrl: product.imagePath,
      quantity: line.quantity,
      priceCents: line.priceCents,
      currentPriceCents: variant.priceCents ?? product.priceCents,
      problem,
    };
  });
  const priceChanged = lines.some((l) => l.priceCents !== l.currentPriceCents);
  return {
    lines,
    liveId: rows[0]!.liveId,
    count: lines.reduce((sum, l) => sum + l.quantity, 0),
    subtotalCents: itemsTotalCents(lines.map((l) => ({ unitPriceCents: l.priceCents, quantity: l.quantity }))),
    priceChanged,
    ready: !priceChanged && lines.every((l) => l.problem === null),
  };
}

/** "Sweater (M / Blue)": a line as messages name it. */
function lineName(line: { name: string; variantName: string }): string {
  return orderItemName({ name: line.name, variantName: line.variantName || null });
}

/** Refused when the line's quantity is more than the units left (untracked variants never are). */
async function checkUnitsLeft(tx: Transaction, line: { variantId: number; quantity: number; name: string }, now: Date) {
  const left = (await availableUnits(tx, [line.variantId], now)).get(line.variantId);
  if (left === undefined || left >= line.quantity) return;
  const message =
    left > 0
      ? messageKey("bag.errors.line_only_left", { name: line.name, count: left })
      : messageKey("bag.errors.line_sold_out", { name: line.name });
  throw new OutOfStockError({ quantity: [message] }, left === 0, message);
}

function checkQuantity(quantity: number): void {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_ITEM_QUANTITY) {
    const message = messageKey("bag.errors.quantity", { max: MAX_ITEM_QUANTITY });
    throw new ValidationError(message, { quantity: [message] });
  }
}

/** The bag's id, made on the first add (two first adds at once make one bag); an add on a live's page gives it that live. */
async function ensureBag(tx: Transaction, owner: BagOwner, now: Date, liveId: number | null): Promise<number> {
  await tx
    .insert(bags)
    .values({ shopId: owner.shopId, shopperKeyHash: owner.shopperKeyHash, createdAt: now, updatedAt: now })
    .onConflictDoNothing();
  const [bag] = await tx
    .select({ id: bags.id })
    .from(bags)
    .where(and(eq(bags.shopId, owner.shopId), eq(bags.shopperKeyHash, owner.shopperKeyHash)))
    .limit(1);
  await tx
    .update(bags)
    .set({ updatedAt: now, ...(liveId !== null ? { liveId } : {}) })
    .where(eq(bags.id, bag!.id));
  return bag!.id;
}

async function unitsInBag(tx: Transaction, owner: BagOwner): Promise<number> {
  const [row] = await tx
    .select({ units: sql<number>`coalesce(sum(${bagLines.quantity}), 0)`.mapWith(Number) })
    .from(bagLines)
    .innerJoin(bags, eq(bags.id, bagLines.bagId))
    .where(and(eq(bags.shopId, owner.shopId), eq(bags.shopperKeyHash, owner.shopperKeyHash)));
  return row?.units ?? 0;
}

/** The line against the shop's catalogue; its errors are the add form's (`variant`, not the order's `items.0.variant`). */
async function resolveBagLine(tx: Transaction, shopId: number, input: OrderLineInput): Promise<ResolvedLine> {
  try {
    const [line] = await resolveOrderLines(tx, shopId, [input]);
    return line!;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const fieldErrors = Object.fromEntries(Object.entries(error.fieldErrors).map(([key, value]) => [key.split(".").at(-1)!, value]));
    throw new ValidationError(Object.values(fieldErrors)[0]?.[0] ?? error.messageKey, fieldErrors);
  }
}

/**
 * Adds a product (its variant when it has options) to the bag, from a live's page or not
 * (`liveId`: the bag remembers the live, and its checkout is that live's order; an add
 * elsewhere keeps it). The same variant again adds to its line. Refused, nothing stored: a product the shop does not sell (another shop's
 * included) or switched off, a missing or foreign variant (400/409), more than 99 of a line,
 * more than `MAX_BAG_LINES` lines (400), more units than are left (409 "Only 2 left").
 * Returns the units now in the bag.
 */
export async function addToBag(
  owner: BagOwner,
  input: OrderLineInput & { liveId?: number | null },
  now = new Date(),
): Promise<{ count: number }> {
  checkQuantity(input.quantity);
  return writeTransaction(async (tx) => {
    const line = await resolveBagLine(tx, owner.shopId, input);
    const name = lineName({ name: line.product.name, variantName: line.variantName });
    if (!line.product.isInStock) throw new OutOfStockError({}, true, messageKey("bag.errors.line_sold_out", { name }));
    const bagId = await ensureBag(tx, owner, now, input.liveId ?? null);
    const [existing] = await tx
      .select({ id: bagLines.id, quantity: bagLines.quantity })
      .from(bagLines)
      .where(and(eq(bagLines.bagId, bagId), eq(bagLines.variantId, line.variant.id)))
      .limit(1);
    const quantity = (existing?.quantity ?? 0) + line.quantity;
    checkQuantity(quantity);
    if (!existing) {
      const [lines] = await tx.select({ n: count() }).from(bagLines).where(eq(bagLines.bagId, bagId));
      if ((lines?.n ?? 0) >= MAX_BAG_LINES) throw new ValidationError(messageKey("bag.errors.full", { max: MAX_BAG_LINES }));
    }
    await checkUnitsLeft(tx, { variantId: line.variant.id, quantity, name }, now);
    if (existing) {
      // The price agreed stays the line's: a change since is shown on the bag and confirmed there.
      await tx.update(bagLines).set({ quantity, updatedAt: now }).where(eq(bagLines.id, existing.id));
    } else {
      await tx
        .insert(bagLines)
        .values({
          bagId,
          productId: line.product.id,
          variantId: line.variant.id,
          quantity,
          priceCents: line.unitPriceCents,
          createdAt: now,
          updatedAt: now,
        })
        // Two first adds of a variant at once (two tabs, on PostgreSQL): one line, both quantities.
        .onConflictDoUpdate({
          target: [bagLines.bagId, bagLines.variantId],
          set: { quantity: sql`${bagLines.quantity} + ${line.quantity}`, updatedAt: now },
        });
    }
    return { count: await unitsInBag(tx, owner) };
  });
}

/** A line of this shopper's bag (another shopper's, or another shop's, is a 404). */
async function ownLine(tx: Transaction, owner: BagOwner, lineId: number) {
  const [row] = await tx
    .select({
      id: bagLines.id,
      bagId: bagLines.bagId,
      variantId: bagLines.variantId,
      name: products.name,
      options: products.options,
      variantOptions: productVariants.options,
    })
    .from(bagLines)
    .innerJoin(bags, eq(bags.id, bagLines.bagId))
    .innerJoin(products, eq(products.id, bagLines.productId))
    .innerJoin(productVariants, eq(productVariants.id, bagLines.variantId))
    .where(and(eq(bagLines.id, lineId), eq(bags.shopId, owner.shopId), eq(bags.shopperKeyHash, owner.shopperKeyHash)))
    .limit(1);
  if (!row) throw new NotFoundError("bag.errors.line_not_found");
  return row;
}

/**
 * A new quantity for a line of the bag (0 removes it): at most 99, and no more than the units
 * left (409 naming the line). Returns the units now in the bag.
 */
export async function changeBagLine(owner: BagOwner, lineId: number, quantity: number, now = new Date()): Promise<{ count: number }> {
  if (quantity === 0) return removeBagLine(owner, lineId, now);
  checkQuantity(quantity);
  return writeTransaction(async (tx) => {
    const line = await ownLine(tx, owner, lineId);
    const name = lineName({ name: line.name, variantName: variantName(line.variantOptions, line.options) });
    await checkUnitsLeft(tx, { variantId: line.variantId, quantity, name }, now);
    await tx.update(bagLines).set({ quantity, updatedAt: now }).where(eq(bagLines.id, line.id));
    await tx.update(bags).set({ updatedAt: now }).where(eq(bags.id, line.bagId));
    return { count: await unitsInBag(tx, owner) };
  });
}

/** Takes a line out of the bag. Returns the units left in it. */
export async function removeBagLine(owner: BagOwner, lineId: number, now = new Date()): Promise<{ count: number }> {
  return writeTransaction(async (tx) => {
    const line = await ownLine(tx, owner, lineId);
    await tx.delete(bagLines).where(eq(bagLines.id, line.id));
    await tx.update(bags).set({ updatedAt: now }).where(eq(bags.id, line.bagId));
    return { count: await unitsInBag(tx, owner) };
  });
}

/** The shopper accepts the prices of now for every line (the bag showed the old and the new). */
export async function confirmBagPrices(owner: BagOwner, now = new Date()): Promise<void> {
  const bag = await shopperBag(owner, now);
  await writeTransaction(async (tx) => {
    for (const line of bag.lines) {
      if (line.priceCents === line.currentPriceCents) continue;
      await tx.update(bagLines).set({ priceCents: line.currentPriceCents, updatedAt: now }).where(eq(bagLines.id, line.id));
    }
  });
}

/**
 * The bag as an order's lines, for its checkout: refused (409) while it is empty or needs the
 * shopper's review (a price changed, a line unavailable or short), so an order never costs
 * another price than the one the shopper saw.
 */
export async function bagOrderLines(owner: BagOwner, now = new Date()): Promise<{ bag: ShopperBag; items: OrderLineInput[] }> {
  const bag = await shopperBag(owner, now);
  if (bag.lines.length === 0) throw new ConflictError("bag.errors.empty");
  if (!bag.ready) throw new ConflictError("bag.errors.review");
  return {
    bag,
    items: bag.lines.map((l) => ({ productId: l.productId, variantId: l.hasOptions ? l.variantId : null, quantity: l.quantity })),
  };
}

/**
 * Stock refusals of a bag's order name its lines: "Scarf (M): only 2 left" rather than the
 * order's "Only 2 left" (the form shows one error for the whole bag).
 */
export function bagStockError(error: OutOfStockError, bag: ShopperBag): OutOfStockError {
  const named: Record<string, string[]> = {};
  let first: string | null = null;
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const index = Number(/^items\.(\d+)\./.exec(key)?.[1] ?? -1);
    const line = bag.lines[index];
    if (!line) continue;
    const name = lineName(line);
    named[key] = messages.map((message) => {
      const left = /only_left\?count=(\d+)/.exec(message)?.[1];
      return left ? messageKey("bag.errors.line_only_left", { name, count: left }) : messageKey("bag.errors.line_sold_out", { name });
    });
    first ??= named[key][0]!;
  }
  return new OutOfStockError(named, error.messageKey === "stock.errors.sold_out", first ?? error.messageKey);
}

/**
 * In the transaction placing the bag's order: the lines it is placed with leave the bag with
 * it, so one bag checked out twice at once (two tabs, a double submit) makes one order. The
 * other finds them gone (409, as an empty bag) and its order is rolled back.
 */
export async function takeOrderedLines(tx: Transaction, owner: BagOwner, lineIds: number[]): Promise<void> {
  const bag = tx
    .select({ id: bags.id })
    .from(bags)
    .where(and(eq(bags.shopId, owner.shopId), eq(bags.shopperKeyHash, owner.shopperKeyHash)));
  const taken = await tx
    .delete(bagLines)
    .where(and(inArray(bagLines.bagId, bag), inArray(bagLines.id, lineIds)))
    .returning({ id: bagLines.id });
  if (taken.length < lineIds.length) throw new ConflictError(taken.length === 0 ? "bag.errors.empty" : "bag.errors.review");
}

/** The lines an order was placed with leave the bag (lines added meanwhile stay), and its live went with them. */
export async function removeOrderedLines(owner: BagOwner, lineIds: number[]): Promise<{ count: number }> {
  return writeTransaction(async (tx) => {
    const [bag] = await tx
      .select({ id: bags.id })
      .from(bags)
      .where(and(eq(bags.shopId, owner.shopId), eq(bags.shopperKeyHash, owner.shopperKeyHash)))
      .limit(1);
    if (bag && lineIds.length > 0) await tx.delete(bagLines).where(and(eq(bagLines.bagId, bag.id), inArray(bagLines.id, lineIds)));
    if (bag) await tx.update(bags).set({ liveId: null }).where(eq(bags.id, bag.id));
    return { count: await unitsInBag(tx, owner) };
  });
}

/** Deletes the bags not changed for `BAG_KEPT_DAYS` (the housekeeping sweep). Returns how many. */
export async function sweepExpiredBags(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - BAG_KEPT_DAYS * DAY_MS);
  return writeTransaction(async (tx) => {
    const old = tx.select({ id: bags.id }).from(bags).where(lt(bags.updatedAt, before));
    await tx.delete(bagLines).where(inArray(bagLines.bagId, old));
    const deleted = await tx.delete(bags).where(lt(bags.updatedAt, before)).returning({ id: bags.id });
    return deleted.length;
  });
}
