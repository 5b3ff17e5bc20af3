// Reads and writes prepared once per database (db/client.ts `preparedRead`, `preparedWrite`),
// on SQLite and, in the unit-pg project, on PostgreSQL.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { columnValue, preparedRead, preparedWrite, writeTransaction } from "~db/client";
import { orders, shops } from "~db/schema";
import { createOrderRow, createShop } from "./factories";

describe("prepared reads", () => {
  it("builds the query once, then runs it with each call's values", async () => {
    let builds = 0;
    const shopNamed = preparedRead("test_shop_named", (db) => {
      builds += 1;
      return db
        .select({ id: shops.id, name: shops.name })
        .from(shops)
        .where(eq(shops.subdomain, sql.placeholder("subdomain")));
    });
    const first = await createShop({ subdomain: "prepared-one", name: "One" });
    const second = await createShop({ subdomain: "prepared-two", name: "Two" });
    expect(await shopNamed({ subdomain: "prepared-one" })).toEqual([{ id: first.id, name: "One" }]);
    expect(await shopNamed({ subdomain: "prepared-two" })).toEqual([{ id: second.id, name: "Two" }]);
    expect(await shopNamed({ subdomain: "nobody" })).toEqual([]);
    expect(builds).toBe(1);
  });

  it("inside a transaction reads what the transaction wrote, and nothing once it rolled back", async () => {
    const shopNamed = preparedRead("test_shop_in_transaction", (db) =>
      db
        .select({ name: shops.name })
        .from(shops)
        .where(eq(shops.subdomain, sql.placeholder("subdomain"))),
    );
    const shop = await createShop({ subdomain: "prepared-tx", name: "Before" });
    const seen = await writeTransaction(async (tx) => {
      await tx.update(shops).set({ name: "Inside" }).where(eq(shops.id, shop.id));
      return shopNamed({ subdomain: "prepared-tx" });
    });
    expect(seen).toEqual([{ name: "Inside" }]);

    await expect(
      writeTransaction(async (tx) => {
        await tx.update(shops).set({ name: "Rolled back" }).where(eq(shops.id, shop.id));
        expect(await shopNamed({ subdomain: "prepared-tx" })).toEqual([{ name: "Rolled back" }]);
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect(await shopNamed({ subdomain: "prepared-tx" })).toEqual([{ name: "Inside" }]);
  });

  // Built once on SQLite; on PostgreSQL a transaction's statements are built on its own connection each time.
  it("writes with each call's values, a date encoded as its column stores it", async () => {
    const markPaid = preparedWrite("test_mark_paid", (db) =>
      db
        .update(orders)
        .set({ paymentStatus: columnValue(orders.paymentStatus, "status"), paidAt: columnValue(orders.paidAt, "at") })
        .where(eq(orders.id, sql.placeholder("orderId")))
        .returning({ id: orders.id, paymentStatus: orders.paymentStatus, paidAt: orders.paidAt }),
    );
    const shop = await createShop({ subdomain: "prepared-write" });
    const first = await createOrderRow(shop.id, { number: 1 });
    const second = await createOrderRow(shop.id, { number: 2 });
    const at = new Date("2026-11-27T10:00:00.000Z");
    const later = new Date("2026-11-27T11:30:00.000Z");
    expect(await writeTransaction(() => markPaid({ orderId: first.id, status: "succeeded", at }))).toEqual([
      { id: first.id, paymentStatus: "succeeded", paidAt: at },
    ]);
    expect(await writeTransaction(() => markPaid({ orderId: second.id, status: "processing", at: later }))).toEqual([
      { id: second.id, paymentStatus: "processing", paidAt: later },
    ]);
    const [stored] = await writeTransaction((tx) => tx.select({ paidAt: orders.paidAt }).from(orders).where(eq(orders.id, first.id)));
    expect(stored).toEqual({ paidAt: at });
  });

  it("refuses a write outside a transaction (it would skip SQLite's group commit)", async () => {
    const rename = preparedWrite("test_rename_shop", (db) =>
      db
        .update(shops)
        .set({ name: columnValue(shops.name, "name") })
        .where(eq(shops.id, sql.placeholder("shopId"))),
    );
    const shop = await createShop({ subdomain: "prepared-outside", name: "Kept" });
    await expect(rename({ shopId: shop.id, name: "Changed" })).rejects.toThrow("runs inside writeTransaction");
    const [row] = await writeTransaction((tx) => tx.select({ name: shops.name }).from(shops).where(eq(shops.id, shop.id)));
    expect(row).toEqual({ name: "Kept" });
  });
});
