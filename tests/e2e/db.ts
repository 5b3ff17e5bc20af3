import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { and, asc, desc, eq, inArray, isNull } from "drizzle-orm";
import { hashPassword } from "../../app/domain/accounts/password.server";
import { createSession } from "../../app/domain/accounts/sessions.server";
import { hashToken, randomToken } from "../../app/domain/accounts/tokens.server";
import { createLive, endLive, pinLiveProduct } from "../../app/domain/lives/lives.server";
import { joinParcel } from "../../app/domain/orders/parcels.server";
import { activateShopIfReady } from "../../app/domain/sellers/onboarding.server";
import type { ShippingSettings } from "../../app/schemas/shipping";
import { getDatabase, writeTransaction } from "../../db/client";
import {
  mailOutbox,
  orderStatusLinks,
  orders,
  paymentTransactions,
  products,
  sellerProfiles,
  shippingRates,
  shippingZones,
  shopDomains,
  shops,
  simulatedAccounts,
  users,
} from "../../db/schema";
import { recordSucceededSimulatedIntent } from "../support/simulated-intents";
import { E2E_DATABASE_URL, E2E_PORT } from "./environment";

/**
 * Direct access to the end-to-end server's database, for arranging state and reading mail.
 * Everything goes through drizzle and the project's schema (and domain functions where one
 * does the job), so a schema change breaks these helpers at type-check time.
 */
// The domain functions used here open the process's connection from DATABASE_URL.
process.env.DATABASE_URL = E2E_DATABASE_URL;
const db = () => getDatabase();

export type TestUser = { id: number; email: string; password: string; firstName: string };

// Every test user has the same password: its scrypt hash (about 0.2 s of CPU) is made once per
// worker, not per user. Logging in through the form still verifies it on the server.
let testPasswordHash: Promise<string> | undefined;

export async function createTestUser(options: { verified?: boolean; firstName?: string; language?: "en" | "fr" } = {}): Promise<TestUser> {
  const email = `e2e-${crypto.randomUUID().slice(0, 12)}@example.test`;
  const password = "Test1234!";
  const firstName = options.firstName ?? "Tess";
  const [user] = await db()
    .insert(users)
    .values({
      email,
      username: email.split("@")[0]!,
      firstName,
      lastName: "Tester",
      passwordHash: await (testPasswordHash ??= hashPassword(password)),
      isVerified: options.verified ?? false,
      language: options.language ?? "en",
    })
    .returning({ id: users.id });
  return { id: user!.id, email, password, firstName };
}

/**
 * Signs a user in on the main site as a login leaves them (a session and its cookie), without
 * going through /login: for tests about what a signed-in seller does next. The login itself
 * is tested through its form (accounts.spec.ts, fixtures.ts's logIn).
 */
export async function signInWithSession(page: Page, user: { id: number }): Promise<void> {
  const { token } = await createSession(user.id);
  await page.context().addCookies([{ name: "sid", value: token, url: `http://localhost:${E2E_PORT}/`, httpOnly: true, sameSite: "Lax" }]);
}

export async function lastMailTo(email: string): Promise<{ subject: string; text: string } | undefined> {
  const [mail] = await db()
    .select({ subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return mail;
}

/** A verified seller with a complete profile and a shop that is not live yet. */
async function createVerifiedSeller(user: TestUser, subdomain: string, payments?: { accountId: string }): Promise<void> {
  await db().update(users).set({ isSeller: true }).where(eq(users.id, user.id));
  await db()
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
    });
  await db()
    .insert(shops)
    .values({ ownerId: user.id, subdomain, name: `Shop ${subdomain}`, businessType: "company" });
}

/** A seller whose onboarding is complete and whose shop is live (for shop-side tests). */
export async function createLiveSeller(
  options: { subdomain?: string; firstName?: string } = {},
): Promise<TestUser & { subdomain: string }> {
  const user = await createTestUser({ verified: true, firstName: options.firstName ?? "Lia" });
  const subdomain = options.subdomain ?? `shop-${crypto.randomUUID().slice(0, 8)}`;
  const accountId = `acct_sim_${subdomain}`;
  // Its payment account at the simulated provider.
  await db()
    .insert(simulatedAccounts)
    .values({
      id: accountId,
      email: user.email,
      businessName: `Shop ${subdomain}`,
      country: "FR",
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
    });
  await createVerifiedSeller(user, subdomain, { accountId });
  // The shop goes live the way the product decides it: every onboarding step is done.
  if (!(await activateShopIfReady(user.id))) throw new Error(`the onboarding of ${user.email} is not complete: its shop did not go live`);
  return { ...user, subdomain };
}

/** A verified seller with a complete profile but no payment account yet. */
export async function createSellerWithoutPayments(): Promise<TestUser & { subdomain: string }> {
  const user = await createTestUser({ verified: true, firstName: "Paz" });
  const subdomain = `pay-${crypto.randomUUID().slice(0, 8)}`;
  await createVerifiedSeller(user, subdomain);
  return { ...user, subdomain };
}

/** Turns a seller's payments off (the shop stays live but cannot take payments). */
export async function disablePayments(email: string): Promise<void> {
  const [user] = await db().select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw new Error(`no user ${email}`);
  await db().update(sellerProfiles).set({ stripeChargesEnabled: false }).where(eq(sellerProfiles.userId, user.id));
}

/**
 * A shop's own domain as the DNS verification leaves it (verified; lower case), optionally the
 * shop's primary address (issue 30; the screens that add and verify one are part A's).
 */
export async function addVerifiedDomain(subdomain: string, domain: string, options: { primary?: boolean } = {}): Promise<void> {
  const now = new Date();
  await db()
    .insert(shopDomains)
    .values({
      shopId: await shopId(subdomain),
      domain,
      status: "verified",
      verificationToken: crypto.randomUUID(),
      isPrimary: options.primary ?? false,
      verifiedAt: now,
      checkUntil: now,
    });
}

async function shopId(subdomain: string): Promise<number> {
  const [shop] = await db().select({ id: shops.id }).from(shops).where(eq(shops.subdomain, subdomain)).limit(1);
  if (!shop) throw new Error(`no shop ${subdomain}`);
  return shop.id;
}

/** Paid orders #1..#count in a shop (for the seller's order screens): order #i is €(10 + i). */
export async function createPaidOrders(subdomain: string, count: number): Promise<void> {
  const id = await shopId(subdomain);
  const now = Date.now();
  for (let i = 1; i <= count; i++) {
    const at = new Date(now - (count - i) * 60_000);
    await db()
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
      });
  }
  await db()
    .update(shops)
    .set({ nextOrderNumber: count + 1 })
    .where(eq(shops.id, id));
}

async function findOrder(subdomain: string, number: number) {
  const [order] = await db()
    .select({ id: orders.id, shopId: orders.shopId, totalAmountCents: orders.totalAmountCents })
    .from(orders)
    .where(and(eq(orders.shopId, await shopId(subdomain)), eq(orders.number, number)))
    .limit(1);
  if (!order) throw new Error(`no order #${number} in ${subdomain}`);
  return order;
}

/** Gives an order another shopper email (tests run in parallel: each its own inbox). */
/** Paid orders of the shop in no parcel yet join theirs, as their payment would have made them (issue 28). */
export async function packParcels(subdomain: string): Promise<void> {
  const loose = await db()
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.shopId, await shopId(subdomain)),
        isNull(orders.parcelId),
        eq(orders.paymentStatus, "succeeded"),
        inArray(orders.status, ["pending", "processing"]),
      ),
    )
    .orderBy(asc(orders.id));
  for (const order of loose) await writeTransaction((tx) => joinParcel(tx, order));
}

/** `count` paid orders of one shopper (one email, one address) in one parcel; their ids, oldest first. */
export async function createParcelOrders(subdomain: string, count: number, email: string): Promise<number[]> {
  await createPaidOrders(subdomain, count);
  const id = await shopId(subdomain);
  await db().update(orders).set({ email }).where(eq(orders.shopId, id));
  await packParcels(subdomain);
  const rows = await db().select({ id: orders.id }).from(orders).where(eq(orders.shopId, id)).orderBy(asc(orders.id));
  return rows.map((row) => row.id);
}

export async function setOrderEmail(subdomain: string, number: number, email: string): Promise<void> {
  const order = await findOrder(subdomain, number);
  await db().update(orders).set({ email }).where(eq(orders.id, order.id));
}

/** A new status link of an order (what a mail to its shopper carries, e.g. a live's payment reminder). */
export async function orderStatusLink(subdomain: string, orderId: number): Promise<string> {
  const token = randomToken();
  await db()
    .insert(orderStatusLinks)
    .values({ orderId, tokenHash: hashToken(token) });
  return `http://${subdomain}.localhost:${E2E_PORT}/order-status/${token}`;
}

/** Gives an order a real payment at the simulated provider (what the checkout would have left). */
export async function recordSimulatedPayment(subdomain: string, number: number): Promise<void> {
  const order = await findOrder(subdomain, number);
  const intentId = `pi_sim_e2e_${subdomain.replace(/-/g, "")}_${number}`;
  const accountId = `acct_sim_${subdomain}`;
  await recordSucceededSimulatedIntent({ id: intentId, accountId, amountCents: order.totalAmountCents, applicationFeeCents: 26 });
  await db()
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
    });
}

/** A live of a shop (started now), with a product pinned if given. */
export async function startLive(subdomain: string, options: { title?: string; pinnedProductId?: number } = {}) {
  const live = await createLive(await shopId(subdomain), { title: options.title ?? "Friday drop", platform: "tiktok", scheduledAt: null });
  if (options.pinnedProductId) await pinLiveProduct(live.shopId, live.id, options.pinnedProductId);
  return { id: live.id, shopId: live.shopId, code: live.code };
}

/** The seller pins another product on the live (as the board does). */
export async function pinOnLive(live: { id: number; shopId: number }, productId: number): Promise<void> {
  await pinLiveProduct(live.shopId, live.id, productId);
}

/** The seller ends the live. */
export async function finishLive(live: { id: number; shopId: number }): Promise<void> {
  await endLive(live.shopId, live.id);
}

/** A shop's product by name. */
export async function productNamed(subdomain: string, name: string): Promise<{ id: number; priceCents: number }> {
  const [product] = await db()
    .select({ id: products.id, priceCents: products.priceCents })
    .from(products)
    .where(and(eq(products.shopId, await shopId(subdomain)), eq(products.name, name)))
    .limit(1);
  if (!product) throw new Error(`no product ${name} in ${subdomain}`);
  return product;
}

/** The live orders were placed for, newest first, with their payment state. */
export async function ordersOfLive(liveId: number) {
  return db()
    .select({ id: orders.id, paymentStatus: orders.paymentStatus, liveReference: orders.liveReference, email: orders.email })
    .from(orders)
    .where(eq(orders.liveId, liveId))
    .orderBy(desc(orders.id));
}

/**
 * Sets a shop's shipping zones and rates as the Shipping tab stores them (written with drizzle:
 * the domain's module translates the pickup's name, and Playwright cannot load the
 * translations' JSON); answers the rates' ids by name.
 */
export async function setShipping(subdomain: string, settings: Pick<ShippingSettings, "zones">): Promise<Record<string, number>> {
  const [shop] = await db().select({ id: shops.id }).from(shops).where(eq(shops.subdomain, subdomain)).limit(1);
  const ids: Record<string, number> = {};
  for (const [position, zone] of settings.zones.entries()) {
    const [created] = await db()
      .insert(shippingZones)
      .values({ shopId: shop!.id, name: zone.name, countries: zone.countries, position })
      .returning({ id: shippingZones.id });
    for (const [ratePosition, rate] of zone.rates.entries()) {
      const [row] = await db()
        .insert(shippingRates)
        .values({
          shopId: shop!.id,
          zoneId: created!.id,
          name: rate.name,
          priceCents: rate.priceCents,
          freeFromCents: rate.freeFromCents,
          delivery: rate.delivery,
          position: ratePosition,
        })
        .returning({ id: shippingRates.id });
      ids[rate.name] = row!.id;
    }
  }
  await db().update(shops).set({ chargesShipping: true }).where(eq(shops.id, shop!.id));
  return ids;
}

/**
 * A shop with two custom domains as its Domain tab shows them: one waiting for its records
 * (the last check found no TXT record), one verified (not primary, so the shop's links and
 * its subdomain stay as they are). Added once; later calls find them.
 */
export async function connectSweepDomains(subdomain: string): Promise<void> {
  const id = await shopId(subdomain);
  const now = new Date();
  const checkUntil = new Date(now.getTime() + 72 * 60 * 60 * 1000);
  await db()
    .insert(shopDomains)
    .values([
      {
        shopId: id,
        domain: `${subdomain}-sweep-pending.example`,
        verificationToken: "sweep-token-pending",
        problem: "txt_missing",
        lastCheckedAt: now,
        checkUntil,
      },
      {
        shopId: id,
        domain: `${subdomain}-sweep-verified.example`,
        status: "verified",
        verificationToken: "sweep-token-verified",
        verifiedAt: now,
        checkUntil,
      },
    ])
    .onConflictDoNothing();
}
