// The order in which stock changes lock rows, on a real PostgreSQL server (docs/stock.md): a
// payment step taking back an order's ended hold takes the order's row before its shop's, as a
// payment being recorded (its order's row, then its sale's shop) and a seller's cancel do; a
// seller's save of a product takes the shop's row before its variants', as every stock change
// and every order do. The other way round, each deadlocked with the other (PostgreSQL answers
// one of them with an error).
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { updateProduct } from "~/domain/catalogue/manage.server";
import { startPayment } from "~/domain/payments/intents.server";
import { createProduct } from "../unit/factories";
import { holdsOf, onlyVariant, orderInput, orderRow, payableShop, place, variantRow, viewerNo } from "../unit/stock-drops";
import { lockHolder } from "../support/lock-holder";

const { other, openTransaction, someoneWaitsForALock } = lockHolder();
const watcher = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} });
afterAll(() => Promise.all([other.end(), watcher.end()]));

describe("the payment step and the order's own payment", () => {
  it("a payment step taking back an order's ended hold waits for the order's row before it takes the shop's, as a payment does", async () => {
    const shop = await payableShop();
    const product = await createProduct(shop.id, { name: "Drop Sweater", priceCents: 2500, stock: 5 });
    const variant = await onlyVariant(product.id);
    const order = await place(shop, 1, orderInput({ productId: product.id }, 2500));
    // Its hold ran out, nothing released it: the payment step extends it (ensureOrderHeld).
    await watcher`update stock_holds set expires_at = now() - interval '1 minute' where order_id = ${order.id}`;
    await watcher`update orders set reserved_until = now() - interval '1 minute' where id = ${order.id}`;

    // What a payment being recorded holds (markOrderPaid) before its sale locks the shop: the order's row.
    const paying = await openTransaction((sql) => sql`select 1 from orders where id = ${order.id} for no key update`);
    let started: Promise<unknown> | undefined;
    try {
      started = startPayment(order.id, viewerNo(1), "simulated", shop.id);
      await someoneWaitsForALock(started);
      // Waiting for the order's row, it holds no shop's row: had it, that payment would deadlock with it.
      const [shopFree] = await watcher.begin((sql) => sql`select 1 as free from shops where id = ${shop.id} for no key update nowait`);
      expect(shopFree).toEqual({ free: 1 });
    } finally {
      paying.release();
      await paying.done;
    }
    await started;
    expect((await orderRow(order.id)).reservedUntil!.getTime()).toBeGreaterThan(Date.now());
    expect(await variantRow(variant.id)).toMatchObject({ stock: 5, reserved: 1 });
    expect((await holdsOf(variant.id)).map((h) => h.state)).toEqual(["held"]);
  });
});

describe("a seller's save of a product during a drop", () => {
  it("waits for the shop's row before it writes its variants' rows, as an order does", async () => {
    const shop = await payableShop({ lowStockThreshold: 5 });
    const product = await createProduct(shop.id, { name: "Drop Sweater", priceCents: 2500, stock: 20 });
    const variant = await onlyVariant(product.id);

    // What an order being placed holds before it takes its units: its shop's row.
    const placing = await openTransaction((sql) => sql`select 1 from shops where id = ${shop.id} for no key update`);
    let saving: Promise<unknown> | undefined;
    try {
      // Down to 3: "Only 3 left", a label that renews the shop's page cache (its row).
      saving = updateProduct(shop.id, product.id, { stock: 3 }, null, shop.ownerId);
      await someoneWaitsForALock(saving);
      // Waiting for the shop, it holds no variant: that order, taking its units next, would deadlock with it.
      const [variantFree] = await watcher.begin(
        (sql) => sql`select 1 as free from product_variants where id = ${variant.id} for no key update nowait`,
      );
      expect(variantFree).toEqual({ free: 1 });
    } finally {
      placing.release();
      await placing.done;
    }
    await saving;
    expect(await variantRow(variant.id)).toMatchObject({ stock: 3, reserved: 0 });
  });
});
