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
      { subject: string; text: string } | undefined;
  } finally {
    db.close();
  }
}

/** A seller whose onboarding is complete and whose shop is live (for shop-side tests). */
export async function createLiveSeller(
  options: { subdomain?: string; firstName?: string } = {},
): Promise<TestUser & { subdomain: string }> {
  const user = await createTestUser({ verified: true, firstName: options.firstName ?? "Lia" });
  const subdomain = options.subdomain ?? `shop-${crypto.randomUUID().slice(0, 8)}`;
  const db = open();
  try {
    const now = Date.now();
    db.prepare("update users set is_seller = 1 where id = ?").run(user.id);
    db.prepare(
      `insert into seller_profiles (user_id, business_name, business_type, business_address, contact_email, contact_phone, siret,
        verification_status, stripe_connect_account_id, stripe_details_submitted, stripe_onboarding_completed, stripe_charges_enabled,
        stripe_payouts_enabled, created_at, updated_at)
       values (?, ?, 'company', '1 rue du Test, Paris', ?, '0600000000', '12345678901234', 'verified', ?, 1, 1, 1, 1, ?, ?)`,
    ).run(user.id, `Shop ${subdomain}`, user.email, `acct_sim_${subdomain}`, now, now);
    db.prepare(
      `insert into shops (owner_id, subdomain, name, business_type, is_live, live_since, created_at, updated_at)
       values (?, ?, ?, 'company', 1, ?, ?, ?)`,
    ).run(user.id, subdomain, `Shop ${subdomain}`, now, now, now);
    // Its payment account at the simulated provider.
    db.prepare(
      `insert into simulated_accounts (id, email, business_name, country, details_submitted, charges_enabled, payouts_enabled, created_at)
       values (?, ?, ?, 'FR', 1, 1, 1, ?)`,
    ).run(`acct_sim_${subdomain}`, user.email, `Shop ${subdomain}`, now);
    return { ...user, subdomain };
  } finally {
    db.close();
  }
}

/** A verified seller with a complete profile but no payment account yet. */
export async function createSellerWithoutPayments(): Promise<TestUser & { subdomain: string }> {
  const user = await createTestUser({ verified: true, firstName: "Paz" });
  const subdomain = `pay-${crypto.randomUUID().slice(0, 8)}`;
  const db = open();
  try {
    const now = Date.now();
    db.prepare("update users set is_seller = 1 where id = ?").run(user.id);
    db.prepare(
      `insert into seller_profiles (user_id, business_name, business_type, business_address, contact_email, contact_phone, siret, verification_status, created_at, updated_at)
       values (?, ?, 'company', '1 rue du Test, Paris', ?, '0600000000', '12345678901234', 'verified', ?, ?)`,
    ).run(user.id, `Shop ${subdomain}`, user.email, now, now);
    db.prepare(
      `insert into shops (owner_id, subdomain, name, business_type, is_live, created_at, updated_at) values (?, ?, ?, 'company', 0, ?, ?)`,
    ).run(user.id, subdomain, `Shop ${subdomain}`, now, now);
    return { ...user, subdomain };
  } finally {
    db.close();
  }
}

/** Turns a seller's payments off (the shop stays live but cannot take payments). */
export function disablePayments(email: string): void {
  const db = open();
  try {
    db.prepare("update seller_profiles set stripe_charges_enabled = 0 where user_id = (select id from users where email = ?)").run(email);
  } finally {
    db.close();
  }
}

/** Paid orders in a shop (for the seller's order screens). */
export function createPaidOrders(subdomain: string, count: number): void {
  const db = open();
  try {
    const shop = db.prepare("select id from shops where subdomain = ?").get(subdomain) as { id: number };
    const now = Date.now();
    const insert = db.prepare(
      `insert into orders (shop_id, number, status, payment_status, total_amount_cents, currency, reference, full_name, email, address, city, zip_code, country, phone, paid_at, created_at, updated_at)
       values (?, ?, 'pending', 'succeeded', ?, 'EUR', ?, ?, ?, '1 rue du Test', 'Paris', '75001', 'France', '0600000000', ?, ?, ?)`,
    );
    for (let i = 1; i <= count; i++) {
      const at = now - (count - i) * 60_000;
      insert.run(shop.id, i, 1000 + i * 100, `REF-${i}`, `Buyer ${i}`, `buyer${i}@example.test`, at, at, at);
    }
    db.prepare("update shops set next_order_number = ? where id = ?").run(count + 1, shop.id);
  } finally {
    db.close();
  }
}
