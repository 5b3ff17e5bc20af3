// db/schema-builder.ts: what it refuses when a table written once would build wrong.
import { getTableConfig } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { buildSqliteTables, id, index, integer, table } from "~db/schema-builder";

describe("the schema builder", () => {
  it("refuses a column object shared by two tables", () => {
    const shared = integer("shop_id");
    table("a", { id: id(), shopId: shared });
    expect(() => table("b", { id: id(), shopId: shared })).toThrow(/already a column of another table/);
  });

  it("refuses a foreign key to a table that is not built with it", () => {
    const shops = table("shops", { id: id() });
    const products = table("products", { id: id(), shopId: integer("shop_id").references(() => shops.id) });
    const built = buildSqliteTables({ products });
    const [foreignKey] = getTableConfig(built.products).foreignKeys;
    expect(() => foreignKey!.reference()).toThrow(/not built/);
    expect(getTableConfig(buildSqliteTables({ shops, products }).products).foreignKeys[0]!.reference().foreignColumns[0]!.name).toBe("id");
  });

  it("refuses an index on a column of another table", () => {
    const shops = table("shops", { id: id() });
    const products = table("products", { id: id() }, () => [index("products_shop_idx").on(shops.id)]);
    expect(() => getTableConfig(buildSqliteTables({ shops, products }).products)).toThrow(/names a column of another table/);
  });
});
