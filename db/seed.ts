import { and, count, eq, isNotNull } from "drizzle-orm";
import { lockKey, writeTransaction, type AppDatabase } from "./client";
import { demoCatalogue, demoSweater } from "./demo-catalogue";
import { seedDemoOrders } from "./demo-orders";
import { insertProductWithVariants, insertProducts } from "./products";
import { categories, productVariants, sellerProfiles, shops, simulatedAccounts, stockMovements, users } from "./schema";

export const DEMO_ACCOUNTS = {
  admin: { email: "admin@example.com", password: "Admin1234!" },
  seller: { email: "demo@example.com", password: "Demo1234!" },
  pendingSeller: { email: "pending@example.com", password: "Pending1234!" },
} as const;

export async function isDatabaseEmpty(db: AppDatabase): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) === 0;
}

/**
 * Demo data for a fresh database: an admin, a verified seller whose shop `demo` is live
 * with a catalogue, and a seller still under review. The accounts' password hashing is the
 * domain's: the caller passes it in, since db/ sits below app/domain and does not import it.
 *
 * Idempotent: only a database without users is seeded, checked again inside the writing
 * transaction. Returns whether it seeded. That check alone is enough on SQLite (a write
 * transaction holds the database's one write lock); on PostgreSQL two transactions could both
 * see no users, so the transaction first takes a lock of its own (nodes also call it under the
 * migration lock, `migrateAppDatabase`, but the function must not depend on its caller).
 */
export async function seedDemoData(db: AppDatabase, hashPassword: (password: string) => Promise<string>): Promise<boolean> {
  if (!(await isDatabaseEmpty(db))) return false;
  // Hashed before the transaction, which awaits only database calls.
  const [adminHash, sellerHash, pendingHash] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS.admin.password),
    hashPassword(DEMO_ACCOUNTS.seller.password),
    hashPassword(DEMO_ACCOUNTS.pendingSeller.password),
  ]);
  const now = new Date();

  return writeTransaction(async (tx) => {
    await lockKey(tx, "seed-demo-data");
    if (!(await isDatabaseEmpty(tx))) return false;
    await tx.insert(users).values({
      email: DEMO_ACCOUNTS.admin.email,
      username: "admin",
      firstName: "Ada",
      lastName: "Admin",
      passwordHash: adminHash,
      isVerified: true,
      isStaff: true,
    });

    const [seller] = await tx
      .insert(users)
      .values({
        email: DEMO_ACCOUNTS.seller.email,
        username: "demo",
        firstName: "Dana",
        lastName: "Demo",
        phoneNumber: "+33 6 12 34 56 78",
        passwordHash: sellerHash,
        isVerified: true,
        isSeller: true,
      })
      .returning({ id: users.id });

    await tx.insert(sellerProfiles).values({
      userId: seller!.id,
      businessName: "Demo Live Shop",
      businessType: "company",
      businessDescription: "Live-stream fashion, beauty and home finds.",
      businessAddress: "12 rue de la Paix, 75002 Paris, France",
      contactEmail: "demo@example.com",
      contactPhone: "+33 1 23 45 67 89",
      website: "https://example.com",
      siret: "12345678901234",
      verificationStatus: "verified",
      verifiedAt: now,
      stripeConnectAccountId: "acct_sim_demo",
      stripeDetailsSubmitted: true,
      stripeOnboardingCompleted: true,
      stripeChargesEnabled: true,
      stripePayoutsEnabled: true,
    });

    // The demo shop is connected through the built-in simulated provider.
    await tx.insert(simulatedAccounts).values({
      id: "acct_sim_demo",
      email: DEMO_ACCOUNTS.seller.email,
      businessName: "Demo Live Shop",
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
    });

    const [shop] = await tx
      .insert(shops)
      .values({
        ownerId: seller!.id,
        subdomain: "demo",
        name: "Demo Live Shop",
        description: "Live-stream fashion, beauty and home finds.",
        businessType: "company",
        isLive: true,
        liveSince: now,
        checkoutBannerTextEn: "Live tonight at 8 pm: free shipping on every order!",
        checkoutBannerTextFr: "En direct ce soir à 20 h : livraison offerte sur toutes les commandes !",
      })
      .returning({ id: shops.id });

    const categoryIds = new Map<string, number>();
    for (const [position, category] of demoCatalogue.entries()) {
      const [row] = await tx
        .insert(categories)
        .values({ shopId: shop!.id, slug: category.slug, name: category.name, position })
        .returning({ id: categories.id });
      categoryIds.set(category.slug, row!.id);
      await insertProducts(
        tx,
        category.products.map((p) => ({
          shopId: shop!.id,
          categoryId: row!.id,
          name: p.name,
          description: p.description,
          priceCents: Math.round(p.price * 100),
          isInStock: p.inStock,
          imagePath: p.image ? `/demo/${p.image}` : null,
          stock: p.stock ?? null,
        })),
      );
    }
    // Last, so that the other products keep their ids and the first page its products.
    const sweater = demoSweater.product;
    await insertProductWithVariants(
      tx,
      {
        shopId: shop!.id,
        categoryId: categoryIds.get(demoSweater.category)!,
        name: sweater.name,
        description: sweater.description,
        priceCents: Math.round(sweater.price * 100),
        isInStock: sweater.inStock,
        imagePath: sweater.image ? `/demo/${sweater.image}` : null,
        options: demoSweater.options,
      },
      demoSweater.variants.map((v) => ({
        options: v.options,
        stock: v.stock,
        sku: v.sku,
        priceCents: v.price === undefined ? null : Math.round(v.price * 100),
      })),
    );

    // The counted stock as the seller set it: the first lines of each product's stock history.
    const counted = await tx
      .select()
      .from(productVariants)
      .where(and(eq(productVariants.shopId, shop!.id), isNotNull(productVariants.stock)));
    await tx.insert(stockMovements).values(
      counted.map((v) => ({
        shopId: v.shopId,
        productId: v.productId,
        variantId: v.id,
        kind: "manual" as const,
        stockDelta: v.stock!,
        stockAfter: v.stock,
        actorUserId: seller!.id,
        createdAt: now,
      })),
    );

    await seedDemoOrders(tx, shop!.id, "acct_sim_demo");

    const [pending] = await tx
      .insert(users)
      .values({
        email: DEMO_ACCOUNTS.pendingSeller.email,
        username: "pending",
        firstName: "Paul",
        lastName: "Pending",
        passwordHash: pendingHash,
        isSeller: true,
      })
      .returning({ id: users.id });
    await tx.insert(sellerProfiles).values({
      userId: pending!.id,
      businessName: "Pending Crafts",
      businessType: "individual",
      contactEmail: "pending@example.com",
      contactPhone: "+33 6 00 00 00 00",
      siret: "98765432109876",
      verificationStatus: "under_review",
    });
    await tx
      .insert(shops)
      .values({ ownerId: pending!.id, subdomain: "pending-crafts", name: "Pending Crafts", businessType: "individual" });
    return true;
  }, db);
}
