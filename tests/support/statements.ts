import { vi } from "vitest";
import { databaseEngine, getDatabase } from "~db/client";

/**
 * Runs `work` and counts the SQL statements it sent: drizzle prepares one statement per query
 * on SQLite (better-sqlite3's `prepare`) and calls postgres.js's `unsafe` once per query on
 * PostgreSQL, prepared reads included. On PostgreSQL the statements of a transaction go through
 * a client of its own and are not counted.
 */
export async function statementsOf<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const client = (getDatabase() as unknown as { $client: Record<"prepare" | "unsafe", (...args: unknown[]) => unknown> }).$client;
  const sent = vi.spyOn(client, databaseEngine() === "sqlite" ? "prepare" : "unsafe");
  try {
    const result = await work();
    return { result, statements: sent.mock.calls.length };
  } finally {
    sent.mockRestore();
  }
}
