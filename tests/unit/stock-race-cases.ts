// The races of a drop (issue 27), run by tests/unit/stock-races.test.ts on SQLite and PGlite
// and by tests/postgres/stock-races.test.ts on a real PostgreSQL, where the orders run side by
// side on the pool's connections.
import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { ConflictError } from "~/domain/errors.server";
import { OutOfStockError, productStock } from "~/domain/stock/holds.server";
import { changeStock, type StockChange } from "~/domain/stock/stock.server";
import { getDatabase } from "~db/client";
import { orders, stockHolds } from "~db/schema";
import { createProduct } from "./factories";
import {
  holdsOf,
  movementsOf,
  onlyVariant,
  orderInput,
  orderRow,
  pay,
  payableShop,
  place,
  productWithVariants,
  variantRow,
} from "./stock-drops";

/**
 * Runs every call at once and settles them all, checking they really overlapped: each was
 * under way before the first one finished (none waited for another to start).
 */
export async function allAtOnce<T>(calls: (() => Promise<T>)[]): Promise<PromiseSettledResult<T>[]> {
  let started = 0;
  let startedWhenFirstSettled: number | null = null;
  const settled = await Promise.allSettled(
    calls.map(async (call) => {
      started++;
      try {
        return await call();
      } finally {
        startedWhenFirstSettled ??= started;
      }
    }),
  );
  expect(startedWhenFirstSettled).toBe(calls.length);
  return settled;
}

const fulfilled = <T>(results: PromiseSettledResult<T>[]) => results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
const refusals = (results: PromiseSettledResult<unknown>[]) =>
  results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));

// A hundred checkouts and twenty payments take seconds on PGlite, more on a busy machine.
const DROP_TIMEOUT_MS = 90_000;

/** The cases, for a `describe` of each engine. */
export function dropRaces(): void {
  it(
    "100 orders at once for 20 units: exactly 20 held, 80 told sold out (409 out_of_stock), then the 20 paid and the stock at 0",
    async () => {
      const shop = await payableShop();
      const product = await createProduct(shop.id, { name: "Drop Sweater", priceCents: 2500, stock: 20 });
      const variant = await onlyVariant(product.id);

      const results = await allAtOnce(
        Array.from({ length: 100 }, (_, n) => () => place(shop, n, orderInput({ productId: product.id }, 2500))),
      );
      const placed = fulfilled(results);
      const refused = refusals(results);
      expect(placed).toHaveLength(20);
      expect(refused).toHaveLength(80);
      for (const error of refused) {
        expect(error).toBeInstanceOf(OutOfStockError);
        expect(error).toMatchObject({ status: 409, code: "out_of_stock", fieldErrors: { "items.0.quantity": ["stock.errors.sold_out"] } });
      }
      // A refused order created nothing: 20 orders, each with its own hold of one unit.
      expect(await getDatabase().select().from(orders).where(eq(orders.shopId, shop.id))).toHaveLength(20);
      const holds = await holdsOf(variant.id);
      expect(holds.map((h) => [h.state, h.quantity])).toEqual(Array.from({ length: 20 }, () => ["held", 1]));
      expect(new Set(holds.map((h) => h.orderId))).toEqual(new Set(placed.map((o) => o.id)));
      expect(await variantRow(variant.id)).toMatchObject({ stock: 20, reserved: 20 });
      for (const order of placed) expect(order.reservedUntil).toBeInstanceOf(Date);

      // The 20 pay, all at once too, through the simulated provider's card form and event.
      const shopperOf = new Map(results.flatMap((r, n) => (r.status === "fulfilled" ? [[r.value.id, n] as const] : [])));
      const payments = await allAtOnce(placed.map((order) => () => pay(order.id, shopperOf.get(order.id)!, shop.id)));
      expect(fulfilled(payments).map((intent) => intent.status)).toEqual(Array.from({ length: 20 }, () => "succeeded"));
      for (const order of placed)
        expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "succeeded", status: "pending", stockRefundedAt: null });

      expect(await variantRow(variant.id)).toMatchObject({ stock: 0, reserved: 0 });
      expect((await productStock(getDatabase(), [product.id], new Date())).get(product.id)?.variants[0]?.available).toBe(0);
      const sales = await movementsOf(variant.id, "sale");
      expect(sales).toHaveLength(20);
      expect(sales.map((m) => m.stockDelta)).toEqual(Array.from({ length: 20 }, () => -1));
      expect(new Set(sales.map((m) => m.orderId))).toEqual(new Set(placed.map((o) => o.id)));
      expect((await holdsOf(variant.id)).every((h) => h.state === "sold")).toBe(true);
      // One more shopper is told at once.
      await expect(place(shop, 100, orderInput({ productId: product.id }, 2500))).rejects.toMatchObject({ code: "out_of_stock" });
    },
    DROP_TIMEOUT_MS,
  );

  it(
    "sizes S, M and L, 5 of each, 60 shoppers on random sizes: each size sells its 5 and no more",
    async () => {
      const shop = await payableShop();
      const sizes = ["S", "M", "L"];
      const { product, variants } = await productWithVariants(
        shop.id,
        [{ name: "Size", values: sizes }],
        sizes.map((size) => ({ options: { Size: size }, stock: 5 })),
        3000,
      );
      // Random but every size wanted by more shoppers than it has units.
      const wanted = Array.from({ length: 60 }, (_, n) => (n < 30 ? n % 3 : Math.floor(Math.random() * 3)));
      const results = await allAtOnce(
        wanted.map((size, n) => () => place(shop, n, orderInput({ productId: product.id, variantId: variants[size]!.id }, 3000))),
      );
      const placed = fulfilled(results);
      expect(placed).toHaveLength(15);
      expect(refusals(results).every((e) => e instanceof OutOfStockError)).toBe(true);
      for (const [index, variant] of variants.entries()) {
        const asked = wanted.filter((size) => size === index).length;
        const holds = await holdsOf(variant.id);
        expect(holds).toHaveLength(5);
        expect(asked).toBeGreaterThan(5);
        expect(await variantRow(variant.id)).toMatchObject({ stock: 5, reserved: 5 });
      }
      const stock = (await productStock(getDatabase(), [product.id], new Date())).get(product.id)!;
      expect(stock.variants.map((v) => v.available)).toEqual([0, 0, 0]);
      // Each order names the size it holds.
      const held = await getDatabase().select().from(stockHolds).where(eq(stockHolds.shopId, shop.id));
      for (const [n, result] of results.entries()) {
        if (result.status !== "fulfilled") continue;
        expect(held.find((h) => h.orderId === result.value.id)?.variantId).toBe(variants[wanted[n]!]!.id);
      }
    },
    DROP_TIMEOUT_MS,
  );

  it(
    "the seller's set and adjust racing with holds never leave the stock below the units held",
    async () => {
      const shop = await payableShop();
      const product = await createProduct(shop.id, { priceCents: 1000, stock: 10 });
      const variant = await onlyVariant(product.id);
      const changes: StockChange[] = [
        { set: 4 },
        { adjust: -3 },
        { adjust: 5 },
        { set: 0 },
        { adjust: -2 },
        { set: 12 },
        { adjust: -20 },
        { set: 6 },
      ];
      // Orders and the seller's changes interleaved (a change after every fourth order), all under way at once.
      const calls: { kind: "order" | "change"; run: () => Promise<unknown> }[] = [];
      for (let n = 0; n < 32; n++) {
        calls.push({ kind: "order", run: () => place(shop, n, orderInput({ productId: product.id }, 1000)) });
        const change = n % 4 === 3 ? changes[(n - 3) / 4] : undefined;
        if (change) calls.push({ kind: "change", run: () => changeStock(shop.id, product.id, change, shop.ownerId) });
      }
      const results = await allAtOnce(calls.map((call) => call.run));

      const after = await variantRow(variant.id);
      const held = (await holdsOf(variant.id)).filter((h) => h.state === "held");
      // The counters say what the rows say, and the stock covers every unit held.
      expect(after.reserved).toBe(held.reduce((sum, h) => sum + h.quantity, 0));
      expect(after.stock!).toBeGreaterThanOrEqual(after.reserved);
      // Every change either went through (recorded, with who) or was refused as below the units held.
      const applied = await movementsOf(variant.id, "manual");
      const changeResults = results.filter((_, i) => calls[i]!.kind === "change");
      expect(applied).toHaveLength(fulfilled(changeResults).length);
      expect(applied.every((m) => m.actorUserId === shop.ownerId)).toBe(true);
      for (const error of refusals(changeResults)) {
        expect(error).toBeInstanceOf(ConflictError);
        expect((error as ConflictError).messageKey).toBe("stock.errors.below_held");
      }
      // The last change applied is the stock now.
      expect(applied.at(-1)?.stockAfter ?? 10).toBe(after.stock);
      const orderResults = results.filter((_, i) => calls[i]!.kind === "order");
      expect(fulfilled(orderResults)).toHaveLength(held.length);
      expect(refusals(orderResults).every((e) => e instanceof OutOfStockError)).toBe(true);
      expect(applied.length).toBeGreaterThan(0);
      expect(refusals(changeResults).length).toBeGreaterThan(0);
    },
    DROP_TIMEOUT_MS,
  );
}
