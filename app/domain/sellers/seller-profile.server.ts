import type { TFunction } from "i18next";
import { eq } from "drizzle-orm";
import { shopPublicUrl } from "~/domain/shops/shop-hosts.server";
import { ForbiddenError, ValidationError } from "~/domain/errors.server";
import { getDatabase } from "~db/client";
import { sellerProfiles, shops, type User } from "~db/schema";
import type { SellerProfileChanges } from "~/schemas/sellers";
import { activateShopIfReady, loadSellerAccount, sellerOnboardingSteps, type SellerAccount } from "./onboarding.server";

/** The seller account of a user, or 403 for users who are not sellers. */
export async function requireSellerAccount(user: User): Promise<SellerAccount> {
  const account = user.isSeller ? await loadSellerAccount(user.id) : null;
  if (!account) throw new ForbiddenError("sellers.not_a_seller");
  return account;
}

/** The seller profile of the API (spec section 3), with display values in the request's language. */
export async function sellerProfileResource(account: SellerAccount, t: TFunction) {
  const { profile, shop } = account;
  const onboarding = sellerOnboardingSteps(account);
  return {
    business_name: profile.businessName,
    business_type: profile.businessType,
    business_type_display: t(`sellers.business_types.${profile.businessType}`),
    business_description: profile.businessDescription,
    business_address: profile.businessAddress,
    tax_id: profile.taxId,
    contact_email: profile.contactEmail,
    contact_phone: profile.contactPhone,
    website: profile.website,
    subdomain: shop?.subdomain ?? null,
    shop_url: shop ? await shopPublicUrl(shop.id) : null,
    siret: profile.siret,
    country: profile.country,
    verification_status: profile.verificationStatus,
    verification_status_display: t(`sellers.verification.${profile.verificationStatus}`),
    rejection_reason: profile.rejectionReason,
    stripe_connect_account_id: profile.stripeConnectAccountId,
    stripe_onboarding_completed: profile.stripeOnboardingCompleted,
    stripe_payouts_enabled: profile.stripePayoutsEnabled,
    can_receive_payments: profile.stripeChargesEnabled,
    is_onboarding_complete: onboarding.isComplete,
    onboarding_steps: onboarding.steps,
  };
}

/**
 * Saves the profile; completing the business details may complete onboarding. The country
 * is fixed once the payment account exists (the provider cannot move an account).
 */
export async function updateSellerProfile(userId: number, changes: SellerProfileChanges): Promise<SellerAccount> {
  const current = await loadSellerAccount(userId);
  if (current?.profile.stripeConnectAccountId && changes.country !== undefined && changes.country !== current.profile.country) {
    throw new ValidationError("errors.validation", { country: ["sec_payments.country.locked"] });
  }
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  await getDatabase()
    .update(sellerProfiles)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(sellerProfiles.userId, userId));
  // The shop carries its country too (its checkout lists it first); updatedAt renews its cached pages.
  if (changes.country !== undefined)
    await getDatabase().update(shops).set({ country: changes.country, updatedAt: new Date() }).where(eq(shops.ownerId, userId));
  await activateShopIfReady(userId);
  return (await loadSellerAccount(userId))!;
}
