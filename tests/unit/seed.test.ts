// The demo data goes into a fresh database once, however many start-ups try (two replicas
// started together, a restart); tests/postgres/start-together.test.ts starts two real nodes.
import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDatabase } from "~db/client";
import { DEMO_ACCOUNTS, seedDemoData } from "~db/seed";
import { shops, users } from "~db/schema";

const fakeHash = async (password: string) => `test$${password}`;

async function demoRows() {
  const db = getDatabase();
  const [demo] = await db.select({ n: count() }).from(users).where(eq(users.email, DEMO_ACCOUNTS.seller.email));
  const [all] = await db.select({ n: count() }).from(users);
  const [shop] = await db.select({ n: count() }).from(shops).where(eq(shops.subdomain, "demo"));
  return { demoSeller: demo!.n, users: all!.n, demoShop: shop!.n };
}

describe("seedDemoData", () => {
  it("seeds an empty database once: concurrent and later calls find it seeded and do nothing", async () => {
    const db = getDatabase();
    const together = await Promise.all([seedDemoData(db, fakeHash), seedDemoData(db, fakeHash)]);
    expect(together.sort()).toEqual([false, true]);
    expect(await seedDemoData(db, fakeHash)).toBe(false);
    expect(await demoRows()).toEqual({ demoSeller: 1, users: 3, demoShop: 1 });
  });
});
