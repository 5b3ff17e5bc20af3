import { eq, sql, type SQL } from "drizzle-orm";
import { isSqlite, type Transaction } from "./client";
import { orders, shops } from "./schema";

/**
 * Order numbers are per shop and gapless ("0001", "0002"...), so the shop's counter row is
 * locked from the number to the commit: during a drop every order waits for it. The order is
 * therefore written first under a provisional number and numbered by the last statements of
 * its transaction (`numberOrder`; on PostgreSQL, during a drop, `numberingSteps` in the one
 * statement sent with the COMMIT: docs/stock.md).
 */

/**
 * A number for an order being written, unique among the transactions under way and never a
 * real one: PostgreSQL, minus the connection's process id (a connection runs one transaction
 * at a time); SQLite, -1 (one writer, and each transaction numbers its order before the next
 * one runs).
 */
export function provisionalOrderNumber(tx: Transaction): SQL | number {
  return isSqlite(tx) ? -1 : sql`-pg_backend_pid()`;
}

/** Gives the order its shop's next number, in one statement on PostgreSQL; returns it. */
export async function numberOrder(tx: Transaction, shopId: number, orderId: number): Promise<number> {
  if (isSqlite(tx)) {
    const [next] = await tx
      .update(shops)
      .set({ nextOrderNumber: sql`${shops.nextOrderNumber} + 1` })
      .where(eq(shops.id, shopId))
      .returning({ number: shops.nextOrderNumber });
    const number = next!.number - 1;
    await tx.update(orders).set({ number }).where(eq(orders.id, orderId));
    return number;
  }
  // postgres.js answers the rows, PGlite (the tests' PostgreSQL) an object holding them.
  type NumberRows = { number: number }[];
  const postgresTx = tx as unknown as { execute: (query: SQL) => Promise<NumberRows | { rows: NumberRows }> };
  const result = await postgresTx.execute(sql`with ${numberingSteps(shopId, orderId)} select number from ${NEXT_NUMBER}`);
  const [row] = Array.isArray(result) ? result : result.rows;
  return Number(row!.number);
}

/** The name of the step of `numberingSteps` that answers the number (its one row's `number`). */
export const NEXT_NUMBER = sql.identifier("next_number");

/**
 * PostgreSQL: the steps (common table expressions) that number an order, for a statement that
 * does more after them: `next_number` takes the shop's next number (locking its row) and the
 * order gets it.
 */
export function numberingSteps(shopId: number, orderId: number): SQL {
  const counter = sql.identifier(shops.nextOrderNumber.name);
  return sql`${NEXT_NUMBER} as (update ${shops} set ${counter} = ${counter} + 1 where ${shops.id} = ${shopId} returning ${counter} - 1 as number),
    numbered as (update ${orders} set ${sql.identifier(orders.number.name)} = ${NEXT_NUMBER}.number from ${NEXT_NUMBER} where ${orders.id} = ${orderId})`;
}
