// Tables written once (db/tables.ts) and built for each engine (db/schema-sqlite.ts,
// db/schema-pg.ts). A table is declared here with column helpers that read like drizzle's
// (`text("email").notNull().unique()`), but that only record what was asked (a column returns
// itself, as drizzle's builders do); `buildSqliteTables`/`buildPgTables` then replay it on the
// dialect's own builders (sqliteTable, integer, ... or pgTable, ...).
// The types follow the same path: a column remembers what its modifiers add (notNull,
// hasDefault, ...) exactly as drizzle's NotNull<>/HasDefault<> add it, and `SqliteTables<>` /
// `PgTables<>` put that on the dialect's builder type, so each engine gets the table type
// its own `sqliteTable()`/`pgTable()` call would have had. drizzle's builders cannot be
// shared directly: their classes and methods differ per dialect, and a function generic
// over the dialect loses the precise types (docs/decisions/201-one-schema.md).
import type { BuildColumns, ColumnBuilderBase } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import * as sqlite from "drizzle-orm/sqlite-core";

type Enum = [string, ...string[]];
type ForeignKeyAction = "cascade" | "restrict" | "no action" | "set null" | "set default";

/**
 * id: the integer key a row gets on insert. singletonKey: the integer key of a one-row table.
 * timestamp: a Date (integer milliseconds on SQLite, timestamptz on PostgreSQL). The others
 * are what their name says; money is stored as integer cents.
 */
type ColumnKind = "id" | "singletonKey" | "integer" | "text" | "timestamp" | "boolean" | "json" | "bytes";

type Step =
  | { step: "notNull" }
  | { step: "default"; value: unknown }
  | { step: "defaultFn"; fn: () => unknown }
  | { step: "unique"; name: string | undefined }
  | { step: "references"; column: () => AnyColumnSpec; actions: { onDelete?: ForeignKeyAction; onUpdate?: ForeignKeyAction } }
  | { step: "primaryKey" };

/** What a column holds in TypeScript, before `$type<T>()`. */
type DataOf<Kind, Values> = Kind extends "text"
  ? Values extends Enum
    ? Values[number]
    : string
  : Kind extends "timestamp"
    ? Date
    : Kind extends "boolean"
      ? boolean
      : Kind extends "json"
        ? unknown
        : Kind extends "bytes"
          ? Buffer
          : number;
type TypedData<Kind, Values, Marks> = Marks extends { $type: infer T } ? T : DataOf<Kind, Values>;

/**
 * One column of a table written once. `Marks` is what its modifiers add to the column's type
 * config, as drizzle's NotNull<>, HasDefault<>, IsPrimaryKey<>, HasRuntimeDefault<> and
 * $Type<> intersect it: `{ notNull: true } & { hasDefault: true }` and so on.
 */
export class ColumnSpec<Kind extends ColumnKind, Name extends string, Values extends Enum | undefined, Marks extends object> {
  declare readonly marks: Marks;
  readonly steps: Step[] = [];
  /** Set by `table()`: where the column is, for foreign keys and indexes. */
  owner: { table: AnyTableSpec; key: string } | undefined;

  constructor(
    readonly kind: Kind,
    readonly name: Name,
    readonly enumValues: Values,
  ) {}

  private with<More extends object>(step: Step): ColumnSpec<Kind, Name, Values, Marks & More> {
    this.steps.push(step);
    return this as unknown as ColumnSpec<Kind, Name, Values, Marks & More>;
  }

  notNull() {
    return this.with<{ notNull: true }>({ step: "notNull" });
  }

  /** An SQL default (a value, the same on both engines; no dialect SQL). */
  default(value: TypedData<Kind, Values, Marks>) {
    return this.with<{ hasDefault: true }>({ step: "default", value });
  }

  /** A default filled in by the ORM on insert (no SQL default). */
  $defaultFn(fn: () => TypedData<Kind, Values, Marks>) {
    return this.with<{ hasDefault: true } & { hasRuntimeDefault: true }>({ step: "defaultFn", fn });
  }

  $type<T>() {
    return this as unknown as ColumnSpec<Kind, Name, Values, Marks & { $type: T }>;
  }

  unique(name?: string) {
    return this.with<object>({ step: "unique", name });
  }

  references(column: () => AnyColumnSpec, actions: { onDelete?: ForeignKeyAction; onUpdate?: ForeignKeyAction } = {}) {
    return this.with<object>({ step: "references", column, actions });
  }

  /**
   * A text primary key. Integer keys are `id()` or `singletonKey()`: SQLite's integer
   * primary key gets a default (the rowid) that a plain PostgreSQL one has not.
   */
  primaryKey(this: ColumnSpec<"text", Name, Values, Marks>) {
    return this.with<{ notNull: true } & { isPrimaryKey: true }>({ step: "primaryKey" });
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any column, whatever its marks
export type AnyColumnSpec = ColumnSpec<ColumnKind, string, Enum | undefined, any>;
type Columns = Record<string, AnyColumnSpec>;

/* ---------------------------------------------------------------- columns */

type Key = { notNull: true } & { hasDefault: true } & { isPrimaryKey: true };

/** The integer key `id` a row gets on insert (autoincrement / identity). */
export function id() {
  return new ColumnSpec("id", "id", undefined) as unknown as ColumnSpec<"id", "id", undefined, Key>;
}

/** The key of a table that holds one row (insert it with the key 1). */
export function singletonKey<Name extends string>(name: Name) {
  return new ColumnSpec("singletonKey", name, undefined) as unknown as ColumnSpec<"singletonKey", Name, undefined, Key>;
}

export function integer<Name extends string>(name: Name) {
  return new ColumnSpec("integer", name, undefined) as ColumnSpec<"integer", Name, undefined, object>;
}

/** An amount in integer cents of the row's currency. */
export const money = integer;

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** Text; with `enum`, one of those values (the type only: SQL keeps plain text). */
export function text<Name extends string, const Values extends Readonly<Enum> | undefined = undefined>(
  name: Name,
  options?: { enum: Values },
) {
  return new ColumnSpec("text", name, options?.enum as Enum | undefined) as unknown as ColumnSpec<
    "text",
    Name,
    Values extends Readonly<Enum> ? Writable<Values> : undefined,
    object
  >;
}

export function timestamp<Name extends string>(name: Name) {
  return new ColumnSpec("timestamp", name, undefined) as ColumnSpec<"timestamp", Name, undefined, object>;
}

export function boolean<Name extends string>(name: Name) {
  return new ColumnSpec("boolean", name, undefined) as ColumnSpec<"boolean", Name, undefined, object>;
}

/** A yes/no column, false unless set. */
export function flag<Name extends string>(name: Name) {
  return boolean(name).notNull().default(false);
}

/** JSON (text on SQLite, jsonb on PostgreSQL); give it its type with `.$type<T>()`. */
export function json<Name extends string>(name: Name) {
  return new ColumnSpec("json", name, undefined) as ColumnSpec<"json", Name, undefined, object>;
}

/** Bytes (blob on SQLite, bytea on PostgreSQL), read as a Buffer. */
export function bytes<Name extends string>(name: Name) {
  return new ColumnSpec("bytes", name, undefined) as ColumnSpec<"bytes", Name, undefined, object>;
}

function setOnInsert<Name extends string>(name: Name) {
  return timestamp(name)
    .notNull()
    .$defaultFn(() => new Date());
}

/** When the row was made, filled in by the ORM. */
export function createdAt() {
  return setOnInsert("created_at");
}

/** When the row last changed: filled in on insert; updates set it themselves. */
export function updatedAt() {
  return setOnInsert("updated_at");
}

/* ----------------------------------------------------------------- tables */

const spec = Symbol("table spec");

type Constraint =
  { kind: "index" | "uniqueIndex"; name: string; columns: AnyColumnSpec[] } | { kind: "primaryKey"; columns: AnyColumnSpec[] };

interface TableInfo<Name extends string, C extends Columns> {
  name: Name;
  columns: C;
  // A method: its parameter is bivariant, so every table is an AnyTableSpec.
  constraints?(columns: C): Constraint[];
}

export type TableSpec<Name extends string, C extends Columns> = C & { readonly [spec]: TableInfo<Name, C> };
type AnyTableSpec = TableSpec<string, Columns>;

/** A table, as drizzle's sqliteTable/pgTable take it (the extra constraints as an array). */
export function table<Name extends string, C extends Columns>(name: Name, columns: C, constraints?: (columns: C) => Constraint[]) {
  const defined = Object.assign(Object.create(null) as object, columns, {
    [spec]: { name, columns, constraints } satisfies TableInfo<Name, C>,
  }) as TableSpec<Name, C>;
  for (const [key, column] of Object.entries(columns)) {
    // A column belongs to one table: its foreign keys and indexes are found through it.
    if (column.owner) throw new Error(`Column ${column.name} of ${name} is already a column of another table: call its helper again`);
    column.owner = { table: defined as unknown as AnyTableSpec, key };
  }
  return defined;
}

export function index(name: string) {
  return { on: (...columns: AnyColumnSpec[]): Constraint => ({ kind: "index", name, columns }) };
}

export function uniqueIndex(name: string) {
  return { on: (...columns: AnyColumnSpec[]): Constraint => ({ kind: "uniqueIndex", name, columns }) };
}

export function primaryKey(config: { columns: AnyColumnSpec[] }): Constraint {
  return { kind: "primaryKey", columns: config.columns };
}

/* -------------------------------------------------- the types per dialect */

type EnumOf<Values> = Values extends Enum ? Values : [string, ...string[]];

// bytea, read as a Buffer as SQLite's blob is (PGlite hands back a Uint8Array).
type ByteaConfig = { data: Buffer; driverData: Uint8Array };
const bytea = pg.customType<ByteaConfig>({
  dataType: () => "bytea",
  fromDriver: (value) => Buffer.from(value),
});

/** The builder `sqlite.integer(...)`, `sqlite.text(...)`... returns for a column of this kind. */
type SqliteStart<Kind, Name extends string, Values> = Kind extends "id" | "singletonKey" | "integer"
  ? sqlite.SQLiteIntegerBuilderInitial<Name>
  : Kind extends "text"
    ? sqlite.SQLiteTextBuilderInitial<Name, EnumOf<Values>, number | undefined>
    : Kind extends "timestamp"
      ? sqlite.SQLiteTimestampBuilderInitial<Name>
      : Kind extends "boolean"
        ? sqlite.SQLiteBooleanBuilderInitial<Name>
        : Kind extends "json"
          ? sqlite.SQLiteTextJsonBuilderInitial<Name>
          : sqlite.SQLiteBlobBufferBuilderInitial<Name>;

type PgStart<Kind, Name extends string, Values> = Kind extends "id" | "singletonKey" | "integer"
  ? pg.PgIntegerBuilderInitial<Name>
  : Kind extends "text"
    ? pg.PgTextBuilderInitial<Name, EnumOf<Values>>
    : Kind extends "timestamp"
      ? pg.PgTimestampBuilderInitial<Name>
      : Kind extends "boolean"
        ? pg.PgBooleanBuilderInitial<Name>
        : Kind extends "json"
          ? pg.PgJsonbBuilderInitial<Name>
          : pg.PgCustomColumnBuilder<pg.ConvertCustomConfig<Name, ByteaConfig>>;

/** What a dialect's own key builder adds: PostgreSQL's ids are identity columns. */
type PgKindMarks<Kind> = Kind extends "id" ? { identity: "byDefault" } : object;

type SqliteBuilder<C> =
  C extends ColumnSpec<infer Kind, infer Name, infer Values, infer Marks> ? SqliteStart<Kind, Name, Values> & { _: Marks } : never;
type PgBuilder<C> =
  C extends ColumnSpec<infer Kind, infer Name, infer Values, infer Marks>
    ? PgStart<Kind, Name, Values> & { _: Marks & PgKindMarks<Kind> }
    : never;

type Assume<T, U> = T extends U ? T : U;
type SqliteBuilders<C> = Assume<{ [K in keyof C]: SqliteBuilder<C[K]> }, Record<string, ColumnBuilderBase>>;
type PgBuilders<C> = Assume<{ [K in keyof C]: PgBuilder<C[K]> }, Record<string, ColumnBuilderBase>>;

/** The table `sqliteTable(name, columns)` would return. */
export type SqliteTable<T> =
  T extends TableSpec<infer Name, infer C>
    ? sqlite.SQLiteTableWithColumns<{
        name: Name;
        schema: undefined;
        columns: BuildColumns<Name, SqliteBuilders<C>, "sqlite">;
        dialect: "sqlite";
      }>
    : never;
/** The table `pgTable(name, columns)` would return. */
export type PgTable<T> =
  T extends TableSpec<infer Name, infer C>
    ? pg.PgTableWithColumns<{ name: Name; schema: undefined; columns: BuildColumns<Name, PgBuilders<C>, "pg">; dialect: "pg" }>
    : never;

export type SqliteTables<S> = { [K in keyof S]: SqliteTable<S[K]> };
export type PgTables<S> = { [K in keyof S]: PgTable<S[K]> };

/* ------------------------------------------------- the builders per dialect */

type AnyBuilder = {
  notNull(): unknown;
  default(value: unknown): unknown;
  $defaultFn(fn: () => unknown): unknown;
  unique(name?: string): unknown;
  references(ref: () => never, actions: object): unknown;
  primaryKey(): unknown;
};
type Dialect = {
  start(column: AnyColumnSpec): AnyBuilder;
  table(name: string, columns: Record<string, AnyBuilder>, extra: ((self: Record<string, unknown>) => unknown[]) | undefined): object;
  index(name: string): { on(...columns: never[]): unknown };
  uniqueIndex(name: string): { on(...columns: never[]): unknown };
  primaryKey(config: { columns: never[] }): unknown;
};

const sqliteDialect: Dialect = {
  start(column) {
    switch (column.kind) {
      case "id":
        return sqlite.integer(column.name).primaryKey({ autoIncrement: true }) as unknown as AnyBuilder;
      case "singletonKey":
        return sqlite.integer(column.name).primaryKey() as unknown as AnyBuilder;
      case "integer":
        return sqlite.integer(column.name) as unknown as AnyBuilder;
      case "text":
        return sqlite.text(column.name, column.enumValues ? { enum: column.enumValues } : undefined) as unknown as AnyBuilder;
      case "timestamp":
        return sqlite.integer(column.name, { mode: "timestamp_ms" }) as unknown as AnyBuilder;
      case "boolean":
        return sqlite.integer(column.name, { mode: "boolean" }) as unknown as AnyBuilder;
      case "json":
        return sqlite.text(column.name, { mode: "json" }) as unknown as AnyBuilder;
      case "bytes":
        return sqlite.blob(column.name, { mode: "buffer" }) as unknown as AnyBuilder;
    }
  },
  table: (name, columns, extra) => sqlite.sqliteTable(name, columns as never, extra as never),
  index: (name) => sqlite.index(name) as never,
  uniqueIndex: (name) => sqlite.uniqueIndex(name) as never,
  primaryKey: (config) => sqlite.primaryKey(config as never),
};

const pgDialect: Dialect = {
  start(column) {
    switch (column.kind) {
      case "id":
        return pg.integer(column.name).primaryKey().generatedByDefaultAsIdentity() as unknown as AnyBuilder;
      case "singletonKey":
        // SQLite's INTEGER PRIMARY KEY takes a rowid when left out (1 for the only row): default 1.
        return pg.integer(column.name).primaryKey().default(1) as unknown as AnyBuilder;
      case "integer":
        return pg.integer(column.name) as unknown as AnyBuilder;
      case "text":
        return pg.text(column.name, column.enumValues ? { enum: column.enumValues } : undefined) as unknown as AnyBuilder;
      case "timestamp":
        return pg.timestamp(column.name, { withTimezone: true, mode: "date" }) as unknown as AnyBuilder;
      case "boolean":
        return pg.boolean(column.name) as unknown as AnyBuilder;
      case "json":
        return pg.jsonb(column.name) as unknown as AnyBuilder;
      case "bytes":
        return bytea(column.name) as unknown as AnyBuilder;
    }
  },
  table: (name, columns, extra) => pg.pgTable(name, columns as never, extra as never),
  index: (name) => pg.index(name) as never,
  uniqueIndex: (name) => pg.uniqueIndex(name) as never,
  primaryKey: (config) => pg.primaryKey(config as never),
};

function build(dialect: Dialect, tables: Record<string, AnyTableSpec>): Record<string, object> {
  const built = new Map<AnyTableSpec, Record<string, unknown>>();
  const columnOf = (column: AnyColumnSpec) => {
    const table = column.owner && built.get(column.owner.table);
    if (!table) throw new Error(`Column ${column.name} references a column of a table that is not built`);
    return table[column.owner!.key];
  };
  const result: Record<string, object> = {};
  for (const [exportName, defined] of Object.entries(tables)) {
    const { name, columns } = defined[spec];
    const constraints = defined[spec].constraints?.bind(defined[spec]);
    const builders: Record<string, AnyBuilder> = {};
    for (const [key, column] of Object.entries(columns)) {
      const builder = dialect.start(column);
      for (const step of column.steps) {
        if (step.step === "notNull") builder.notNull();
        else if (step.step === "default") builder.default(step.value);
        else if (step.step === "defaultFn") builder.$defaultFn(step.fn);
        else if (step.step === "unique") builder.unique(step.name);
        else if (step.step === "references") builder.references(() => columnOf(step.column()) as never, step.actions);
        else builder.primaryKey();
      }
      builders[key] = builder;
    }
    const keyOf = (column: AnyColumnSpec) => {
      if (column.owner?.table !== defined) throw new Error(`An index of ${name} names a column of another table`);
      return column.owner.key;
    };
    const extra =
      constraints &&
      ((self: Record<string, unknown>) =>
        constraints(columns).map((constraint) => {
          const on = constraint.columns.map((column) => self[keyOf(column)]) as never[];
          if (constraint.kind === "primaryKey") return dialect.primaryKey({ columns: on });
          return dialect[constraint.kind](constraint.name).on(...on);
        }));
    const table = dialect.table(name, builders, extra);
    built.set(defined, table as Record<string, unknown>);
    result[exportName] = table;
  }
  return result;
}

/** The tables for SQLite, each as `sqliteTable()` would have made it. */
export function buildSqliteTables<S extends Record<string, AnyTableSpec>>(tables: S): SqliteTables<S> {
  return build(sqliteDialect, tables) as SqliteTables<S>;
}

/** The tables for PostgreSQL, each as `pgTable()` would have made it. */
export function buildPgTables<S extends Record<string, AnyTableSpec>>(tables: S): PgTables<S> {
  return build(pgDialect, tables) as PgTables<S>;
}
