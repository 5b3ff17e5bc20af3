import { and, desc, eq, ne, or } from "drizzle-orm";
import { mainSiteUrl } from "~/config.server";
import { displayName, findUserByEmail } from "~/domain/accounts/users.server";
import { NotFoundError, ValidationError } from "~/domain/errors.server";
import { sendMail } from "~/domain/mail/mailer.server";
import { sellerDecisionMail } from "~/domain/mail/templates.server";
import { getDatabase, writeTransaction } from "~db/client";
import { sellerProfiles, shops, users } from "~db/schema";
import { activateShopIfReady, sellerOnboardingSteps } from "./onboarding.server";

import type { ReviewFilter } from "~/schemas/sellers";

/** Sellers for the staff review screen, newest first. */
export async function listSellersForReview(filter: ReviewFilter) {
  const rows = await getDatabase()
    .select({ user: users, profile: sellerProfiles, shop: shops })
    .from(sellerProfiles)
    .innerJoin(users, eq(users.id, sellerProfiles.userId))
    .leftJoin(shops, eq(shops.ownerId, users.id))
    .where(filter === "all" ? undefined : eq(sellerProfiles.verificationStatus, filter))
    .orderBy(desc(sellerProfiles.createdAt))
    .limit(200);
  return rows.map(({ user, profile, shop }) => {
    const onboarding = sellerOnboardingSteps({ user, profile, shop });
    return {
      userId: user.id,
      email: user.email,
      name: displayName(user),
      businessName: profile.businessName,
      businessType: profile.businessType,
      siret: profile.siret,
      subdomain: shop?.subdomain ?? null,
      status: profile.verificationStatus,
      rejectionReason: profile.rejectionReason,
      registeredAt: profile.createdAt.toISOString(),
      shopLive: Boolean(shop?.isLive),
      onboarding: onboarding.steps,
    };
  });
}

async function findSeller(identifier: number | string) {
  const db = getDatabase();
  const user =
    typeof identifier === "number"
      ? (await db.select().from(users).where(eq(users.id, identifier)).limit(1))[0]
      : await findUserByEmail(identifier);
  const [profile] = user ? await db.select().from(sellerProfiles).where(eq(sellerProfiles.userId, user.id)).limit(1) : [];
  if (!user || !profile) throw new NotFoundError("admin.sellers.not_found");
  return { user, profile };
}

/**
 * Approves a seller (verification done); the shop goes live if every other step is done. The
 * seller is mailed when the decision changes: approving twice (a double click, two staff at
 * once) sends one mail and keeps the first approval's date.
 */
export async function approveSeller(identifier: number | string): Promise<{ shopLive: boolean }> {
  const { user } = await findSeller(identifier);
  const db = getDatabase();
  const changed = await db
    .update(sellerProfiles)
    .set({ verificationStatus: "verified", verifiedAt: new Date(), rejectionReason: "", updatedAt: new Date() })
    .where(and(eq(sellerProfiles.userId, user.id), ne(sellerProfiles.verificationStatus, "verified")))
    .returning({ userId: sellerProfiles.userId });
  await activateShopIfReady(user.id);
  const [shop] = await db.select({ live: shops.isLive }).from(shops).where(eq(shops.ownerId, user.id)).limit(1);
  const shopLive = Boolean(shop?.live);
  if (changed.length === 0) return { shopLive };
  await sendMail({
    to: user.email,
    template: "seller_approved",
    ...sellerDecisionMail(user.language, { name: displayName(user), approved: true, shopLive, dashboardUrl: `${mainSiteUrl()}/dashboard` }),
  });
  return { shopLive };
}

/**
 * Rejects a seller with a reason (mailed to them); a live shop goes offline. `null` (the
 * command line without a reason) stores no reason: screens and mail then show a default
 * one in the seller's language. The same rejection twice mails once; a new reason is mailed.
 */
export async function rejectSeller(identifier: number | string, reason: string | null): Promise<void> {
  const trimmed = reason?.trim() ?? "";
  if (reason !== null && (trimmed.length < 3 || trimmed.length > 500)) {
    throw new ValidationError("admin.sellers.reason_required", { reason: ["admin.sellers.reason_required"] });
  }
  const { user } = await findSeller(identifier);
  const changed = await writeTransaction(async (tx) => {
    const rows = await tx
      .update(sellerProfiles)
      .set({ verificationStatus: "rejected", rejectionReason: trimmed, verifiedAt: null, updatedAt: new Date() })
      .where(
        and(
          eq(sellerProfiles.userId, user.id),
          or(ne(sellerProfiles.verificationStatus, "rejected"), ne(sellerProfiles.rejectionReason, trimmed)),
        ),
      )
      .returning({ userId: sellerProfiles.userId });
    await tx
      .update(shops)
      .set({ isLive: false, updatedAt: new Date() })
      .where(and(eq(shops.ownerId, user.id), eq(shops.isLive, true)));
    return rows.length > 0;
  });
  if (!changed) return;
  await sendMail({
    to: user.email,
    template: "seller_rejected",
    ...sellerDecisionMail(user.language, {
      name: displayName(user),
      approved: false,
      reason: trimmed,
      dashboardUrl: `${mainSiteUrl()}/dashboard`,
    }),
  });
}
