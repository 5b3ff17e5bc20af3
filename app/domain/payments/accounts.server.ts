import { eq, sql } from "drizzle-orm";
import { mainSiteUrl } from "~/config.server";
import { ValidationError } from "~/domain/errors.server";
import { activateShopIfReady } from "~/domain/sellers/onboarding.server";
import { requireSellerAccount } from "~/domain/sellers/seller-profile.server";
import { getDatabase, writeTransaction } from "~db/client";
import { sellerProfiles, shops, type User } from "~db/schema";
import { idempotencyKey } from "./idempotency.server";
import type { AccountStatus } from "./provider.server";
import { getPaymentProvider, withProvider } from "./provider-registry.server";

// The seller's connected account at the payment provider: creating it, its state, its end.

/** The shop's payment account: the seller's connected account, if it can take payments. */
export function shopPaymentAccount(shopId: number): { accountId: string | null; canReceivePayments: boolean } {
  const row = getDatabase()
    .select({ accountId: sellerProfiles.stripeConnectAccountId, charges: sellerProfiles.stripeChargesEnabled })
    .from(shops)
    .innerJoin(sellerProfiles, eq(sellerProfiles.userId, shops.ownerId))
    .where(eq(shops.id, shopId))
    .get();
  return { accountId: row?.accountId ?? null, canReceivePayments: Boolean(row?.accountId && row.charges) };
}

/** The seller (user id) whose connected account this is, if it is one of ours. */
export function sellerOfAccount(accountId: string): number | null {
  const profile = getDatabase()
    .select({ userId: sellerProfiles.userId })
    .from(sellerProfiles)
    .where(eq(sellerProfiles.stripeConnectAccountId, accountId))
    .get();
  return profile?.userId ?? null;
}

/** Stores the account's state on the seller profile; returns whether anything changed. */
export function applyAccountStatus(userId: number, status: AccountStatus): boolean {
  const values = {
    stripeDetailsSubmitted: status.detailsSubmitted,
    // Returning from onboarding proves nothing: it is complete when Stripe says so.
    stripeOnboardingCompleted: status.detailsSubmitted && status.currentlyDue.length === 0,
    stripeChargesEnabled: status.chargesEnabled,
    stripePayoutsEnabled: status.payoutsEnabled,
  };
  const before = getDatabase().select().from(sellerProfiles).where(eq(sellerProfiles.userId, userId)).get();
  const changed = !before || (Object.keys(values) as (keyof typeof values)[]).some((key) => before[key] !== values[key]);
  getDatabase()
    .update(sellerProfiles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sellerProfiles.userId, userId))
    .run();
  const wentLive = activateShopIfReady(userId);
  return changed || wentLive;
}

/** Creates the seller's connected account once, then mints a fresh onboarding link. */
export async function connectPaymentAccount(user: User): Promise<{ onboardingUrl: string }> {
  const account = requireSellerAccount(user);
  const payments = getPaymentProvider();
  let accountId = account.profile.stripeConnectAccountId;
  if (!accountId) {
    ({ accountId } = await withProvider(
      () =>
        payments.createConnectedAccount({
          sellerId: user.id,
          email: user.email,
          businessName: account.profile.businessName,
          // Fixed for the account's life: the business's country, from the seller profile.
          country: account.profile.country,
          // A new generation after a deauthorization: the dead account's key must not replay.
          idempotencyKey: idempotencyKey(
            `connected-account-${user.id}${account.profile.paymentAccountGeneration ? `-${account.profile.paymentAccountGeneration}` : ""}`,
          ),
        }),
      "payments.errors.connect_failed",
    ));
    getDatabase()
      .update(sellerProfiles)
      .set({ stripeConnectAccountId: accountId, updatedAt: new Date() })
      .where(eq(sellerProfiles.userId, user.id))
      .run();
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
  const account = requireSellerAccount(user);
  const accountId = account.profile.stripeConnectAccountId;
  if (!accountId) throw new ValidationError("payments.errors.no_account");
  const status = await withProvider(() => getPaymentProvider().retrieveAccount(accountId), "payments.errors.status_failed");
  applyAccountStatus(user.id, status);
  return status;
}

/**
 * The seller disconnected the platform: the account id is dead (it can never take our
 * payments again), so it is forgotten and the shop goes offline, which reopens the
 * stripe_connect onboarding step; connecting again creates a new account.
 */
export function forgetDeauthorizedAccount(accountId: string): boolean {
  return writeTransaction((tx) => {
    const profile = tx
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
      .returning({ userId: sellerProfiles.userId })
      .get();
    if (!profile) return false;
    tx.update(shops).set({ isLive: false, updatedAt: new Date() }).where(eq(shops.ownerId, profile.userId)).run();
    return true;
  });
}
