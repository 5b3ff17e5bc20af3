// Reads prepared once per database (db/client.ts `preparedRead`), on SQLite and, in the
// unit-pg project, on PostgreSQL.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { preparedRead, writeTransaction } from "~db/client";
import { shops } from "~db/schema";
import { createShop } from "./factories";

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
});
