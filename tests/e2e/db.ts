import crypto from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { hashPassword } from "../../app/domain/accounts/password.server";
import { activateShopIfReady } from "../../app/domain/sellers/onboarding.server";
import { getDatabase } from "../../db/client";
import {
  mailOutbox,
  orders,
  paymentTransactions,
  sellerProfiles,
  shops,
  simulatedAccounts,
  simulatedPaymentIntents,
  users,
} from "../../db/schema";
import { E2E_DATABASE_URL } from "./environment";

/**
 * Direct access to the end-to-end server's database, for arranging state and reading mail.
 * Everything goes through drizzle and the project's schema (and domain functions where one
 * does the job), so a schema change breaks these helpers at type-check time.
 */
// The domain functions used here open the process's connection from DATABASE_URL.
process.env.DATABASE_URL = E2E_DATABASE_URL;
const db = () => getDatabase();

export type TestUser = { id: number; email: string; password: string; firstName: string };

export async function createTestUser(options: { verified?: boolean; firstName?: string; language?: "en" | "fr" } = {}): Promise<TestUser> {
  const email = `e2e-${crypto.randomUUID().slice(0, 12)}@example.test`;
  const password = "Test1234!";
  const firstName = options.firstName ?? "Tess";
  const user = db()
    .insert(users)
    .values({
      email,
      username: email.split("@")[0]!,
      firstName,
      lastName: "Tester",
      passwordHash: await hashPassword(password),
      isVerified: options.verified ?? false,
      language: options.language ?? "en",
    })
    .returning({ id: users.id })
    .get();
  return { id: user.id, email, password, firstName };
}

export function lastMailTo(email: string): { subject: string; text: string } | undefined {
  return db()
    .select({ subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1)
    .get();
}

/** A verified seller with a complete profile and a shop that is not live yet. */
function createVerifiedSeller(user: TestUser, subdomain: string, payments?: { accountId: string }): void {
  db().update(users).set({ isSeller: true }).where(eq(users.id, user.id)).run();
  db()
    .insert(sellerProfiles)
    .values({
      userId: user.id,
      businessName: `Shop ${subdomain}`,
      businessType: "company",
      businessAddress: "1 rue du Test, Paris",
      contactEmail: user.email,
      contactPhone: "0600000000",
      siret: "12345678901234",
      verificationStatus: "verified",
      ...(payments && {
        stripeConnectAccountId: payments.accountId,
        stripeDetailsSubmitted: true,
        stripeOnboardingCompleted: true,
        stripeChargesEnabled: true,
        stripePayoutsEnabled: true,
      }),
    })
    .run();
  db()
    .insert(shops)
    .values({ ownerId: user.id, subdomain, name: `Shop ${subdomain}`, businessType: "company" })
    .run();
}

/** A seller whose onboarding is complete and whose shop is live (for shop-side tests). */
export async function createLiveSeller(
  options: { subdomain?: string; firstName?: string } = {},
): Promise<TestUser & { subdomain: string }> {
  const user = await createTestUser({ verified: true, firstName: options.firstName ?? "Lia" });
  const subdomain = options.subdomain ?? `shop-${crypto.randomUUID().slice(0, 8)}`;
  const accountId = `acct_sim_${subdomain}`;
  // Its payment account at the simulated provider.
  db()
    .insert(simulatedAccounts)
    .values({
      id: accountId,
      email: user.email,
      businessName: `Shop ${subdomain}`,
      country: "FR",
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
    })
    .run();
  createVerifiedSeller(user, subdomain, { accountId });
  // The shop goes live the way the product decides it: every onboarding step is done.
  if (!activateShopIfReady(user.id)) throw new Error(`the onboarding of ${user.email} is not complete: its shop did not go live`);
  return { ...user, subdomain };
}

/** A verified seller with a complete profile but no payment account yet. */
export async function createSellerWithoutPayments(): Promise<TestUser & { subdomain: string }> {
  const user = await createTestUser({ verified: true, firstName: "Paz" });
  const subdomain = `pay-${crypto.randomUUID().slice(0, 8)}`;
  createVerifiedSeller(user, subdomain);
  return { ...user, subdomain };
}

/** Turns a seller's payments off (the shop stays live but cannot take payments). */
export function disablePayments(email: string): void {
  const user = db().select({ id: users.id }).from(users).where(eq(users.email, email)).get();
  if (!user) throw new Error(`no user ${email}`);
  db().update(sellerProfiles).set({ stripeChargesEnabled: false }).where(eq(sellerProfiles.userId, user.id)).run();
}

function shopId(subdomain: string): number {
  const shop = db().select({ id: shops.id }).from(shops).where(eq(shops.subdomain, subdomain)).get();
  if (!shop) throw new Error(`no shop ${subdomain}`);
  return shop.id;
}

/** Paid orders #1..#count in a shop (for the seller's order screens): order #i is €(10 + i). */
export function createPaidOrders(subdomain: string, count: number): void {
  const id = shopId(subdomain);
  const now = Date.now();
  for (let i = 1; i <= count; i++) {
    const at = new Date(now - (count - i) * 60_000);
    db()
      .insert(orders)
      .values({
        shopId: id,
        number: i,
        status: "pending",
        paymentStatus: "succeeded",
        totalAmountCents: 1000 + i * 100,
        currency: "EUR",
        reference: `REF-${i}`,
        fullName: `Buyer ${i}`,
        email: `buyer${i}@example.test`,
        address: "1 rue du Test",
        city: "Paris",
        zipCode: "75001",
        country: "France",
        phone: "0600000000",
        paidAt: at,
        createdAt: at,
        updatedAt: at,
      })
      .run();
  }
  db()
    .update(shops)
    .set({ nextOrderNumber: count + 1 })
    .where(eq(shops.id, id))
    .run();
}

function findOrder(subdomain: string, number: number) {
  const order = db()
    .select({ id: orders.id, shopId: orders.shopId, totalAmountCents: orders.totalAmountCents })
    .from(orders)
    .where(and(eq(orders.shopId, shopId(subdomain)), eq(orders.number, number)))
    .get();
  if (!order) throw new Error(`no order #${number} in ${subdomain}`);
  return order;
}

/** Gives an order another shopper email (tests run in parallel: each its own inbox). */
export function setOrderEmail(subdomain: string, number: number, email: string): void {
  db()
    .update(orders)
    .set({ email })
    .where(eq(orders.id, findOrder(subdomain, number).id))
    .run();
}

/** Gives an order a real payment at the simulated provider (what the checkout would have left). */
export function recordSimulatedPayment(subdomain: string, number: number): void {
  const order = findOrder(subdomain, number);
  const intentId = `pi_sim_e2e_${subdomain.replace(/-/g, "")}_${number}`;
  const accountId = `acct_sim_${subdomain}`;
  db()
    .insert(simulatedPaymentIntents)
    .values({
      id: intentId,
      accountId,
      clientSecret: `${intentId}_secret`,
      amountCents: order.totalAmountCents,
      currency: "EUR",
      applicationFeeCents: 26,
      status: "succeeded",
    })
    .run();
  db()
    .insert(paymentTransactions)
    .values({
      id: `txn_e2e_${order.id}`,
      orderId: order.id,
      shopId: order.shopId,
      provider: "simulated",
      providerAccountId: accountId,
      providerPaymentId: intentId,
      amountCents: order.totalAmountCents,
      applicationFeeCents: 26,
      currency: "EUR",
      status: "succeeded",
    })
    .run();
}
