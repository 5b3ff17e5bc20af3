import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activateShopIfReady, ONBOARDING_STEPS, sellerOnboardingSteps, type OnboardingState } from "~/domain/sellers/onboarding.server";
import { getDatabase } from "~db/client";
import { sellerProfiles, shops } from "~db/schema";
import { createShop, createUser } from "./factories";

const complete: OnboardingState = {
  user: { firstName: "Dana", lastName: "Demo" },
  profile: {
    businessName: "Shop",
    contactEmail: "a@b.c",
    contactPhone: "0600000000",
    verificationStatus: "verified",
    stripeChargesEnabled: true,
  },
  shop: { isLive: true },
};
const withChanges = (changes: {
  user?: Partial<OnboardingState["user"]>;
  profile?: Partial<OnboardingState["profile"]>;
  shop?: OnboardingState["shop"];
}): OnboardingState => ({
  user: { ...complete.user, ...changes.user },
  profile: { ...complete.profile, ...changes.profile },
  shop: changes.shop === undefined ? complete.shop : changes.shop,
});

describe("sellerOnboardingSteps", () => {
  it("lists the five steps in the spec's order", () => {
    expect(sellerOnboardingSteps(complete).steps.map((s) => s.step)).toEqual([...ONBOARDING_STEPS]);
    expect(ONBOARDING_STEPS).toEqual(["profile_info", "business_details", "stripe_connect", "verification", "tenant_setup"]);
  });

  it("is complete when every step is done", () => {
    expect(sellerOnboardingSteps(complete)).toMatchObject({ isComplete: true, current: null, completed: 5, total: 5 });
  });

  // Before the shop is live (tenant_setup not done yet), each missing piece is the current step.
  it.each([
    [{ user: { firstName: "" } }, "profile_info"],
    [{ user: { lastName: "  " } }, "profile_info"],
    [{ profile: { businessName: " " } }, "business_details"],
    [{ profile: { contactPhone: "" } }, "business_details"],
    [{ profile: { contactEmail: "" } }, "business_details"],
    [{ profile: { stripeChargesEnabled: false } }, "stripe_connect"],
    [{ profile: { verificationStatus: "under_review" as const } }, "verification"],
    [{ profile: { verificationStatus: "rejected" as const } }, "verification"],
  ])("%o leaves %s as the current step of a shop not live yet", (changes, step) => {
    const progress = sellerOnboardingSteps(withChanges({ ...changes, shop: { isLive: false } }));
    expect(progress.current).toBe(step);
    expect(progress.isComplete).toBe(false);
    expect(progress.completed).toBe(3);
  });

  it.each([[{ shop: { isLive: false } }], [{ shop: null }]])("%o leaves tenant_setup as the current step", (changes) => {
    const progress = sellerOnboardingSteps(withChanges(changes));
    expect(progress.current).toBe("tenant_setup");
    expect(progress.isComplete).toBe(false);
    expect(progress.completed).toBe(4);
  });

  it("the first incomplete step is current even when later ones are done", () => {
    const progress = sellerOnboardingSteps(
      withChanges({ user: { firstName: "" }, profile: { stripeChargesEnabled: false }, shop: { isLive: false } }),
    );
    expect(progress.current).toBe("profile_info");
    expect(progress.completed).toBe(2);
  });

  it("stays complete once the shop is live, even after an optional profile name is cleared", () => {
    for (const changes of [
      { user: { lastName: "" } },
      { user: { firstName: "", lastName: "" } },
      { profile: { stripeChargesEnabled: false } },
    ]) {
      expect(sellerOnboardingSteps(withChanges(changes))).toMatchObject({ isComplete: true, current: null, completed: 5 });
    }
  });

  it("a seller fresh from the wizard has the profile names and the business details: the next step is the payment account", () => {
    // The wizard asks the business name, contact email and phone; no business address
    // (the payment provider's onboarding collects it), so business details are not asked again.
    const progress = sellerOnboardingSteps(
      withChanges({ profile: { stripeChargesEnabled: false, verificationStatus: "under_review" }, shop: { isLive: false } }),
    );
    expect(progress.steps.map((s) => s.completed)).toEqual([true, true, false, false, false]);
    expect(progress.current).toBe("stripe_connect");
  });
});

describe("activateShopIfReady (tenant_setup)", () => {
  async function seller(profile: Partial<typeof sellerProfiles.$inferInsert>) {
    const user = await createUser({ isSeller: true, firstName: "A", lastName: "B" });
    await getDatabase()
      .insert(sellerProfiles)
      .values({
        userId: user.id,
        businessName: "S",
        businessType: "company",
        businessAddress: "1 rue",
        contactEmail: "s@x.y",
        contactPhone: "06",
        ...profile,
      });
    const shop = await createShop({ ownerId: user.id, isLive: false });
    return { user, shop };
  }
  const live = async (shopId: number) => {
    const [shop] = await getDatabase().select().from(shops).where(eq(shops.id, shopId)).limit(1);
    return shop!.isLive;
  };

  it("puts the shop live once every other step is done", async () => {
    const { user, shop } = await seller({ verificationStatus: "verified", stripeChargesEnabled: true });
    expect(await activateShopIfReady(user.id)).toBe(true);
    expect(await live(shop.id)).toBe(true);
    expect(await activateShopIfReady(user.id)).toBe(false); // already live
  });

  it("waits for approval and for payments", async () => {
    const a = await seller({ verificationStatus: "under_review", stripeChargesEnabled: true });
    expect(await activateShopIfReady(a.user.id)).toBe(false);
    expect(await live(a.shop.id)).toBe(false);
    const b = await seller({ verificationStatus: "verified", stripeChargesEnabled: false });
    expect(await activateShopIfReady(b.user.id)).toBe(false);
    expect(await live(b.shop.id)).toBe(false);
  });
});
