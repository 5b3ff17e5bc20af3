import { parseWithZod } from "@conform-to/zod/v4";
import type { TFunction } from "i18next";
import { data, redirect, type RouterContextProvider } from "react-router";
import { setToast } from "remix-toast/middleware";
import { onboardingView, sellerOnboardingSteps } from "~/domain/sellers/onboarding.server";
import { requireSellerAccount, sellerProfileResource, updateSellerProfile } from "~/domain/sellers/seller-profile.server";
import { findUserById } from "~/domain/accounts/users.server";
import { getI18nInstance } from "~/middleware/i18n.server";
import { sellerProfileSchema } from "~/schemas/sellers";
import type { User } from "~db/schema";

type Args = { request: Request; context: Readonly<RouterContextProvider>; formData: FormData; user: User };

/** The seller tab's data: the API's seller profile plus the onboarding view. */
export function sellerTabData(userId: number, t: TFunction) {
  const account = requireSellerAccount(findUserById(userId)!);
  return { ...sellerProfileResource(account, t), onboarding: onboardingView(sellerOnboardingSteps(account)) };
}

export function updateSellerProfileAction({ context, formData, user }: Args) {
  requireSellerAccount(user);
  const submission = parseWithZod(formData, { schema: sellerProfileSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const v = submission.value;
  updateSellerProfile(user.id, {
    businessName: v.business_name,
    businessType: v.business_type,
    businessDescription: v.business_description,
    businessAddress: v.business_address,
    taxId: v.tax_id,
    contactEmail: v.contact_email,
    contactPhone: v.contact_phone,
    website: v.website,
    siret: v.siret,
  });
  setToast(context, { type: "success", message: getI18nInstance(context).t("sellers.profile.updated") });
  return redirect("/account?section=seller");
}
