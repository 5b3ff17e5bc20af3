import { parseWithZod } from "@conform-to/zod/v4";
import type { TFunction } from "i18next";
import { data, redirect, type RouterContextProvider } from "react-router";
import { setToast } from "remix-toast/middleware";
import { onboardingView, sellerOnboardingSteps } from "~/domain/sellers/onboarding.server";
import { requireSellerAccount, sellerProfileResource, updateSellerProfile } from "~/domain/sellers/seller-profile.server";
import { createApiKey, listApiKeys, revokeApiKey } from "~/domain/accounts/api-keys.server";
import { findUserById } from "~/domain/accounts/users.server";
import { DomainError } from "~/domain/errors.server";
import { formErrorResponse } from "~/http/forms.server";
import { getI18nInstance } from "~/middleware/i18n.server";
import { sellerProfileSchema } from "~/schemas/sellers";
import type { User } from "~db/schema";

type Args = { request: Request; context: Readonly<RouterContextProvider>; formData: FormData; user: User };

/** The seller tab's data: the API's seller profile, the onboarding view and the API keys. */
export function sellerTabData(userId: number, t: TFunction) {
  const account = requireSellerAccount(findUserById(userId)!);
  return { ...sellerProfileResource(account, t), onboarding: onboardingView(sellerOnboardingSteps(account)), apiKeys: listApiKeys(userId) };
}

export function createApiKeyAction({ context, formData, user }: Args) {
  requireSellerAccount(user);
  const t = getI18nInstance(context).t;
  try {
    const { key } = createApiKey(user.id, String(formData.get("name") ?? ""));
    return { intent: "create-api-key" as const, key };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const field = "fieldErrors" in error ? Object.values(error.fieldErrors as Record<string, string[]>)[0]?.[0] : undefined;
    return data({ intent: "create-api-key" as const, error: t(field ?? error.messageKey) }, { status: error.status });
  }
}

export function revokeApiKeyAction({ context, formData, user }: Args) {
  try {
    revokeApiKey(user.id, Number(formData.get("keyId")));
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data({ intent: "revoke-api-key" as const, error: getI18nInstance(context).t(error.messageKey) }, { status: error.status });
  }
  setToast(context, { type: "success", message: getI18nInstance(context).t("api_keys.revoked_toast") });
  return redirect("/account?section=seller");
}

export function updateSellerProfileAction({ context, formData, user }: Args) {
  requireSellerAccount(user);
  const submission = parseWithZod(formData, { schema: sellerProfileSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const v = submission.value;
  try {
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
      country: v.country,
    });
  } catch (error) {
    return formErrorResponse(submission, error);
  }
  setToast(context, { type: "success", message: getI18nInstance(context).t("sellers.profile.updated") });
  return redirect("/account?section=seller");
}
