// The limited-stock drop (issue 27): the live's pinned product gets N units, then the crowd
// races for them through the live's link. What the shoppers were told is checked against the
// database, read directly (not through the app under test): exactly N orders paid, each
// charged once, the rest told "sold out" before any payment started, nobody refunded for a
// unit that was gone, the stock at 0 with nothing left held.
import fs from "node:fs";
import Database from "better-sqlite3";
import postgres from "postgres";

/** What the shop says when nothing is left (the shoppers' pages are in English). */
export const SOLD_OUT_TEXT = JSON.parse(fs.readFileSync(new URL("../locales/en/translation.json", import.meta.url), "utf8")).stock.errors
  .sold_out;

/** Steps at which a shopper may be told "sold out": the live page and the shipping step (its page, its form). */
export const SOLD_OUT_STEPS = ["live", "buy", "order"];

/** Runs `work(query)` on the database, `query(sql, ...params)` with `?` placeholders on both engines. */
export async function withDatabase(databaseUrl, work) {
  if (databaseUrl.startsWith("postgres")) {
    const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    try {
      return await work((text, ...params) => {
        let n = 0;
        return sql.unsafe(
          text.replace(/\?/g, () => `$${++n}`),
          params,
        );
      });
    } finally {
      await sql.end();
    }
  }
  // A second connection to the server's WAL-mode file; it waits while a worker writes.
  const db = new Database(databaseUrl.slice("file:".length), { fileMustExist: true });
  db.pragma("busy_timeout = 10000");
  try {
    return await work(async (text, ...params) => {
      const statement = db.prepare(text);
      return statement.reader ? statement.all(...params) : (statement.run(...params), []);
    });
  } finally {
    db.close();
  }
}

/**
 * The product's stock is set to `units` (it sold without a count until then: no unit is held),
 * as the seller's "set to" does, and the shop's cached pages are renewed. Returns the highest
 * order id so far: the drop's orders are those above it.
 */
export async function putUnitsOnSale(databaseUrl, productId, units) {
  return withDatabase(databaseUrl, async (query) => {
    const variants = await query("select id, reserved from product_variants where product_id = ?", productId);
    if (variants.length !== 1 || Number(variants[0].reserved) !== 0)
      throw new Error(`Product ${productId} is not a product without options and nothing held`);
    await query("update product_variants set stock = ? where product_id = ?", units, productId);
    await query("update shops set content_version = content_version + 1 where id = (select shop_id from products where id = ?)", productId);
    const [last] = await query("select coalesce(max(id), 0) as id from orders");
    return Number(last.id);
  });
}

/** What the database says of the drop's orders (those above `afterOrderId` with the product). */
export async function stockDropFigures(databaseUrl, productId, afterOrderId) {
  return withDatabase(databaseUrl, async (query) => {
    const dropOrders = "select distinct order_id from order_items where product_id = ? and order_id > ?";
    const count = async (text, ...params) => Number((await query(text, ...params))[0].n);
    const [variant] = await query("select stock, reserved from product_variants where product_id = ?", productId);
    return {
      placed: await count(`select count(*) as n from (${dropOrders}) placed`, productId, afterOrderId),
      paid: await count(
        `select count(*) as n from orders where payment_status = 'succeeded' and id in (${dropOrders})`,
        productId,
        afterOrderId,
      ),
      refundedForSoldOut: await count(
        `select count(*) as n from orders where stock_refunded_at is not null and id in (${dropOrders})`,
        productId,
        afterOrderId,
      ),
      // Payments started (an intent at the provider) and charges that went through.
      intents: await count(`select count(*) as n from payment_transactions where order_id in (${dropOrders})`, productId, afterOrderId),
      charges: await count(
        `select count(*) as n from simulated_payment_intents i join payment_transactions t on t.provider_payment_id = i.id ` +
          `where i.status = 'succeeded' and t.order_id in (${dropOrders})`,
        productId,
        afterOrderId,
      ),
      chargedOrders: await count(
        `select count(distinct t.order_id) as n from simulated_payment_intents i join payment_transactions t on t.provider_payment_id = i.id ` +
          `where i.status = 'succeeded' and t.order_id in (${dropOrders})`,
        productId,
        afterOrderId,
      ),
      sales: await count(
        "select count(*) as n from stock_movements where product_id = ? and kind = 'sale' and order_id > ?",
        productId,
        afterOrderId,
      ),
      stock: variant.stock === null ? null : Number(variant.stock),
      reserved: Number(variant.reserved),
    };
  });
}

/**
 * The drop's verdict: each check with what it compares. The shoppers' side (`drop`, from
 * runLiveDrop with the sold-out text) and the database's (`figures`) must tell the same story.
 */
export function judgeStockDrop(drop, figures, units) {
  const soldOutAt = (steps) => steps.reduce((total, step) => total + (drop.soldOutAt.get(step) ?? 0), 0);
  const beforePayment = soldOutAt(SOLD_OUT_STEPS);
  const afterShipping = drop.soldOut - beforePayment;
  const failed = drop.started - drop.completed - drop.soldOut;
  const checks = [
    { label: `paid orders = the ${units} units`, pass: figures.paid === units && drop.paidOrderIds.length === units },
    {
      label: `shoppers told "sold out" = the ${drop.shoppers - units} others, all before paying`,
      pass: drop.started === drop.shoppers && beforePayment === drop.shoppers - units && afterShipping === 0,
    },
    { label: "no journey failed otherwise", pass: failed === 0 },
    {
      label: "payments started only for the paid orders (no refused shopper got an intent)",
      pass: figures.intents === figures.paid && figures.placed === figures.paid,
    },
    {
      label: "each paid order charged once, no charge for nothing",
      pass: figures.charges === figures.paid && figures.chargedOrders === figures.paid,
    },
    { label: "no order refunded for a unit that was gone", pass: figures.refundedForSoldOut === 0 },
    { label: `stock 0, nothing held, ${units} sales`, pass: figures.stock === 0 && figures.reserved === 0 && figures.sales === units },
  ];
  return { checks, pass: checks.every((check) => check.pass), beforePayment, afterShipping, failed };
}
