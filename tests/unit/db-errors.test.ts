// isUniqueViolation on each driver's error shape. PGlite's real error is checked in
// pg-migrations.test.ts; postgres-js needs a server, so its error is rebuilt here with the
// fields a real PostgreSQL 15 sent (checked by hand, docs/database.md).
import { DrizzleQueryError } from "drizzle-orm";
import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { openDatabase } from "~db/client";
import { isUniqueViolation } from "~db/errors";
import { sessions, users } from "~db/schema-sqlite";

function failureOf(write: () => unknown): unknown {
  try {
    write();
  } catch (error) {
    return error;
  }
  throw new Error("the write did not fail");
}

// postgres-js builds its errors from the server's fields: `new PostgresError(fields)`.
const PostgresError = postgres.PostgresError as unknown as new (fields: Record<string, string>) => Error;
function postgresJsError(code: string, constraint: string): DrizzleQueryError {
  const cause = new PostgresError({ message: "violates a constraint", severity: "ERROR", code, constraint_name: constraint });
  return new DrizzleQueryError("insert into ...", [], cause);
}

describe("isUniqueViolation", () => {
  describe("on better-sqlite3", () => {
    // Its own SQLite database, whichever engine the suite runs the app on.
    const db = openDatabase(":memory:");
    migrate(db, { migrationsFolder: "db/migrations" });
    const user = { email: "unique@example.com", username: "unique", passwordHash: "x" };
    db.insert(users).values(user).run();

    it("recognises a duplicate unique column (SQLITE_CONSTRAINT_UNIQUE)", () => {
      const error = failureOf(() => db.insert(users).values(user).run());
      expect(JSON.stringify(error, ["code", "cause"])).toContain("SQLITE_CONSTRAINT_UNIQUE");
      expect(isUniqueViolation(error)).toBe(true);
    });

    it("recognises a duplicate primary key (SQLITE_CONSTRAINT_PRIMARYKEY)", () => {
      const session = { id: "same-id", lastSeenAt: new Date(), expiresAt: new Date() };
      db.insert(sessions).values(session).run();
      const error = failureOf(() => db.insert(sessions).values(session).run());
      expect(JSON.stringify(error, ["code", "cause"])).toContain("SQLITE_CONSTRAINT_PRIMARYKEY");
      expect(isUniqueViolation(error)).toBe(true);
    });

    it("does not take a foreign key or not-null failure for one", () => {
      const session = { id: "orphan", userId: 999_999, lastSeenAt: new Date(), expiresAt: new Date() };
      expect(isUniqueViolation(failureOf(() => db.insert(sessions).values(session).run()))).toBe(false);
      expect(isUniqueViolation(failureOf(() => db.$client.prepare("insert into users (email) values ('x')").run()))).toBe(false);
    });
  });

  describe("on postgres-js", () => {
    it("recognises SQLSTATE 23505, wrapped by drizzle or not", () => {
      const wrapped = postgresJsError("23505", "users_email_unique");
      expect(isUniqueViolation(wrapped)).toBe(true);
      expect(isUniqueViolation(wrapped.cause)).toBe(true);
    });

    it("does not take a foreign key violation (23503) for one", () => {
      expect(isUniqueViolation(postgresJsError("23503", "sessions_user_id_users_id_fk"))).toBe(false);
    });
  });

  it("answers false for anything that is not a database error", () => {
    for (const value of [undefined, null, "23505", 23505, new Error("23505"), { code: 23505 }]) {
      expect(isUniqueViolation(value)).toBe(false);
    }
  });

  it("stops on a cyclic cause chain", () => {
    const error = new Error("outer") as Error & { cause?: unknown };
    error.cause = error;
    expect(isUniqueViolation(error)).toBe(false);
  });
});
