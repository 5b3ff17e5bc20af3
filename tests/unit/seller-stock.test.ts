import { afterEach, describe, expect, it, vi } from "vitest";
import { and, asc, eq } from "drizzle-orm";
import { NotFoundError } from "~/domain/errors.server";
import { productStockHistory, sellerProductsWithStock, STOCK_HISTORY_PAGE_SIZE } from "~/domain/stock/seller-stock.server";
import { changeStock, releaseUnitsOfExpiredHolds } from "~/domain/stock/stock.server";
import { joinWaitlist } from "~/domain/stock/waitlist.server";
import { getDatabase } from "~db/client";
import { stockMovements } from "~db/schema";
import { createProduct, createShop, createUser } from "./factories";
import { formatted, orderOf, productWithSizes } from "./stock-fixtures";

// Issue 27, the seller's screens: the products list's stock and low-stock filter, and each
// product's stock history.

afterEach(() => vi.useRealTimers());

describe("the products list's stock and low-stock filter", () => {
  it("sums each product's variants, counts who waits, and keeps the tracked ones at the threshold or below", async () => {
    const shop = await createShop({ lowStockThreshold: 5 });
    const untracked = await createProduct(shop.id, { name: "Untracked" });
    const plenty = await createProduct(shop.id, { name: "Plenty", stock: 6 });
    const atThreshold = await createProduct(shop.id, { name: "At threshold", stock: 5 });
    const soldOut = await createProduct(shop.id, { name: "Sold out", stock: 0 });
    const heldDown = await createProduct(shop.id, { name: "Held down", stock: 8 });
    const archived = await createProduct(shop.id, { name: "Archived", stock: 1, archivedAt: new Date() });
    const sizes = await productWithSizes(shop.id, { S: 2, M: 0, L: 9 });
    await productWithSizes(shop.id, { S: 20, M: null }, "Mixed");
    await orderOf(shop, heldDown.id, null, 3);
    await joinWaitlist({
      shopId: shop.id,
      productId: sizes.product.id,
      variantId: sizes.variants.M!,
      email: "a@example.test",
      language: "en",
    });
    await joinWaitlist({
      shopId: shop.id,
      productId: sizes.product.id,
      variantId: sizes.variants.M!,
      email: "b@example.test",
      language: "fr",
    });
    await joinWaitlist({ shopId: shop.id, productId: soldOut.id, variantId: null, email: "c@example.test", language: "en" });

    const all = await sellerProductsWithStock(shop.id, { lowStock: false });
    const byName = new Map(all.products.map((p) => [p.name, p.stock]));
    expect(byName.get(untracked.name)).toMatchObject({ tracked: false, available: null, low: false, soldOut: false, waiting: 0 });
    expect(byName.get(plenty.name)).toMatchObject({ tracked: true, available: 6, onHand: 6, held: 0, low: false });
    expect(byName.get(heldDown.name)).toMatchObject({ available: 5, onHand: 8, held: 3, low: true, soldOut: false });
    expect(byName.get(soldOut.name)).toMatchObject({ available: 0, soldOut: true, low: true, waiting: 1 });
    expect(byName.get("Sweater")).toMatchObject({ hasOptions: true, available: 11, onHand: 11, low: true, soldOut: false, waiting: 2 });
    expect(byName.get("Sweater")?.variants.map((v) => [v.name, v.available, v.waiting])).toEqual([
      ["S", 2, 0],
      ["M", 0, 2],
      ["L", 9, 0],
    ]);
    // A variant not tracked leaves the product's total open, but its tracked ones still count.
    expect(byName.get("Mixed")).toMatchObject({ tracked: true, available: 20, soldOut: false, low: false });

    const low = await sellerProductsWithStock(shop.id, { lowStock: true });
    expect(low.products.map((p) => p.name).sort()).toEqual([atThreshold.name, heldDown.name, soldOut.name, "Sweater"].sort());
    expect(low.lowCount).toBe(4);
    expect(all.lowCount).toBe(4);
    expect(all.liveCount).toBe(all.products.length - 1);
    expect(low.products.map((p) => p.id)).not.toContain(archived.id);
  });

  it("follows the shop's threshold: at 0 only what is sold out", async () => {
    const shop = await createShop({ lowStockThreshold: 0 });
    await createProduct(shop.id, { name: "One left", stock: 1 });
    await createProduct(shop.id, { name: "None left", stock: 0 });
    const other = await createShop();
    await createProduct(other.id, { name: "Another shop's", stock: 0 });
    expect((await sellerProductsWithStock(shop.id, { lowStock: true })).products.map((p) => p.name)).toEqual(["None left"]);
  });
});

describe("a product's stock history", () => {
  it("lists sales, released holds, restocks and manual changes newest first, with the order, the variant and who", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const shop = await createShop();
    const seller = await createUser({ firstName: "Maya", lastName: "Seller" });
    const { product, variants } = await productWithSizes(shop.id, { S: 3, M: 1 });
    const tick = () => vi.setSystemTime(Date.now() + 1000);
    await changeStock(shop.id, product.id, { variantId: variants.S!, adjust: 2 }, seller.id);
    tick();
    const sale = await orderOf(shop, product.id, variants.S!, 1, { paid: true });
    tick();
    const unpaid = await orderOf(shop, product.id, variants.M!, 1);
    vi.setSystemTime(Date.now() + 11 * 60_000);
    await releaseUnitsOfExpiredHolds(new Date());

    const history = await productStockHistory(shop.id, product.id, 1);
    expect(history.product).toMatchObject({ id: product.id, name: "Sweater", archived: false });
    expect(history.count).toBe(3);
    expect(history.entries.map((e) => [e.kind, e.variant, e.stockDelta, e.reservedDelta, e.stockAfter, e.orderNumber, e.by])).toEqual([
      ["hold_released", "M", 0, -1, 1, formatted(unpaid), null],
      ["sale", "S", -1, -1, 4, formatted(sale), null],
      ["manual", "S", 2, 0, 5, null, "Maya Seller"],
    ]);
    expect(history.stock?.variants.map((v) => [v.name, v.stock, v.available])).toEqual([
      ["S", 4, 4],
      ["M", 1, 1],
    ]);
  });

  it("names each variant's order when one sweep releases the holds of several orders", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const shop = await createShop();
    const { product, variants } = await productWithSizes(shop.id, { S: 5, M: 5 });
    const small = await orderOf(shop, product.id, variants.S!, 1);
    await orderOf(shop, product.id, variants.M!, 1);
    await orderOf(shop, product.id, variants.M!, 2);
    vi.setSystemTime(Date.now() + 11 * 60_000);
    await releaseUnitsOfExpiredHolds(new Date());
    const released = await getDatabase()
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, product.id), eq(stockMovements.kind, "hold_released")))
      .orderBy(asc(stockMovements.variantId));
    // M's release is two orders' at once: no single order to name.
    expect(released.map((m) => [m.variantId, m.reservedDelta, m.orderId])).toEqual([
      [variants.S, -1, small.id],
      [variants.M, -3, null],
    ]);
  });

  it("pages by 25, shows an empty history, and is only the shop's own", async () => {
    const shop = await createShop();
    const product = await createProduct(shop.id, { stock: 0 });
    expect(await productStockHistory(shop.id, product.id, 1)).toMatchObject({ count: 0, entries: [] });
    for (let i = 0; i < STOCK_HISTORY_PAGE_SIZE + 1; i++) await changeStock(shop.id, product.id, { adjust: 1 }, shop.ownerId);
    const first = await productStockHistory(shop.id, product.id, 1);
    const second = await productStockHistory(shop.id, product.id, 2);
    expect([first.count, first.entries.length, second.entries.length]).toEqual([26, 25, 1]);
    expect(first.entries[0]?.stockAfter).toBe(26);
    expect(second.entries[0]?.stockAfter).toBe(1);
    const other = await createShop();
    await expect(productStockHistory(other.id, product.id, 1)).rejects.toBeInstanceOf(NotFoundError);
  });
});
