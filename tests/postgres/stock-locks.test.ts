// Which locks a drop's payments wait for, on a real PostgreSQL server (issue 27's figures):
// every order of a drop holds its shop's row from its number to its commit, so a payment
// whose units are still held must not queue for that row; and when a release lands in the
// middle of such a payment, the sale starts over under the lock instead of counting twice; and
// an order and a payment let go of those rows without waiting for their node's event loop; and a
// seller's release of a claim waits for the checkout moving it to an order, and units coming
// back wait for a waitlist sign-up under way, and a shopper's edit of an unpaid order for a
// payment landing.
import { eq } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { placeClaimsOrder } from "~/domain/checkout/claims-checkout.server";
import { claimFromComment, releaseClaim } from "~/domain/claims/claims.server";
import { createLive } from "~/domain/lives/lives.server";
import { changeStock } from "~/domain/stock/stock.server";
import { joinWaitlist } from "~/domain/stock/waitlist.server";
import { getDatabase } from "~db/client";
import { claims, products, waitlistEntries } from "~db/schema";
import { CHECKOUT_DETAILS, createProduct, createShop, TEST_SHOPPER } from "../unit/factories";
import {
  holdsOf,
  movementsOf,
  onlyVariant,
  orderInput,
  orderRow,
  pay,
  payableShop,
  place,
  successCard,
  variantRow,
  viewerNo,
} from "../unit/stock-drops";
import { updateUnpaidOrder } from "~/domain/orders/orders.server";
import { startPayment } from "~/domain/payments/intents.server";
import { payOrderWithSimulatedCard } from "~/domain/payments/simulated-actions.server";
import { lockHolder } from "../support/lock-holder";

const { other, openTransaction, someoneWaitsForALock } = lockHolder();
// Its own connections: the transactions it starts and the queries watching them run side by side.
const watcher = postgres(process.env.DATABASE_URL!, { max: 3, onnotice: () => {} });
// One connection, as postgres.js wants for a transaction written out in one query.
const holder = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
afterAll(() => Promise.all([other.end(), watcher.end(), holder.end()]));

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

/** Keeps this process's event loop busy for `ms`, as a node rendering other shoppers' pages does. */
function busyFor(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) Math.sqrt(until);
}

// Long enough for both writers to be seen queueing on a busy 2-core machine (half a second was
// not: a writer that came after the lock's end never queued, and the test waited for it forever;
// two seconds failed once in a full run with the whole suite's load).
const HOLD_MS = 4_000;

/**
 * Holds `lock` (a `select ... for no key update` of one row) for HOLD_MS in a transaction run
 * wholly by the server (one simple query), then answers when it let go (the server's clock).
 */
function holdTheLock(lock: string): Promise<Date> {
  return holder
    .unsafe(`begin; ${lock}; select pg_sleep(${HOLD_MS / 1000}); select clock_timestamp() as released; commit;`)
    .simple()
    .then((results) => (results as unknown as { released: Date }[][])[3]![0]!.released);
}

/** Waits until `count` connections of the database wait for a lock (a clear failure after `HOLD_MS`). */
async function waitersForALock(count: number): Promise<void> {
  const giveUpAt = Date.now() + HOLD_MS;
  for (;;) {
    const [row] =
      await watcher`select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`;
    if (row!.waiting >= count) return;
    if (Date.now() > giveUpAt) throw new Error(`${count} connection(s) never waited for the lock while it was held`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("the rows a drop queues for are let go without waiting for this node", () => {
  // The row is locked by a transaction of the server's own; `write` (an order, a payment) queues
  // for it, and another writer queues behind; this node is then busy until a second past the
  // lock's end. The rows are let go within that time only if `write`'s last statements and its
  // COMMIT were already sent.
  // (postgres.js first asks the server the types of a statement new to a connection, a round
  // trip before it is sent: `warmUp` does the same writes on all the pool's connections first.)
  async function nextWriterWaits(warmUp: () => Promise<unknown>, lock: string, write: () => Promise<unknown>, next: string) {
    await warmUp();
    const heldFrom = Date.now();
    const released = holdTheLock(lock);
    await waitersForALock(0);
    const writing = write();
    await waitersForALock(1);
    const nextGotIt = watcher.unsafe(next).then((rows) => (rows as unknown as { at: Date }[])[0]!.at);
    await waitersForALock(2);
    busyFor(heldFrom + HOLD_MS + 1_000 - Date.now());
    await writing;
    return (await nextGotIt).getTime() - (await released).getTime();
  }
  const POOL = 10;
  const each = <T>(count: number, call: (i: number) => Promise<T>) => Promise.all(Array.from({ length: count }, (_, i) => call(i)));

  it("an order's number and units", async () => {
    const shop = await payableShop();
    const product = await createProduct(shop.id, { name: "Drop Sweater", priceCents: 2500, stock: 50 });
    const variant = await onlyVariant(product.id);
    const waited = await nextWriterWaits(
      () => each(POOL, (i) => place(shop, 100 + i, orderInput({ productId: product.id }, 2500))),
      `select 1 from shops where id = ${shop.id} for no key update`,
      () => place(shop, 1, orderInput({ productId: product.id }, 2500)),
      `update shops set next_order_number = next_order_number where id = ${shop.id} returning clock_timestamp() as at`,
    );
    expect(waited).toBeLessThan(750);
    expect(await variantRow(variant.id)).toMatchObject({ stock: 50, reserved: POOL + 1 });
  });

  it("a payment's sale", async () => {
    const shop = await payableShop();
    const product = await createProduct(shop.id, { name: "Drop Sweater", priceCents: 2500, stock: 50 });
    const variant = await onlyVariant(product.id);
    const orders = await each(POOL + 1, (i) => place(shop, 100 + i, orderInput({ productId: product.id }, 2500)));
    const waited = await nextWriterWaits(
      () => each(POOL, (i) => pay(orders[i]!.id, 100 + i, shop.id)),
      `select 1 from product_variants where id = ${variant.id} for no key update`,
      () => pay(orders[POOL]!.id, 100 + POOL, shop.id),
      `update product_variants set updated_at = updated_at where id = ${variant.id} returning clock_timestamp() as at`,
    );
    expect(waited).toBeLessThan(750);
    expect(await variantRow(variant.id)).toMatchObject({ stock: 50 - POOL - 1, reserved: 0 });
  });
});

describe("a claim released while its viewer checks it out", () => {
  it("is refused once the checkout made it the order's (409), and the order keeps it", async () => {
    const shop = await createShop();
    const live = await createLive(shop.id, { title: "Drop", platform: "tiktok", scheduledAt: null });
    const product = await createProduct(shop.id, { name: "Scarf", priceCents: 1000, stock: 1 });
    await getDatabase().update(products).set({ code: "A7" }).where(eq(products.id, product.id));
    const claimed = await claimFromComment({
      shopId: shop.id,
      liveId: live.id,
      platform: "tiktok",
      author: { handle: "lea" },
      text: "SOLD A7",
    });
    if (!claimed.claimed) throw new Error(`not claimed: ${claimed.reason}`);
    const token = claimed.claim.link.split("/c/")[1]!;

    // The claim's row held elsewhere a moment, so that both requests are under way together.
    const holding = await openTransaction((sql) => sql`select 1 from claims where id = ${claimed.claim.id} for update`);
    const checkingOut = placeClaimsOrder({
      shop,
      liveCode: live.code,
      token,
      input: { ...CHECKOUT_DETAILS, totalAmountCents: 1000 },
      shopper: TEST_SHOPPER,
    });
    await waitersForALock(1);
    // The seller's release: it read the claim as held by nobody's order, then waited.
    const releasing = releaseClaim({ shopId: shop.id, liveId: live.id, claimId: claimed.claim.id, actorUserId: shop.ownerId });
    await waitersForALock(2);
    holding.release();
    await holding.done;
    const [placed, released] = await Promise.allSettled([checkingOut, releasing]);

    expect(placed.status).toBe("fulfilled");
    expect(released.status === "rejected" && released.reason).toMatchObject({ messageKey: "claims.errors.in_order" });
    const [claim] = await getDatabase().select().from(claims).where(eq(claims.id, claimed.claim.id));
    expect(claim).toMatchObject({ status: "held", orderId: placed.status === "fulfilled" ? placed.value.order.id : -1 });
  });
});

describe("a shopper joining the waitlist while units come back", () => {
  it("is offered the unit: never left waiting while it is free", async () => {
    const shop = await createShop();
    const product = await createProduct(shop.id, { name: "Scarf", priceCents: 1000, stock: 0 });
    const variant = await onlyVariant(product.id);
    const email = "wait@example.test";
    // The same sign-up under way in another request: the join's insert waits for it.
    const holding = await openTransaction(
      (sql) =>
        sql`insert into waitlist_entries (shop_id, product_id, variant_id, email, created_at, updated_at) values (${shop.id}, ${product.id}, ${variant.id}, ${email}, now(), now())`,
    );
    const joining = joinWaitlist({ shopId: shop.id, productId: product.id, variantId: null, email, language: "en" });
    // The join found the product sold out, then waited to write its entry.
    await waitersForALock(1);
    // Meanwhile a unit comes back and is offered to whoever waits (nobody yet, without the lock).
    const restocking = changeStock(shop.id, product.id, { adjust: 1 }, shop.ownerId);
    await Promise.race([restocking, waitersForALock(2)]);
    holding.release();
    await holding.done;
    await Promise.all([joining, restocking]);
    const [entry] = await getDatabase().select().from(waitlistEntries).where(eq(waitlistEntries.variantId, variant.id));
    expect(entry?.state).toBe("offered");
  });
});

describe("a shopper editing an order while it is paid in another tab", () => {
  it("is refused once the payment landed (409), and the paid order keeps its address", async () => {
    const shop = await payableShop();
    const product = await createProduct(shop.id, { name: "Scarf", priceCents: 2500, stock: 5 });
    const order = await place(shop, 1, orderInput({ productId: product.id }, 2500));
    await startPayment(order.id, viewerNo(1), "simulated", shop.id);
    // The order's row held elsewhere a moment, so that both requests are under way together.
    const holding = await openTransaction((sql) => sql`select 1 from orders where id = ${order.id} for update`);
    const paying = payOrderWithSimulatedCard(order.id, successCard());
    await waitersForALock(1);
    // The edit read the order as unpaid, then waited to write it.
    const editing = updateUnpaidOrder(order.id, { ...CHECKOUT_DETAILS, address: "9 rue Nouvelle", totalAmountCents: 2500 }, viewerNo(1));
    await waitersForALock(2);
    holding.release();
    await holding.done;
    const [paid, edited] = await Promise.allSettled([paying, editing]);
    expect(paid.status).toBe("fulfilled");
    expect(edited.status === "rejected" && edited.reason).toMatchObject({ messageKey: "payments.errors.already_paid" });
    expect(await orderRow(order.id)).toMatchObject({ paymentStatus: "succeeded", address: order.address });
  });
});
