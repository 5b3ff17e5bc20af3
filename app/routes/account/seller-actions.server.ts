import type { TFunction } from "i18next";
import { redirect } from "react-router";
import { setToast } from "remix-toast/middleware";
import { createApiKey, listApiKeys, revokeApiKey } from "~/domain/accounts/api-keys.server";
import type { SessionUser } from "~/domain/accounts/users.server";
import { onboardingView, sellerOnboardingSteps, type SellerAccount } from "~/domain/sellers/onboarding.server";
import { sellerProfileResource, updateSellerProfile } from "~/domain/sellers/seller-profile.server";
import { formRecordId, type IntentHandler } from "~/http/forms.server";
import { requireSeller } from "~/http/guards.server";
import { getI18nInstance } from "~/middleware/i18n.server";
import { sellerProfileSchema } from "~/schemas/sellers";

/** The seller tab's data: the API's seller profile, the onboarding view and the API keys. */
export async function sellerTabData(account: SellerAccount, t: TFunction) {
  return {
    ...(await sellerProfileResource(account, t)),
    onboarding: onboardingView(sellerOnboardingSteps(account)),
    apiKeys: await listApiKeys(account.user.id),
  };
}

export const createApiKeyAction = {
  errors: "message",
  handle: async ({ context, formData }) => {
    const { user } = await requireSeller(context);
    const { key } = await createApiKey(user.id, String(formData.get("name") ?? ""));
    return { intent: "create-api-key" as const, key };
  },
} satisfies IntentHandler<SessionUser>;

export const revokeApiKeyAction = {
  errors: "message",
  handle: async ({ context, formData, guarded: user }) => {
    await revokeApiKey(user.id, formRecordId(formData, "keyId"));
    setToast(context, { type: "success", message: getI18nInstance(context).t("api_keys.revoked_toast") });
    return redirect("/account?section=seller");
  },
} satisfies IntentHandler<SessionUser>;

export const updateSellerProfileAction = {
  errors: "form",
  handle: async ({ context, parse }) => {
    const { user } = await requireSeller(context);
    await updateSellerProfile(user.id, parse(sellerProfileSchema));
    setToast(context, { type: "success", message: getI18nInstance(context).t("sellers.profile.updated") });
    return redirect("/account?section=seller");
  },
} satisfies IntentHandler<SessionUser>;
