import crypto from "node:crypto";
import { getDatabase } from "~db/client";
import { categories, products, shops, users, type Shop, type User } from "~db/schema";

/** Small builders of rows for unit tests (no password hashing: tests that log in hash their own). */
export function createUser(overrides: Partial<typeof users.$inferInsert> = {}): User {
  const id = crypto.randomUUID().slice(0, 8);
  return getDatabase()
    .insert(users)
    .values({ email: `user-${id}@example.test`, username: `user-${id}`, passwordHash: "x", ...overrides })
    .returning()
    .get();
}

export function createShop(overrides: Partial<typeof shops.$inferInsert> = {}): Shop {
  const owner = overrides.ownerId ?? createUser({ isSeller: true }).id;
  const sub = `shop-${crypto.randomUUID().slice(0, 8)}`;
  return getDatabase()
    .insert(shops)
    .values({ subdomain: sub, name: sub, isLive: true, ...overrides, ownerId: owner })
    .returning()
    .get();
}

export function createCategory(shopId: number, slug: string, name = slug) {
  return getDatabase().insert(categories).values({ shopId, slug, name }).returning().get();
}

export function createProduct(shopId: number, overrides: Partial<typeof products.$inferInsert> = {}) {
  return getDatabase()
    .insert(products)
    .values({ shopId, name: "Product", priceCents: 1000, ...overrides })
    .returning()
    .get();
}

/** A shopper's checkout fields as the checkout schema takes them (tests add reference and total_amount). */
export const CHECKOUT_FIELDS = {
  full_name: "Ada",
  email: "ada@example.co",
  address: "1 rue X",
  city: "Paris",
  zip_code: "75001",
  country: "FR",
  phone: "06123",
};
