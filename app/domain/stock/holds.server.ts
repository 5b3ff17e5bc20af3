import { and, eq, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { ConflictError, type FieldErrors } from "~/domain/errors.server";
import { productAvailable, stockLabel, stockLabelKey } from "~/lib/stock-label";
import { lockRows, sendsWithCommit, sendWithCommit, writeTransaction, type Queryable, type Transaction } from "~db/client";
import { isNotNullViolation } from "~db/errors";
import { NEXT_NUMBER, numberingSteps } from "~db/order-numbers";
import { isPaid } from "~/domain/orders/payment-state";
import type { OrderStatus, PaymentStatus } from "~/lib/order-states";
import { holdEnd } from "./hold-time";
import {
  claims,
  liveEvents,
  lives,
  orderItems,
  orders,
  productVariants,
  products,
  shops,
  stockHolds,
  stockMovements,
  type ProductVariant,
} from "~db/schema";

/**
 * Units of a variant and their holds. The one rule that keeps a unit from being sold twice
 * is the conditional update in `takeUnits`: `reserved` grows only while `stock - reserved`
 * covers the quantity, in one statement, so two transactions can never both take the last
 * unit (SQLite runs one writer at a time; PostgreSQL re-checks the condition on the row it
 * locked, whatever the number of nodes). Everything else (holds, sales, releases) moves
 * `reserved` and `stock` together with the rows that explain them, in the same transaction.
 */

/** How long past its end a hold waits for a payment the provider is still deciding. */
const PAYMENT_GRACE_MS = 15 * 60_000;

/** Not enough units: a 409 whose field errors say, per order line, what is left. */
export class OutOfStockError extends ConflictError {
  override readonly code = "out_of_stock";
  constructor(fieldErrors: FieldErrors, soldOut: boolean, messageKey?: string) {
    super(messageKey ?? (soldOut ? "stock.errors.sold_out" : "stock.errors.not_enough"), fieldErrors);
  }
}

/** One line to hold: `index` is its place in the order (the field errors name it). */
export type HoldLine = { variantId: number; quantity: number; index: number };

type Released = { variantId: number; quantity: number };

/**
 * Every change of stock locks its shops' rows first, in id order, before any variant or hold
 * (PostgreSQL; SQLite's one writer needs nothing). Placing an order locks its shop first (the
 * order number) and then takes units, and most changes end by renewing the shop's page cache
 * (`noteStockChange`): one that locked a variant before the shop would wait for the shop while
 * an order holding the shop waits for that variant, a deadlock PostgreSQL answers with an
 * error. The lock is the one those updates take ("no key update"): a payment that already
 * wrote a row naming the shop (its history) is not blocked by another doing the same.
 */
export async function lockShopsForStock(tx: Transaction, shopIds: number[]): Promise<void> {
  for (const shopId of [...new Set(shopIds)].sort((a, b) => a - b)) await lockRows(tx, shops, eq(shops.id, shopId), "no key update");
}

/** Units taken for a hold: what is left free of the variant after the take, and its shop's "Only N left" threshold. */
type TakenUnits = { free: number; threshold: number };

/**
 * Takes `quantity` units of a tracked variant for a hold: what is left when they were free,
 * null when they were not. The update also answers what the labels need (no second read
 * while the variant's row is locked).
 */
async function takeUnits(tx: Transaction, variantId: number, quantity: number, now: Date): Promise<TakenUnits | null> {
  const take = async () => {
    const [row] = await tx
      .update(productVariants)
      .set({ reserved: sql`${productVariants.reserved} + ${quantity}`, updatedAt: now })
      .where(and(eq(productVariants.id, variantId), sql`${productVariants.stock} - ${productVariants.reserved} >= ${quantity}`))
      .returning({
        free: sql<number>`${productVariants.stock} - ${productVariants.reserved}`.mapWith(Number),
        threshold: sql<number>`(select ${shops.lowStockThreshold} from ${shops} where ${shops.id} = ${productVariants.shopId})`.mapWith(
          Number,
        ),
      });
    return row ?? null;
  };
  const taken = await take();
  if (taken) return taken;
  // Holds that ran out and no sweep released yet must not block a sale: release them, try again.
  const released = await releaseExpiredHolds(tx, eq(stockHolds.variantId, variantId), now);
  return released.length > 0 ? take() : null;
}

/**
 * Holds units for an order (or a waitlist offer) until `expiresAt`, in the caller's
 * transaction: every line gets its units or none does, and the error names each line that
 * is short with what is left ("Only 2 left", "Sold out"). During a drop every statement
 * between the take and the commit waits on the variant's row, and every one after the shop's
 * lock on the shop's row: a caller that already locked the shop (placing an order takes its
 * number first), read the variants or knows the lives pinning them says so, and the hold's
 * row and the lives' events are written in the same round trip as the take.
 */
export async function holdUnits(
  tx: Transaction,
  request: {
    shopId: number;
    orderId?: number;
    waitlistEntryId?: number;
    /** A claim from a live's chat (app/domain/claims). */
    claimId?: number;
    lines: HoldLine[];
    expiresAt: Date;
    now: Date;
    shopLocked?: boolean;
    variants?: ProductVariant[];
    /** The lives pinning these lines' products, when the caller read them. */
    liveIds?: number[];
  },
): Promise<{ held: boolean }> {
  const { now } = request;
  if (!request.shopLocked) await lockShopsForStock(tx, [request.shopId]);
  const variants = request.variants
    ? new Map(request.variants.map((v) => [v.id, v]))
    : await variantsById(
        tx,
        request.lines.map((l) => l.variantId),
      );
  const tracked = request.lines.filter((line) => variants.get(line.variantId)?.stock != null);
  if (tracked.length === 0) return { held: false };
  // One take per variant, for all its lines: a 2 + 1 of the same size needs 3 units. In id
  // order, as every change that touches several variants.
  const perVariant = new Map<number, HoldLine[]>();
  for (const line of [...tracked].sort((a, b) => a.variantId - b.variantId))
    perVariant.set(line.variantId, [...(perVariant.get(line.variantId) ?? []), line]);
  const wanted = [...perVariant].map(([variantId, lines]) => ({ variantId, quantity: lines.reduce((sum, l) => sum + l.quantity, 0) }));
  const holdRows = tx
    .insert(stockHolds)
    .values(
      wanted.map((w) => ({
        shopId: request.shopId,
        variantId: w.variantId,
        orderId: request.orderId ?? null,
        waitlistEntryId: request.waitlistEntryId ?? null,
        claimId: request.claimId ?? null,
        quantity: w.quantity,
        expiresAt: request.expiresAt,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: stockHolds.id });
  const told = request.liveIds
    ? tellLives(tx, request.liveIds)
    : livesPinning(
        tx,
        wanted.map((w) => w.variantId),
      ).then((liveIds) => tellLives(tx, liveIds));
  const takes: Promise<TakenUnits | null>[] = [];
  for (const w of wanted) takes.push(takeUnits(tx, w.variantId, w.quantity, now));
  const [holds, units] = await Promise.all([holdRows, Promise.all(takes), told]);
  if (units.every((u) => u !== null)) {
    // Still above the threshold after the take (so before it too): no label moved.
    if (!units.every((u) => u!.free > u!.threshold))
      await renewStockLabels(
        tx,
        wanted.map((w) => w.variantId),
        now,
      );
    return { held: true };
  }
  // Short: give back what was taken and the rows written (the caller's transaction creates
  // nothing either), and say per line what is left.
  await Promise.all([
    ...wanted.flatMap((w, i) => (units[i] ? [addReserved(tx, w.variantId, -w.quantity, now)] : [])),
    tx.delete(stockHolds).where(
      inArray(
        stockHolds.id,
        holds.map((h) => h.id),
      ),
    ),
  ]);
  const short: FieldErrors = {};
  let soldOut = true;
  for (const [i, w] of wanted.entries()) {
    if (units[i]) continue;
    const left = (await availableUnits(tx, [w.variantId], now)).get(w.variantId) ?? 0;
    if (left > 0) soldOut = false;
    for (const line of perVariant.get(w.variantId)!) {
      (short[`items.${line.index}.quantity`] ??= []).push(left > 0 ? `stock.errors.only_left?count=${left}` : "stock.errors.sold_out");
    }
  }
  throw new OutOfStockError(short, soldOut);
}

/** Sums a hold's lines per variant, in variant id order (every change of several variants locks them in that order). */
function unitsWanted(lines: HoldLine[]): { variantId: number; quantity: number }[] {
  const perVariant = new Map<number, number>();
  for (const line of [...lines].sort((a, b) => a.variantId - b.variantId))
    perVariant.set(line.variantId, (perVariant.get(line.variantId) ?? 0) + line.quantity);
  return [...perVariant].map(([variantId, quantity]) => ({ variantId, quantity }));
}

/**
 * Whether `numberAndHoldWithCommit` can place an order whose variants were read (without a
 * lock) as these: on PostgreSQL, when every tracked variant would keep more units than the
 * shop's "Only N left" threshold (no label moves: most orders of a drop).
 */
export function canNumberAndHoldWithCommit(tx: Transaction, lines: HoldLine[], variants: ProductVariant[], threshold: number): boolean {
  if (!sendsWithCommit(tx)) return false;
  const byId = new Map(variants.map((v) => [v.id, v]));
  return unitsWanted(lines).every(({ variantId, quantity }) => {
    const variant = byId.get(variantId);
    return !variant || variant.stock === null || variant.stock - variant.reserved - quantity > threshold;
  });
}

/**
 * Places an order's number and units on PostgreSQL in ONE statement sent with the COMMIT
 * (`sendWithCommit`): the shop's row (the number) and the variants' rows (the take), which
 * every order of a drop queues for, are held for the database's time only, not for turns of
 * this node's event loop. The shop's row is locked first, then the variants in id order (each
 * step reads the one before it), as every stock change does. A take succeeds only while the
 * variant keeps more units than the shop's threshold, so no label moves and nothing else is
 * written under the locks. A take that finds fewer units leaves its hold's quantity null, which
 * the column refuses: the transaction is rolled back, nothing is created, and
 * `unitsNotTakenAtOnce` tells the caller to place the order the careful way (`numberOrder`,
 * `holdUnits`: expired holds released, labels renewed, "Only 2 left"). `lines`: the tracked
 * ones (none: the order is only numbered). Resolves to the order's number, after the commit.
 */
export function numberAndHoldWithCommit(
  tx: Transaction,
  request: { shopId: number; orderId: number; lines: HoldLine[]; expiresAt: Date | null; now: Date },
): Promise<number> {
  const { now } = request;
  const wanted = unitsWanted(request.lines);
  const steps: SQL[] = [numberingSteps(request.shopId, request.orderId)];
  const reserved = sql.identifier(productVariants.reserved.name);
  const updatedAt = sql.identifier(productVariants.updatedAt.name);
  let previous = NEXT_NUMBER;
  const takes = wanted.map(({ variantId, quantity }, i) => {
    const take = sql.identifier(`take_${i}`);
    steps.push(
      sql`${take} as (update ${productVariants} set ${reserved} = ${productVariants.reserved} + ${quantity}, ${updatedAt} = ${sql.param(now, productVariants.updatedAt)}
        from ${previous}
        where ${productVariants.id} = ${variantId}
          and ${productVariants.stock} - ${productVariants.reserved} - ${quantity} > (select ${shops.lowStockThreshold} from ${shops} where ${shops.id} = ${productVariants.shopId})
        returning ${productVariants.id})`,
    );
    previous = take;
    return { variantId, quantity, take };
  });
  if (takes.length > 0) {
    const holdRows = tx.insert(stockHolds).values(
      takes.map(({ variantId, quantity, take }) => ({
        shopId: request.shopId,
        variantId,
        orderId: request.orderId,
        // Null (refused) when the take found too few units.
        quantity: sql<number>`(select ${quantity}::integer from ${take})`,
        expiresAt: request.expiresAt!,
        createdAt: now,
        updatedAt: now,
      })),
    );
    // drizzle puts the insert in parentheses.
    steps.push(sql`held as ${holdRows}`);
  }
  const number = sendWithCommit(tx, sql`with ${sql.join(steps, sql`, `)} select number from ${NEXT_NUMBER}`).then((rows) =>
    Number(rows[0]!.number),
  );
  // A failure is the transaction's (writeTransaction throws it), not this promise's to report.
  number.catch(() => {});
  return number;
}

/** The error of a transaction whose `numberAndHoldWithCommit` found too few units of a line. */
export function unitsNotTakenAtOnce(error: unknown): boolean {
  return isNotNullViolation(error);
}

async function addReserved(tx: Transaction, variantId: number, delta: number, now: Date): Promise<void> {
  await tx
    .update(productVariants)
    .set({ reserved: sql`${productVariants.reserved} + ${delta}`, updatedAt: now })
    .where(eq(productVariants.id, variantId));
}

/**
 * Releases the holds still "held" that `where` selects (ran out, cancelled order, ended
 * offer): their units can be sold again. Each hold is released once, even when two nodes
 * release it at the same time (the state moves in the update that finds it).
 */
export async function releaseHolds(tx: Transaction, where: SQL | undefined, now: Date): Promise<Released[]> {
  return (await releaseHoldRows(tx, where, now)).released;
}

/** `releaseHolds`, also saying which claims' holds were released. */
async function releaseHoldRows(tx: Transaction, where: SQL | undefined, now: Date): Promise<{ released: Released[]; claimIds: number[] }> {
  const shopsOfHolds = await tx
    .selectDistinct({ shopId: stockHolds.shopId })
    .from(stockHolds)
    .where(and(eq(stockHolds.state, "held"), where));
  if (shopsOfHolds.length === 0) return { released: [], claimIds: [] };
  const shopIds = shopsOfHolds.map((r) => r.shopId);
  await lockShopsForStock(tx, shopIds);
  const rows = await tx
    .update(stockHolds)
    .set({ state: "released", updatedAt: now })
    .where(and(eq(stockHolds.state, "held"), inArray(stockHolds.shopId, shopIds), where))
    .returning({
      variantId: stockHolds.variantId,
      quantity: stockHolds.quantity,
      orderId: stockHolds.orderId,
      claimId: stockHolds.claimId,
    });
  if (rows.length === 0) return { released: [], claimIds: [] };
  const perVariant = new Map<number, number>();
  for (const row of rows) perVariant.set(row.variantId, (perVariant.get(row.variantId) ?? 0) + row.quantity);
  const variants = await variantsById(tx, [...perVariant.keys()]);
  for (const [variantId, quantity] of perVariant) {
    await addReserved(tx, variantId, -quantity, now);
    const variant = variants.get(variantId);
    if (variant) {
      // The history names the order when the variant's release is one order's (a sweep releases many at once).
      const orderIds = new Set(rows.filter((row) => row.variantId === variantId).map((row) => row.orderId));
      await tx.insert(stockMovements).values({
        shopId: variant.shopId,
        productId: variant.productId,
        variantId,
        kind: "hold_released",
        reservedDelta: -quantity,
        stockAfter: variant.stock,
        orderId: orderIds.size === 1 ? [...orderIds][0]! : null,
        createdAt: now,
      });
    }
  }
  await noteStockChange(tx, [...perVariant.keys()]);
  return {
    released: [...perVariant].map(([variantId, quantity]) => ({ variantId, quantity })),
    claimIds: rows.flatMap((row) => (row.claimId === null ? [] : [row.claimId])),
  };
}

/**
 * Holds past their end that are over: all but those of an order whose payment the provider is
 * still deciding (a payment started before the end keeps its units until the provider answers).
 */
const heldPastEnd = (now: Date) =>
  and(
    eq(stockHolds.state, "held"),
    lte(stockHolds.expiresAt, now),
    or(
      sql`not exists (select 1 from ${orders} where ${orders.id} = ${stockHolds.orderId} and ${orders.paymentStatus} in ('processing', 'requires_action'))`,
      // A payment abandoned half-way (a 3-D Secure page closed) keeps its units this long at most.
      lte(stockHolds.expiresAt, new Date(now.getTime() - PAYMENT_GRACE_MS)),
    ),
  );

/**
 * SQL: the units of the variant `variantId` (a column of the outer query) held past their end
 * and so free again (`heldPastEnd`), for queries that count what is available without
 * releasing the holds first, such as the catalogue's "available" filter.
 */
export function unitsHeldPastEnd(variantId: SQLWrapper, now: Date): SQL {
  return sql`coalesce((select sum(${stockHolds.quantity}) from ${stockHolds} where ${stockHolds.variantId} = ${variantId} and ${heldPastEnd(now)}), 0)`;
}

/**
 * Releases the holds past their end (see `heldPastEnd`) that `where` selects. A claim whose
 * hold ran out is over ("expired"), and its live's board is told.
 */
export async function releaseExpiredHolds(tx: Transaction, where: SQL | undefined, now: Date): Promise<Released[]> {
  const { released, claimIds } = await releaseHoldRows(tx, and(where, heldPastEnd(now)), now);
  if (claimIds.length > 0) {
    const expired = await tx
      .update(claims)
      .set({ status: "expired", updatedAt: now })
      .where(and(inArray(claims.id, claimIds), eq(claims.status, "held")))
      .returning({ liveId: claims.liveId });
    const liveIds = [...new Set(expired.map((c) => c.liveId))];
    if (liveIds.length > 0) await tx.insert(liveEvents).values(liveIds.map((liveId) => ({ liveId, kind: "claim" as const })));
  }
  return released;
}

/** An order no longer needs its units (cancelled, or its hold ran out): they go back on sale. */
export function releaseOrderHolds(tx: Transaction, orderId: number, now: Date): Promise<Released[]> {
  return releaseHolds(tx, eq(stockHolds.orderId, orderId), now);
}

/**
 * The order was paid: its held units are sold (off the stock and the holds). Units whose
 * hold was released before the payment arrived are taken again if some are free; when one
 * line cannot be served the whole order's units go back and the caller refunds it, so no
 * shopper pays for an item the seller cannot ship. `withoutShopLock`: a sale of units all still
 * held sends its last statements with the COMMIT (PostgreSQL): the caller's transaction must
 * end once it returned `{ sold: true }`.
 */
export async function sellOrderUnits(
  tx: Transaction,
  order: { id: number; shopId: number; items: { variantId: number | null; quantity: number }[] },
  now: Date,
  options: { withoutShopLock?: boolean } = {},
): Promise<{ sold: true } | { sold: false }> {
  const wanted = new Map<number, number>();
  for (const item of order.items)
    if (item.variantId !== null) wanted.set(item.variantId, (wanted.get(item.variantId) ?? 0) + item.quantity);
  const readHeld = () =>
    tx
      .select({ id: stockHolds.id, variantId: stockHolds.variantId, quantity: stockHolds.quantity, expiresAt: stockHolds.expiresAt })
      .from(stockHolds)
      .where(and(eq(stockHolds.orderId, order.id), eq(stockHolds.state, "held")));
  const readAll = () => Promise.all([readHeld(), variantsById(tx, [...wanted.keys()]), livesPinning(tx, [...wanted.keys()])]);

  if (options.withoutShopLock) {
    // The common sale (every unit still held, well before its end) moves only the order's
    // holds and its variants' counts, never a label, the shop or a product: it needs no lock
    // on the shop, which every order of a drop waits for. Only reads so far, so falling back
    // to the locked sale below is safe.
    const [held, variants, liveIds] = await readAll();
    const heldPerVariant = unitsPerVariant(held);
    const covered = [...wanted].every(
      ([variantId, quantity]) => variants.get(variantId)?.stock == null || (heldPerVariant.get(variantId) ?? 0) >= quantity,
    );
    if (covered && held.every((h) => h.expiresAt.getTime() > now.getTime() + SALE_MARGIN_MS)) {
      // The lives are told with the holds' update, before any variant's row is locked.
      const [sold] = await Promise.all([
        // An order that held nothing (its stock is not counted) has no hold to mark.
        held.length === 0
          ? []
          : tx
              .update(stockHolds)
              .set({ state: "sold", updatedAt: now })
              .where(
                and(
                  inArray(
                    stockHolds.id,
                    held.map((h) => h.id),
                  ),
                  eq(stockHolds.state, "held"),
                ),
              )
              .returning({ id: stockHolds.id }),
        tellLives(tx, liveIds),
      ]);
      // A hold released between the read and the update: this transaction holds rows a
      // release (shop first) may wait for, so it must not wait for the shop. Start over.
      if (sold.length !== held.length) throw new SaleRaced();
      await recordSale(tx, order, heldPerVariant, variants, { liveIds: [], labelsUnchanged: true }, now, {
        withCommit: sendsWithCommit(tx),
      });
      return { sold: true };
    }
  }

  await lockShopsForStock(tx, [order.shopId]);
  const [held, variants, liveIds] = await readAll();
  const heldPerVariant = unitsPerVariant(held);
  // Held units that become sold leave stock - reserved as it was: the labels stay, unless a
  // unit had to be taken again or a hold past its end was already counted as free.
  let labelsUnchanged = held.every((h) => h.expiresAt > now);
  const retaken: { variantId: number; quantity: number }[] = [];
  for (const [variantId, quantity] of wanted) {
    const missing = quantity - (heldPerVariant.get(variantId) ?? 0);
    if (missing <= 0 || variants.get(variantId)?.stock == null) continue;
    labelsUnchanged = false;
    if (await takeUnits(tx, variantId, missing, now)) {
      retaken.push({ variantId, quantity: missing });
      heldPerVariant.set(variantId, quantity);
      continue;
    }
    for (const r of retaken) await addReserved(tx, r.variantId, -r.quantity, now);
    await releaseOrderHolds(tx, order.id, now);
    return { sold: false };
  }
  await Promise.all([
    tx
      .update(stockHolds)
      .set({ state: "sold", updatedAt: now })
      .where(and(eq(stockHolds.orderId, order.id), eq(stockHolds.state, "held"))),
    // Units taken again are the order's sold hold too, as held ones become: a cancel or a
    // restocking refund puts back what its sold holds say (without it they never came back).
    retaken.length > 0
      ? tx.insert(stockHolds).values(
          retaken.map((r) => ({
            shopId: order.shopId,
            variantId: r.variantId,
            orderId: order.id,
            quantity: r.quantity,
            state: "sold" as const,
            expiresAt: now,
            createdAt: now,
            updatedAt: now,
          })),
        )
      : undefined,
    recordSale(tx, order, heldPerVariant, variants, { liveIds, labelsUnchanged }, now),
  ]);
  return { sold: true };
}

/**
 * A sale without the shop's lock found one of its holds released meanwhile: the caller's
 * transaction is rolled back and the sale made again with the lock (`applyIntentState`).
 */
export class SaleRaced extends Error {
  constructor() {
    super("A hold of the order changed during its sale");
  }
}

/** How long before its end a hold still counts as "well before": nodes' clocks differ by less. */
const SALE_MARGIN_MS = 60_000;

function unitsPerVariant(rows: { variantId: number; quantity: number }[]): Map<number, number> {
  const units = new Map<number, number>();
  for (const row of rows) units.set(row.variantId, (units.get(row.variantId) ?? 0) + row.quantity);
  return units;
}

/**
 * The sold units leave the variants' stock and reserved counts, with a history row each
 * (its stock after the sale), in variant id order as every change of several variants.
 */
async function recordSale(
  tx: Transaction,
  order: { id: number; shopId: number },
  heldPerVariant: Map<number, number>,
  variants: Map<number, ProductVariant>,
  known: { liveIds: number[]; labelsUnchanged: boolean },
  now: Date,
  options: { withCommit?: boolean } = {},
): Promise<void> {
  const sales = [...heldPerVariant]
    .sort(([a], [b]) => a - b)
    .flatMap(([variantId, quantity]) => {
      const variant = variants.get(variantId);
      return variant && variant.stock != null ? [{ variant, quantity }] : [];
    });
  if (sales.length === 0) return;
  const updates = sales.map(({ variant, quantity }) =>
    tx
      .update(productVariants)
      .set({
        stock: sql`${productVariants.stock} - ${quantity}`,
        reserved: sql`${productVariants.reserved} - ${quantity}`,
        updatedAt: now,
      })
      .where(eq(productVariants.id, variant.id)),
  );
  // The history's row reads the stock its variant's update (sent just before it, same
  // transaction) left.
  const history = tx.insert(stockMovements).values(
    sales.map(({ variant, quantity }) => ({
      shopId: order.shopId,
      productId: variant.productId,
      variantId: variant.id,
      kind: "sale" as const,
      stockDelta: -quantity,
      reservedDelta: -quantity,
      stockAfter: sql<number>`(select ${productVariants.stock} from ${productVariants} where ${productVariants.id} = ${variant.id})`,
      orderId: order.id,
      createdAt: now,
    })),
  );
  const variantIds = sales.map((s) => s.variant.id);
  if (options.withCommit && known.labelsUnchanged && known.liveIds.length === 0) {
    // The variants' rows, which every other payment of a drop waits for, are locked by the
    // transaction's last statements, sent with its COMMIT.
    for (const statement of [...updates, history]) void sendWithCommit(tx, statement);
    return;
  }
  // One round trip.
  await Promise.all([...updates, history, noteStockChange(tx, variantIds, now, known)]);
}

/**
 * Units neither sold nor held, per tracked variant (untracked ones are absent). A hold past
 * its end counts as free even before anything released it.
 */
export async function availableUnits(db: Transaction, variantIds: number[], now: Date): Promise<Map<number, number>> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return new Map();
  const [rows, expired] = await Promise.all([
    db
      .select({ id: productVariants.id, stock: productVariants.stock, reserved: productVariants.reserved })
      .from(productVariants)
      .where(inArray(productVariants.id, ids)),
    expiredHeldUnits(db, ids, now),
  ]);
  const result = new Map<number, number>();
  for (const row of rows) {
    if (row.stock === null) continue;
    result.set(row.id, Math.max(0, row.stock - row.reserved + (expired.get(row.id) ?? 0)));
  }
  return result;
}

/**
 * Units of holds that ran out but are still counted as held (no sweep or sale released them
 * yet). Not those of a payment under way: they are still the shopper's, as the release says.
 */
export async function expiredHeldUnits(db: Transaction, variantIds: number[], now: Date): Promise<Map<number, number>> {
  if (variantIds.length === 0) return new Map();
  const rows = await db
    .select({ variantId: stockHolds.variantId, quantity: sql<number>`sum(${stockHolds.quantity})`.mapWith(Number) })
    .from(stockHolds)
    .where(and(inArray(stockHolds.variantId, variantIds), heldPastEnd(now)))
    .groupBy(stockHolds.variantId);
  return new Map(rows.map((r) => [r.variantId, r.quantity]));
}

async function variantsById(tx: Transaction, ids: number[]): Promise<Map<number, ProductVariant>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await tx.select().from(productVariants).where(inArray(productVariants.id, unique));
  return new Map(rows.map((v) => [v.id, v]));
}

/** Whether the stock of one of these variants is counted (one read, outside any transaction too). */
export async function countsAnyVariant(db: Queryable, variantIds: number[]): Promise<boolean> {
  if (variantIds.length === 0) return false;
  const [counted] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(inArray(productVariants.id, [...new Set(variantIds)]), isNotNull(productVariants.stock)))
    .limit(1);
  return counted !== undefined;
}

/** The lives (not ended) pinning one of these products. */
export function livesPinningProducts(tx: Transaction, productIds: number[]): Promise<number[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return tx
    .select({ id: lives.id })
    .from(lives)
    .where(and(inArray(lives.pinnedProductId, [...new Set(productIds)]), isNull(lives.endedAt)))
    .then((rows) => rows.map((r) => r.id));
}

/** The lives (not ended) that pin a product of these variants, in one indexed query. */
function livesPinning(tx: Transaction, variantIds: number[]): Promise<number[]> {
  if (variantIds.length === 0) return Promise.resolve([]);
  return tx
    .selectDistinct({ id: lives.id })
    .from(lives)
    .innerJoin(productVariants, eq(productVariants.productId, lives.pinnedProductId))
    .where(and(inArray(productVariants.id, [...new Set(variantIds)]), isNull(lives.endedAt)))
    .then((rows) => rows.map((r) => r.id));
}

/** A "stock" event for each of these lives: their screens show the pinned product's units. */
async function tellLives(tx: Transaction, liveIds: number[]): Promise<void> {
  if (liveIds.length > 0) await tx.insert(liveEvents).values(liveIds.map((liveId) => ({ liveId, kind: "stock" as const })));
}

/**
 * Stock moved for these variants: the lives that pin their products tell their screens (the
 * live page's "3 left" follows without a reload), and the shop's cached pages are renewed
 * only when what they show changed (a label such as "Only 4 left" or "Sold out", kept per
 * product in `stock_labels`), not on every hold of a drop. A caller that knows the lives, or
 * that no label can have moved (units still above the threshold), saves the statements.
 */
export async function noteStockChange(
  tx: Transaction,
  variantIds: number[],
  now = new Date(),
  known: { liveIds?: number[]; labelsUnchanged?: boolean } = {},
): Promise<void> {
  if (variantIds.length === 0) return;
  const liveIds = known.liveIds ?? (await livesPinning(tx, variantIds));
  await Promise.all([tellLives(tx, liveIds), known.labelsUnchanged ? undefined : renewStockLabels(tx, variantIds, now)]);
}

/** The stored labels of these variants' products, and their shops' page caches when one changed. */
async function renewStockLabels(tx: Transaction, variantIds: number[], now: Date): Promise<void> {
  const productRows = await tx
    .selectDistinct({ productId: productVariants.productId })
    .from(productVariants)
    .where(inArray(productVariants.id, [...new Set(variantIds)]));
  const productIds = productRows.map((r) => r.productId);
  if (productIds.length === 0) return;
  const stock = await productStock(tx, productIds, now);
  const changedShops = new Set<number>();
  for (const [, product] of stock) {
    const labels = stockLabelsText(product);
    const moved = await tx
      .update(products)
      .set({ stockLabels: labels })
      .where(and(eq(products.id, product.productId), ne(products.stockLabels, labels)))
      .returning({ shopId: products.shopId });
    for (const row of moved) changedShops.add(row.shopId);
  }
  for (const shopId of changedShops) {
    await tx
      .update(shops)
      .set({ contentVersion: sql`${shops.contentVersion} + 1` })
      .where(eq(shops.id, shopId));
  }
}

/** One variant's stock as the pages show it. */
export type VariantStock = {
  id: number;
  options: Record<string, string>;
  optionKey: string;
  position: number;
  sku: string | null;
  priceCents: number | null;
  stock: number | null;
  reserved: number;
  /** Units neither sold nor held (expired holds are free); null when not tracked. */
  available: number | null;
  archived: boolean;
};
/** A product's variants (live ones, in the seller's order) and its shop's threshold. */
export type ProductStock = { productId: number; shopId: number; onSale: boolean; threshold: number; variants: VariantStock[] };

/**
 * The stock of these products, in three indexed queries whatever their number: their
 * variants, the holds that ran out unreleased, their shops' thresholds.
 */
export async function productStock(db: Transaction, productIds: number[], now: Date): Promise<Map<number, ProductStock>> {
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      variant: productVariants,
      onSale: products.isInStock,
      threshold: shops.lowStockThreshold,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(shops, eq(shops.id, productVariants.shopId))
    .where(and(inArray(productVariants.productId, ids), isNull(productVariants.archivedAt)))
    .orderBy(productVariants.productId, productVariants.position, productVariants.id);
  const expired = await expiredHeldUnits(
    db,
    rows.filter((r) => r.variant.stock !== null && r.variant.reserved > 0).map((r) => r.variant.id),
    now,
  );
  const result = new Map<number, ProductStock>();
  for (const { variant: v, onSale, threshold } of rows) {
    let product = result.get(v.productId);
    if (!product) result.set(v.productId, (product = { productId: v.productId, shopId: v.shopId, onSale, threshold, variants: [] }));
    product.variants.push({
      id: v.id,
      options: v.options,
      optionKey: v.optionKey,
      position: v.position,
      sku: v.sku,
      priceCents: v.priceCents,
      stock: v.stock,
      reserved: v.reserved,
      available: v.stock === null ? null : Math.max(0, v.stock - v.reserved + (expired.get(v.id) ?? 0)),
      archived: false,
    });
  }
  return result;
}

/** The labels a product's pages show (the product's and each variant's), as one text. */
export function stockLabelsText(product: ProductStock): string {
  const own = stockLabelKey(stockLabel(productAvailable(product.variants), product.threshold, product.onSale));
  const perVariant =
    product.variants.length > 1 ? product.variants.map((v) => `${v.id}=${stockLabelKey(stockLabel(v.available, product.threshold))}`) : [];
  return [own, ...perVariant].join(",");
}

/** An order whose units are still to be paid for: neither paid nor cancelled. */
function awaitsPayment(order: { status: OrderStatus; paymentStatus: PaymentStatus }): boolean {
  return order.status !== "cancelled" && !isPaid(order.paymentStatus);
}

/**
 * The shopper is about to pay an order (the payment step, the API's `pay/`): its units must
 * still be held. A hold past its end that nothing released yet is simply extended (nobody
 * else had its units); a released one is taken again if units are left, for a new hold
 * time; otherwise the order cannot be paid (409 "sold out"), so nobody is charged for
 * nothing. Returns the order's hold end (null: nothing tracked).
 */
export async function ensureOrderHeld(tx: Transaction, orderId: number, now: Date): Promise<Date | null> {
  const heldByOrder = () =>
    tx
      .select({ expiresAt: stockHolds.expiresAt })
      .from(stockHolds)
      .where(and(eq(stockHolds.orderId, orderId), eq(stockHolds.state, "held")));
  const [[order], items, heldBefore] = await Promise.all([
    tx
      .select({
        id: orders.id,
        shopId: orders.shopId,
        reservedUntil: orders.reservedUntil,
        holdMinutes: shops.holdMinutes,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
      })
      .from(orders)
      .innerJoin(shops, eq(shops.id, orders.shopId))
      .where(eq(orders.id, orderId))
      .limit(1),
    tx.select({ variantId: orderItems.variantId, quantity: orderItems.quantity }).from(orderItems).where(eq(orderItems.orderId, orderId)),
    heldByOrder(),
  ]);
  // Paid (its units are sold holds) or cancelled: there is nothing left to hold for it.
  if (!order || !awaitsPayment(order)) return null;
  // Held and not past its end (the shipping step just placed it): nothing to change, so no
  // lock to wait for (the card step of a drop asks this of every order).
  const running = (held: { expiresAt: Date }[]) => held.length > 0 && held.every((h) => h.expiresAt > now);
  if (running(heldBefore)) return order.reservedUntil;
  const variants = await variantsById(
    tx,
    items.flatMap((i) => (i.variantId === null ? [] : [i.variantId])),
  );
  const tracked = items.filter((i) => i.variantId !== null && variants.get(i.variantId)?.stock != null);
  if (tracked.length === 0) return null;
  // The order's row before the shop's, as a payment being recorded (markOrderPaid, then its
  // sale) and a cancel take them: taken the other way round, this deadlocked with the
  // order's own payment landing (PostgreSQL).
  await lockRows(tx, orders, eq(orders.id, orderId), "no key update");
  await lockShopsForStock(tx, [order.shopId]);
  const [held, [current]] = await Promise.all([
    heldByOrder(),
    tx.select({ status: orders.status, paymentStatus: orders.paymentStatus }).from(orders).where(eq(orders.id, orderId)),
  ]);
  // Its payment landed (or the seller cancelled it) while this waited for the locks: a hold
  // taken now would keep units from everyone for an order that no longer needs them.
  if (!current || !awaitsPayment(current)) return null;
  const until = order.reservedUntil && order.reservedUntil > now ? order.reservedUntil : holdEnd(now, order.holdMinutes);
  if (running(held)) return order.reservedUntil;
  if (held.length > 0) {
    await tx
      .update(stockHolds)
      .set({ expiresAt: until, updatedAt: now })
      .where(and(eq(stockHolds.orderId, orderId), eq(stockHolds.state, "held")));
  } else {
    await holdUnits(tx, {
      shopId: order.shopId,
      orderId,
      lines: tracked.map((item, index) => ({ variantId: item.variantId!, quantity: item.quantity, index })),
      expiresAt: until,
      now,
      shopLocked: true,
    });
  }
  if (order.reservedUntil?.getTime() !== until.getTime())
    await tx.update(orders).set({ reservedUntil: until }).where(eq(orders.id, orderId));
  return until;
}

/**
 * Units of a paid order go back on sale (a cancellation or a refund the seller restocks):
 * its sold holds are marked released, so the same units never come back twice.
 */
export async function restockOrderUnits(tx: Transaction, orderId: number, actorUserId: number | null, now: Date): Promise<number[]> {
  const [order] = await tx.select({ shopId: orders.shopId }).from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!order) return [];
  await lockShopsForStock(tx, [order.shopId]);
  const sold = await tx
    .update(stockHolds)
    .set({ state: "released", updatedAt: now })
    .where(and(eq(stockHolds.orderId, orderId), eq(stockHolds.state, "sold")))
    .returning({ variantId: stockHolds.variantId, quantity: stockHolds.quantity });
  const variants = await variantsById(
    tx,
    sold.map((h) => h.variantId),
  );
  for (const hold of sold) {
    const variant = variants.get(hold.variantId);
    if (!variant || variant.stock === null) continue;
    const [after] = await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${hold.quantity}`, updatedAt: now })
      .where(eq(productVariants.id, hold.variantId))
      .returning({ stock: productVariants.stock });
    await tx.insert(stockMovements).values({
      shopId: variant.shopId,
      productId: variant.productId,
      variantId: hold.variantId,
      kind: "restock",
      stockDelta: hold.quantity,
      stockAfter: after?.stock ?? null,
      orderId,
      actorUserId,
      createdAt: now,
    });
  }
  const ids = sold.map((h) => h.variantId);
  await noteStockChange(tx, ids, now);
  return ids;
}

/** The background sweep: holds that ran out, a batch at a time; returns the variants whose units came back. */
export async function sweepExpiredHolds(now: Date): Promise<number[]> {
  const released = await writeTransaction((tx) => releaseExpiredHolds(tx, undefined, now));
  return released.map((r) => r.variantId);
}
