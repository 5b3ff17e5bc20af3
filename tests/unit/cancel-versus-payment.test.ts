// "Cancel versus pay at once": a seller cancelling an unpaid order looks for its payment to
// cancel at the provider, then writes the cancel. A payment the shopper started just after that
// look (so nothing cancelled it) and made before the write must not leave a cancelled order
// paid: the cancel puts its units back and refunds it. On each engine (unit and unit-pg).
// `writeTransaction` is the real one, spied on so that the payment lands just before the
// cancel's status write.
import { eq } from "drizzle-orm";
import { afterEach, expect, it, vi } from "vitest";
import { changeOrderStatus } from "~/domain/payments/order-status-change.server";
import { getDatabase, writeTransaction } from "~db/client";
import { orderRefunds } from "~db/schema";
import { createProduct } from "./factories";
import { holdsOf, movementsOf, onlyVariant, orderInput, orderRow, pay, payableShop, place, variantRow } from "./stock-drops";

vi.mock("~db/client", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~db/client")>();
  return { ...actual, writeTransaction: vi.fn(actual.writeTransaction) };
});
afterEach(() => vi.mocked(writeTransaction).mockClear());

/** Runs `first` (committed) just before the next transaction opened starts, as a request landing in between would. */
function beforeNextTransaction(first: () => Promise<unknown>) {
  const original = vi.mocked(writeTransaction).getMockImplementation()!;
  vi.mocked(writeTransaction).mockImplementationOnce(async (work, db) => {
    await first();
    return original(work, db);
  });
}

it("a payment made while the seller cancels the order, before the cancel's write, is put back in stock and refunded in full", async () => {
  const shop = await payableShop();
  const product = await createProduct(shop.id, { priceCents: 2000, stock: 2 });
  const variantId = (await onlyVariant(product.id)).id;
  const order = await place(shop, 1, orderInput({ productId: product.id }, 2000));
  // The cancel claimed the order and found no payment to cancel; its status write is the next transaction.
  beforeNextTransaction(() => pay(order.id, 1, shop.id));
  const cancelled = await changeOrderStatus(order.id, "cancelled", { userId: shop.ownerId, shopId: shop.id });

  expect(cancelled).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
  expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", paymentStatus: "refunded", cancellingSince: null });
  expect(await getDatabase().select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id))).toMatchObject([
    { amountCents: 2000, status: "succeeded", actorUserId: shop.ownerId },
  ]);
  // Sold by the payment, back in stock with the cancel.
  expect(await movementsOf(variantId, "sale")).toMatchObject([{ orderId: order.id, stockDelta: -1 }]);
  expect(await movementsOf(variantId, "restock")).toMatchObject([{ orderId: order.id, stockDelta: 1, stockAfter: 2 }]);
  expect(await variantRow(variantId)).toMatchObject({ stock: 2, reserved: 0 });
  expect((await holdsOf(variantId)).map((h) => h.state)).toEqual(["released"]);
});
