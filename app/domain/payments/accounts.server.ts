import { and, eq, isNull, sql } from "drizzle-orm";
import { mainSiteUrl } from "~/config.server";
import { ConflictError, ValidationError } from "~/domain/errors.server";
import { activateShopIfReady } from "~/domain/sellers/onboarding.server";
import { requireSellerAccount } from "~/domain/sellers/seller-profile.server";
import { markSellerShopContentChanged } from "~/domain/shops/content-version.server";
import { getDatabase, preparedRead, writeTransaction } from "~db/client";
import { sellerProfiles, shops, type User } from "~db/schema";
import { idempotencyKey } from "./idempotency.server";
import type { AccountStatus } from "./provider.server";
import { getPaymentProvider, withProvider } from "./provider-registry.server";

// The seller's connected account at the payment provider: creating it, its state, its end.

// Every checkout page asks whether the shop can take payments.
const paymentAccountOfShop = preparedRead("payment_account_of_shop", (db) =>
  db
    .select({ accountId: sellerProfiles.stripeConnectAccountId, charges: sellerProfiles.stripeChargesEnabled })
    .from(shops)
    .innerJoin(sellerProfiles, eq(sellerProfiles.userId, shops.ownerId))
    .where(eq(shops.id, sql.placeholder("shopId")))
    .limit(1),
);

/** The shop's payment account: the seller's connected account, if it can take payments. */
export async function shopPaymentAccount(shopId: number): Promise<{ accountId: string | null; canReceivePayments: boolean }> {
  const [row] = await paymentAccountOfShop({ shopId });
  return { accountId: row?.accountId ?? null, canReceivePayments: Boolean(row?.accountId && row.charges) };
}

/** The seller (user id) whose connected account this is, if it is one of ours. */
export async function sellerOfAccount(accountId: string): Promise<number | null> {
  const [profile] = await getDatabase()
    .select({ userId: sellerProfiles.userId })
    .from(sellerProfiles)
    .where(eq(sellerProfiles.stripeConnectAccountId, accountId))
    .limit(1);
  return profile?.userId ?? null;
}

/** Stores the account's state on the seller profile; returns whether anything changed. */
export async function applyAccountStatus(userId: number, status: AccountStatus): Promise<boolean> {
  const values = {
    stripeDetailsSubmitted: status.detailsSubmitted,
    // Returning from onboarding proves nothing: it is complete when Stripe says so.
    stripeOnboardingCompleted: status.detailsSubmitted && status.currentlyDue.length === 0,
    stripeChargesEnabled: status.chargesEnabled,
    stripePayoutsEnabled: status.payoutsEnabled,
  };
  const db = getDatabase();
  const [before] = await db.select().from(sellerProfiles).where(eq(sellerProfiles.userId, userId)).limit(1);
  const changed = !before || (Object.keys(values) as (keyof typeof values)[]).some((key) => before[key] !== values[key]);
  await db
    .update(sellerProfiles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sellerProfiles.userId, userId));
  // The checkout page says whether the shop can take card payments.
  if (changed) await markSellerShopContentChanged(userId);
  const wentLive = await activateShopIfReady(userId);
  return changed || wentLive;
}

/** Creates the seller's connected account once, then mints a fresh onboarding link. */
export async function connectPaymentAccount(user: User): Promise<{ onboardingUrl: string }> {
  const account = await requireSellerAccount(user);
  const payments = getPaymentProvider();
  let accountId = account.profile.stripeConnectAccountId;
  if (!accountId) {
    ({ accountId } = await withProvider(
      async () =>
        payments.createConnectedAccount({
          sellerId: user.id,
          email: user.email,
          businessName: account.profile.businessName,
          // Fixed for the account's life: the business's country, from the seller profile.
          country: account.profile.country,
          // A new generation after a deauthorization: the dead account's key must not replay.
          idempotencyKey: await idempotencyKey(
            `connected-account-${user.id}${account.profile.paymentAccountGeneration ? `-${account.profile.paymentAccountGeneration}` : ""}`,
          ),
        }),
      "payments.errors.connect_failed",
    ));
    // Kept only if the profile still says the country the account was created in: the seller
    // may have changed it during the provider's call (allowed while no account is stored).
    const [stored] = await getDatabase()
      .update(sellerProfiles)
      .set({ stripeConnectAccountId: accountId, updatedAt: new Date() })
      .where(and(eq(sellerProfiles.userId, user.id), eq(sellerProfiles.country, account.profile.country)))
      .returning({ userId: sellerProfiles.userId });
    if (!stored) {
      // The next try creates an account in the new country: a new generation, so its
      // idempotency key is not the one the provider has just answered with another country.
      await getDatabase()
        .update(sellerProfiles)
        .set({ paymentAccountGeneration: sql`${sellerProfiles.paymentAccountGeneration} + 1`, updatedAt: new Date() })
        .where(and(eq(sellerProfiles.userId, user.id), isNull(sellerProfiles.stripeConnectAccountId)));
      throw new ConflictError("payments.errors.country_changed");
    }
  }
  const base = mainSiteUrl();
  const { url } = await withProvider(
    () =>
      payments.createOnboardingLink({
        accountId: accountId!,
        returnUrl: `${base}/dashboard#stripe-connect`,
        refreshUrl: `${base}/onboarding/refresh`,
      }),
    "payments.errors.connect_failed",
  );
  return { onboardingUrl: url };
}

/** Asks the provider for the account's real state and stores it on the seller profile. */
export async function refreshPaymentAccountStatus(user: User): Promise<AccountStatus> {
  const account = await requireSellerAccount(user);
  const accountId = account.profile.stripeConnectAccountId;
  if (!accountId) throw new ValidationError("payments.errors.no_account");
  const status = await withProvider(() => getPaymentProvider().retrieveAccount(accountId), "payments.errors.status_failed");
  await applyAccountStatus(user.id, status);
  return status;
}

/**
 * The seller disconnected the platform: the account id is dead (it can never take our
 * payments again), so it is forgotten and the shop goes offline, which reopens the
 * stripe_connect onboarding step; connecting again creates a new account.
 */
export async function forgetDeauthorizedAccount(accountId: string): Promise<boolean> {
  return writeTransaction(async (tx) => {
    const [profile] = await tx
      .update(sellerProfiles)
      .set({
        stripeConnectAccountId: null,
        stripeChargesEnabled: false,
        stripePayoutsEnabled: false,
        stripeDetailsSubmitted: false,
        stripeOnboardingCompleted: false,
        paymentAccountGeneration: sql`${sellerProfiles.paymentAccountGeneration} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(sellerProfiles.stripeConnectAccountId, accountId))
      .returning({ userId: sellerProfiles.userId });
    if (!profile) return false;
    await tx.update(shops).set({ isLive: false, updatedAt: new Date() }).where(eq(shops.ownerId, profile.userId));
    return true;
  });
}
