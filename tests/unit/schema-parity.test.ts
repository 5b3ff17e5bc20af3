// db/schema-sqlite.ts (SQLite) and db/schema-pg.ts (PostgreSQL) must describe the same tables with the
// same row types, so that one domain layer runs on both. Both build the tables of db/tables.ts
// (db/schema-builder.ts), so this guards the builder's two dialects and the files' export lists.
// The type assertions fail `tsc` when a table's select or insert shape drifts or a table exists on
// one side only; the runtime checks compare what the types cannot see: SQL names, nullability,
// keys, indexes, defaults.
import { getTableName, is, SQL, type InferInsertModel, type InferSelectModel, type Table } from "drizzle-orm";
import { getTableConfig as getPgTableConfig, PgTable } from "drizzle-orm/pg-core";
import { getTableConfig as getSqliteTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, expectTypeOf, it } from "vitest";
import * as sqliteSchema from "~db/schema-sqlite";
import * as pgSchema from "~db/schema-pg";
import * as appTables from "~db/schema";
import { schemaEngine } from "~db/schema";
import * as tables from "~db/tables";

type TablesOf<Module, Kind> = { [Name in keyof Module as Module[Name] extends Kind ? Name : never]: Module[Name] };
type SqliteTables = TablesOf<typeof sqliteSchema, SQLiteTable>;
type PgTables = TablesOf<typeof pgSchema, PgTable>;
type SelectRows<Tables> = { [Name in keyof Tables]: Tables[Name] extends Table ? InferSelectModel<Tables[Name]> : never };
type InsertRows<Tables> = { [Name in keyof Tables]: Tables[Name] extends Table ? InferInsertModel<Tables[Name]> : never };

/** Everything getTableConfig tells about a table, in a form both dialects share. */
interface TableShape {
  sqlName: string;
  columns: Record<string, { notNull: boolean; primary: boolean; hasDefault: boolean; default: string; defaultFn: boolean; unique: string }>;
  primaryKeys: string[][];
  indexes: Record<string, { unique: boolean; columns: string[]; where: boolean }>;
  uniqueConstraints: Record<string, string[]>;
  foreignKeys: string[];
  checks: string[];
}

type TableConfig = ReturnType<typeof getSqliteTableConfig> | ReturnType<typeof getPgTableConfig>;

function columnName(column: unknown): string {
  // An index on an expression (lower(email)) has no column name: it must be mirrored by hand.
  return typeof column === "object" && column !== null && "name" in column ? String(column.name) : "<expression>";
}

function shapeOf(config: TableConfig): TableShape {
  const columns: TableShape["columns"] = {};
  for (const column of config.columns) {
    columns[column.name] = {
      notNull: column.notNull,
      primary: column.primary,
      hasDefault: column.hasDefault,
      // An SQL default (sql`now()`) is dialect-specific: both sides must have one, checked by eye.
      default: is(column.default, SQL) ? "sql expression" : (JSON.stringify(column.default) ?? "none"),
      defaultFn: column.defaultFn !== undefined,
      unique: column.isUnique ? (column.uniqueName ?? "") : "",
    };
  }
  const indexes: TableShape["indexes"] = {};
  for (const index of config.indexes) {
    indexes[index.config.name ?? ""] = {
      unique: index.config.unique,
      columns: index.config.columns.map(columnName),
      where: index.config.where !== undefined,
    };
  }
  const uniqueConstraints: TableShape["uniqueConstraints"] = {};
  for (const constraint of config.uniqueConstraints) uniqueConstraints[constraint.getName() ?? ""] = constraint.columns.map(columnName);
  return {
    sqlName: config.name,
    columns,
    primaryKeys: config.primaryKeys.map((key) => key.columns.map(columnName)),
    indexes,
    uniqueConstraints,
    foreignKeys: config.foreignKeys
      .map((key) => {
        const reference = key.reference();
        const from = reference.columns.map(columnName).join(",");
        const to = `${getTableName(reference.foreignTable)}(${reference.foreignColumns.map(columnName).join(",")})`;
        return `${key.getName()}: ${from} -> ${to} on delete ${key.onDelete ?? "no action"} on update ${key.onUpdate ?? "no action"}`;
      })
      .sort(),
    checks: config.checks.map((check) => check.name).sort(),
  };
}

function tableExports(module: Record<string, unknown>, isTable: (value: unknown) => boolean): string[] {
  return Object.keys(module)
    .filter((name) => isTable(module[name]))
    .sort();
}

const sqliteTableNames = tableExports(sqliteSchema, (value) => is(value, SQLiteTable));
const pgTableNames = tableExports(pgSchema, (value) => is(value, PgTable));

// PostgreSQL columns whose SQL default has no SQLite counterpart, on purpose: SQLite fills an
// INTEGER PRIMARY KEY left out of an insert with a rowid (1 for the only row); PostgreSQL needs `DEFAULT 1`.
const pgOnlyDefaults: Record<string, string[]> = { installation: ["singleton"] };

describe("the SQLite and PostgreSQL schemas", () => {
  it("have the same row types (checked by the compiler)", () => {
    expectTypeOf<keyof PgTables>().toEqualTypeOf<keyof SqliteTables>();
    expectTypeOf<SelectRows<PgTables>>().toEqualTypeOf<SelectRows<SqliteTables>>();
    expectTypeOf<InsertRows<PgTables>>().toEqualTypeOf<InsertRows<SqliteTables>>();
  });

  // Equal row types on both sides would also hold if the builder degraded to `any`: spell out a
  // few, covering every column helper (id, text and enum, flag, timestamp, json, bytes, money).
  it("have precise row types (checked by the compiler)", () => {
    type UserRow = {
      id: number;
      email: string;
      username: string;
      firstName: string;
      lastName: string;
      phoneNumber: string;
      passwordHash: string;
      isVerified: boolean;
      isSeller: boolean;
      isStaff: boolean;
      language: "en" | "fr";
      onboardingCelebratedAt: Date | null;
      createdAt: Date;
      updatedAt: Date;
    };
    type UserInsert = {
      id?: number;
      email: string;
      username: string;
      firstName?: string;
      lastName?: string;
      phoneNumber?: string;
      passwordHash: string;
      isVerified?: boolean;
      isSeller?: boolean;
      isStaff?: boolean;
      language?: "en" | "fr";
      onboardingCelebratedAt?: Date | null;
      createdAt?: Date;
      updatedAt?: Date;
    };
    type Upload = { name: string; contentType: string; bytes: Buffer; createdAt: Date };
    type Progress = { sessionId: string; currentStep: number; data: Record<string, unknown>; updatedAt: Date };
    type InstallationInsert = { singleton?: number; id: string; createdAt?: Date };
    type OrderStatus = "pending" | "processing" | "shipped" | "delivered" | "cancelled";
    expectTypeOf<InferSelectModel<typeof sqliteSchema.users>>().toEqualTypeOf<UserRow>();
    expectTypeOf<InferSelectModel<typeof pgSchema.users>>().toEqualTypeOf<UserRow>();
    expectTypeOf<InferInsertModel<typeof sqliteSchema.users>>().toEqualTypeOf<UserInsert>();
    expectTypeOf<InferInsertModel<typeof pgSchema.users>>().toEqualTypeOf<UserInsert>();
    expectTypeOf<InferSelectModel<typeof sqliteSchema.uploads>>().toEqualTypeOf<Upload>();
    expectTypeOf<InferSelectModel<typeof pgSchema.uploads>>().toEqualTypeOf<Upload>();
    expectTypeOf<InferSelectModel<typeof sqliteSchema.registrationProgress>>().toEqualTypeOf<Progress>();
    expectTypeOf<InferSelectModel<typeof pgSchema.registrationProgress>>().toEqualTypeOf<Progress>();
    expectTypeOf<InferInsertModel<typeof sqliteSchema.installation>>().toEqualTypeOf<InstallationInsert>();
    expectTypeOf<InferInsertModel<typeof pgSchema.installation>>().toEqualTypeOf<InstallationInsert>();
    expectTypeOf<InferSelectModel<typeof sqliteSchema.orderRefunds>["amountCents"]>().toEqualTypeOf<number>();
    expectTypeOf<InferSelectModel<typeof pgSchema.orderRefunds>["amountCents"]>().toEqualTypeOf<number>();
    expectTypeOf<InferSelectModel<typeof sqliteSchema.orders>["status"]>().toEqualTypeOf<OrderStatus>();
    expectTypeOf<InferSelectModel<typeof pgSchema.orders>["status"]>().toEqualTypeOf<OrderStatus>();
  });

  it("export the same tables", () => {
    expect(sqliteTableNames.length).toBeGreaterThan(20);
    expect(pgTableNames).toEqual(sqliteTableNames);
  });

  it("export every table of db/tables.ts (drizzle-kit sees only what they export)", () => {
    expectTypeOf<keyof SqliteTables>().toEqualTypeOf<keyof typeof tables>();
    expect(sqliteTableNames).toEqual(Object.keys(tables).sort());
  });

  it("are both reachable through db/schema.ts, which hands the app the running engine's tables", () => {
    const selected = Object.keys(appTables).filter((name) => sqliteTableNames.includes(name));
    expect(selected.sort()).toEqual(sqliteTableNames);
    // Unit tests run on SQLite by default and on PostgreSQL in the unit-pg project.
    const expected = schemaEngine === "postgres" ? pgSchema : sqliteSchema;
    for (const name of sqliteTableNames)
      expect((appTables as Record<string, unknown>)[name]).toBe((expected as Record<string, unknown>)[name]);
  });

  it.each(sqliteTableNames)("define %s alike", (exportName) => {
    const sqliteTable = (sqliteSchema as Record<string, unknown>)[exportName] as SQLiteTable;
    const pgTable = (pgSchema as Record<string, unknown>)[exportName] as PgTable | undefined;
    expect(pgTable, `db/schema-pg.ts exports no table ${exportName}`).toBeDefined();
    const sqlite = shapeOf(getSqliteTableConfig(sqliteTable));
    const pg = shapeOf(getPgTableConfig(pgTable!));
    for (const name of pgOnlyDefaults[sqlite.sqlName] ?? []) {
      expect(pg.columns[name]?.default).not.toBe("none");
      pg.columns[name] = { ...pg.columns[name]!, default: sqlite.columns[name]!.default };
    }
    expect(pg).toEqual(sqlite);
  });
});
