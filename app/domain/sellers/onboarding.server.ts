import { eq } from "drizzle-orm";
import { getDatabase, lockRows, writeTransaction } from "~db/client";
import { sellerProfiles, shops, users, type SellerProfile, type Shop, type User } from "~db/schema";

/** The five onboarding steps, in order (spec section 3). */
export const ONBOARDING_STEPS = ["profile_info", "business_details", "stripe_connect", "verification", "tenant_setup"] as const;
export type OnboardingStep = (typeof ONBOARDING_STEPS)[number];

export type OnboardingState = {
  user: Pick<User, "firstName" | "lastName">;
  profile: Pick<SellerProfile, "businessName" | "contactEmail" | "contactPhone" | "verificationStatus" | "stripeChargesEnabled">;
  shop: Pick<Shop, "isLive"> | null;
};

export type OnboardingProgress = {
  steps: { step: OnboardingStep; completed: boolean }[];
  /** The first step not completed (the next action), or null when onboarding is complete. */
  current: OnboardingStep | null;
  completed: number;
  total: number;
  isComplete: boolean;
};

const filled = (value: string) => value.trim().length > 0;

/**
 * Which steps are done, computed from the real state (never stored, so never stale).
 * Onboarding is the way to going live: a live shop proves every step was done, so later
 * edits (clearing an optional profile name) do not reopen it. Rejection takes the shop
 * offline, which is what reopens onboarding.
 */
export function sellerOnboardingSteps(state: OnboardingState): OnboardingProgress {
  const live = Boolean(state.shop?.isLive);
  const done: Record<OnboardingStep, boolean> = {
    profile_info: live || (filled(state.user.firstName) && filled(state.user.lastName)),
    business_details:
      live ||
      // What the registration wizard asks: done right after it. The business address is
      // collected by the payment provider's own onboarding, so it is not asked twice.
      (filled(state.profile.businessName) && filled(state.profile.contactEmail) && filled(state.profile.contactPhone)),
    stripe_connect: live || state.profile.stripeChargesEnabled,
    verification: live || state.profile.verificationStatus === "verified",
    tenant_setup: live,
  };
  const steps = ONBOARDING_STEPS.map((step) => ({ step, completed: done[step] }));
  const current = steps.find((s) => !s.completed)?.step ?? null;
  const completed = steps.filter((s) => s.completed).length;
  return { steps, current, completed, total: steps.length, isComplete: current === null };
}

/** Where each step's next action leads (spec section 4); null means "wait" or "this form". */
export const onboardingTargets: Record<OnboardingStep, string | null> = {
  profile_info: "/account?section=profile",
  business_details: "/account?section=seller&edit=seller",
  stripe_connect: "/dashboard#stripe-connect",
  verification: null,
  tenant_setup: "/account?section=shop",
};

export type SellerAccount = { user: User; profile: SellerProfile; shop: Shop | null };

/** The seller's user, profile and shop in one query; null for users who are not sellers. */
export async function loadSellerAccount(userId: number): Promise<SellerAccount | null> {
  const [row] = await getDatabase()
    .select({ user: users, profile: sellerProfiles, shop: shops })
    .from(users)
    .innerJoin(sellerProfiles, eq(sellerProfiles.userId, users.id))
    .leftJoin(shops, eq(shops.ownerId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ? { user: row.user, profile: row.profile, shop: row.shop } : null;
}

/**
 * tenant_setup: once every other step is done, the shop is provisioned and goes live.
 * Called after each change that can complete a step (approval, payment account, profile).
 */
export async function activateShopIfReady(userId: number, now = new Date()): Promise<boolean> {
  return writeTransaction(async (tx) => {
    // Read under the profile's lock: a rejection committed between this read and the update
    // below would otherwise leave a rejected seller's shop live (it waits for this instead).
    await lockRows(tx, sellerProfiles, eq(sellerProfiles.userId, userId), "no key update");
    const [row] = await tx
      .select({ user: users, profile: sellerProfiles, shop: shops })
      .from(users)
      .innerJoin(sellerProfiles, eq(sellerProfiles.userId, users.id))
      .innerJoin(shops, eq(shops.ownerId, users.id))
      .where(eq(users.id, userId))
      .limit(1);
    if (!row || row.shop.isLive) return false;
    const progress = sellerOnboardingSteps(row);
    const othersDone = progress.steps.filter((s) => s.step !== "tenant_setup").every((s) => s.completed);
    if (!othersDone) return false;
    await tx.update(shops).set({ isLive: true, liveSince: now, updatedAt: now }).where(eq(shops.id, row.shop.id));
    return true;
  });
}

/** What the screens show of the onboarding: steps, next step and where it leads. */
export function onboardingView(progress: OnboardingProgress) {
  return { steps: progress.steps, current: progress.current, target: progress.current ? onboardingTargets[progress.current] : null };
}
