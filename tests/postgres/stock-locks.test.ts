// Which locks a drop's payments wait for, on a real PostgreSQL server (issue 27's figures):
// every order of a drop holds its shop's row from its number to its commit, so a payment
// whose units are still held must not queue for that row; and when a release lands in the
// middle of such a payment, the sale starts over under the lock instead of counting twice.
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { createProduct } from "../unit/factories";
import { holdsOf, movementsOf, onlyVariant, orderInput, orderRow, pay, payableShop, place, variantRow } from "../unit/stock-drops";

const other = postgres(process.env.DATABASE_URL!, { max: 2, onnotice: () => {} });
afterAll(() => other.end());

/** Runs `hold` in a transaction of its own connection, kept open until `release()` is called. */
async function openTransaction(hold: (sql: postgres.TransactionSql) => Promise<unknown>) {
  let release!: () => void;
  let ready!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const holding = new Promise<void>((resolve) => (ready = resolve));
  const done = other.begin(async (sql) => {
    await hold(sql);
    ready();
    await released;
  });
  await holding;
  return { release, done };
}

/** Waits until some other connection of the database waits for a lock. */
async function someoneWaitsForALock(): Promise<void> {
  for (;;) {
    const [row] =
      await other`select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`;
    if (row!.waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("a drop's payments and the shop's lock", () => {
  it("a payment whose units are still held is made while another order holds the shop's row", async () => {
    const shop = await payableShop();
    const product = await createProduct(shop.id, { name: "Drop Sweater", priceCents: 2500, stock: 5 });
    const variant = await onlyVariant(product.id);
    const order = await place(shop, 1, orderInput({ productId: product.id }, 2500));

    // What an order being placed holds: its shop's row, until it commits.
    const placing = await openTransaction((sql) => sql`select 1 from shops where id = ${shop.id} for no key update`);
    try {
      const intent = await pay(order.id, 1, shop.id);
      expect(intent.status).toBe("succeeded");
    } finally {
      placing.release();
      await placing.done;
    }
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "succeeded", stockRefundedAt: null });
    expect(await variantRow(variant.id)).toMatchObject({ stock: 4, reserved: 0 });
    expect((await holdsOf(variant.id)).map((h) => h.state)).toEqual(["sold"]);
    expect((await movementsOf(variant.id, "sale")).map((m) => [m.stockDelta, m.stockAfter])).toEqual([[-1, 4]]);
  });

  it("a hold released while its payment is being recorded: the sale starts over under the lock and counts once", async () => {
    const shop = await payableShop();
    const product = await createProduct(shop.id, { name: "Drop Sweater", priceCents: 2500, stock: 5 });
    const variant = await onlyVariant(product.id);
    const order = await place(shop, 1, orderInput({ productId: product.id }, 2500));

    // A release (a sweep, a cancellation) under way: the shop's row, then the order's hold and its unit.
    const releasing = await openTransaction(async (sql) => {
      await sql`select 1 from shops where id = ${shop.id} for no key update`;
      await sql`update stock_holds set state = 'released' where order_id = ${order.id}`;
      await sql`update product_variants set reserved = reserved - 1 where id = ${variant.id}`;
    });
    const paying = pay(order.id, 1, shop.id);
    // The payment reads its hold as held, then waits for the release's row lock.
    await someoneWaitsForALock();
    releasing.release();
    await releasing.done;
    const intent = await paying;

    expect(intent.status).toBe("succeeded");
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "succeeded", stockRefundedAt: null });
    // The unit was free again and is taken once: one unit off the stock, nothing left reserved.
    expect(await variantRow(variant.id)).toMatchObject({ stock: 4, reserved: 0 });
    expect((await movementsOf(variant.id, "sale")).map((m) => [m.stockDelta, m.reservedDelta, m.stockAfter])).toEqual([[-1, -1, 4]]);
  });
});
