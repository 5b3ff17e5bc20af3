import crypto from "node:crypto";
import Database from "better-sqlite3";
import { hashPassword } from "../../app/domain/accounts/password.server";

/** Direct access to the end-to-end server's database, for setting up users and reading mail. */
const DB_FILE = "data/e2e/app.db";

function open() {
  const db = new Database(DB_FILE);
  db.pragma("busy_timeout = 5000");
  return db;
}

export type TestUser = { id: number; email: string; password: string; firstName: string };

export async function createTestUser(options: { verified?: boolean; firstName?: string; language?: "en" | "fr" } = {}): Promise<TestUser> {
  const email = `e2e-${crypto.randomUUID().slice(0, 12)}@example.test`;
  const password = "Test1234!";
  const firstName = options.firstName ?? "Tess";
  const hash = await hashPassword(password);
  const db = open();
  try {
    const now = Date.now();
    const result = db
      .prepare(
        `insert into users (email, username, first_name, last_name, password_hash, is_verified, language, created_at, updated_at)
         values (?, ?, ?, 'Tester', ?, ?, ?, ?, ?)`,
      )
      .run(email, email.split("@")[0], firstName, hash, options.verified ? 1 : 0, options.language ?? "en", now, now);
    return { id: Number(result.lastInsertRowid), email, password, firstName };
  } finally {
    db.close();
  }
}

export function lastMailTo(email: string): { subject: string; text: string } | undefined {
  const db = open();
  try {
    return db.prepare(`select subject, text from mail_outbox where "to" = ? order by id desc limit 1`).get(email) as
      | { subject: string; text: string }
      | undefined;
  } finally {
    db.close();
  }
}
