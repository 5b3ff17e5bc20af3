import { afterEach, describe, expect, it, vi } from "vitest";
import { createOrder } from "~/domain/orders/orders.server";
import { OutOfStockError } from "~/domain/stock/holds.server";
import { releaseUnitsOfExpiredHolds } from "~/domain/stock/stock.server";
import { productStock } from "~/domain/stock/holds.server";
import { getDatabase } from "~db/client";
import { createProduct, createShop, CHECKOUT_DETAILS, TEST_SHOPPER } from "./factories";

const details = CHECKOUT_DETAILS;
const shopper = TEST_SHOPPER;

afterEach(() => vi.useRealTimers());

describe("holds", () => {
  it("holds units at order time and refuses what is not left, creating nothing", async () => {
    const shop = await createShop();
    const product = await createProduct(shop.id, { stock: 3 });
    const order = (quantity: number) =>
      createOrder(shop, { ...details, totalAmountCents: 1000 * quantity, items: [{ productId: product.id, quantity }] }, shopper);
    const first = await order(2);
    expect(first.reservedUntil).toBeInstanceOf(Date);
    const refused = await order(2).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OutOfStockError);
    expect((refused as OutOfStockError).fieldErrors).toEqual({ "items.0.quantity": ["stock.errors.only_left?count=1"] });
    await order(1);
    await expect(order(1)).rejects.toMatchObject({ messageKey: "stock.errors.sold_out" });
    const stock = await productStock(getDatabase(), [product.id], new Date());
    expect(stock.get(product.id)?.variants[0]).toMatchObject({ stock: 3, reserved: 3, available: 0 });
  });

  it("an expired hold frees its units for the next order even before any sweep", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const shop = await createShop();
    const product = await createProduct(shop.id, { stock: 1 });
    const order = () => createOrder(shop, { ...details, totalAmountCents: 1000, items: [{ productId: product.id, quantity: 1 }] }, shopper);
    await order();
    await expect(order()).rejects.toBeInstanceOf(OutOfStockError);
    vi.setSystemTime(Date.now() + 11 * 60_000);
    expect((await productStock(getDatabase(), [product.id], new Date())).get(product.id)?.variants[0]?.available).toBe(1);
    await order();
    vi.setSystemTime(Date.now() + 11 * 60_000);
    await releaseUnitsOfExpiredHolds(new Date());
    expect((await productStock(getDatabase(), [product.id], new Date())).get(product.id)?.variants[0]).toMatchObject({
      reserved: 0,
      available: 1,
    });
  });
});
