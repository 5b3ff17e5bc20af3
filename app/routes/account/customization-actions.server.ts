import { redirect } from "react-router";
import { setToast } from "remix-toast/middleware";
import type { SessionUser } from "~/domain/accounts/users.server";
import { customizationResource, updateCustomization } from "~/domain/shops/customization.server";
import { loadSellerAccount, onboardingView, sellerOnboardingSteps } from "~/domain/sellers/onboarding.server";
import type { IntentHandler } from "~/http/forms.server";
import { formFieldsAndFile } from "~/http/multipart.server";
import { getI18nInstance } from "~/middleware/i18n.server";
import { customizationSchema } from "~/schemas/customization";

/** The shop tab's data: the form's values (and when they were saved), or the onboarding still to do. */
export async function shopTabData(userId: number) {
  const account = await loadSellerAccount(userId);
  if (!account?.shop) return null;
  const progress = sellerOnboardingSteps(account);
  return {
    unlocked: progress.isComplete,
    onboarding: onboardingView(progress),
    // The logo's path: the page shows it from its own host, whichever of ours it is.
    customization: customizationResource(account.shop, null),
    savedAt: account.shop.updatedAt.toISOString(),
  };
}

/**
 * Saves the customization form (multipart), then back to `redirectTo` with a toast. Who may
 * customize (a seller whose onboarding is complete) is the domain's rule, `updateCustomization`.
 */
export function updateCustomizationAction(redirectTo: string) {
  return {
    errors: "form",
    handle: async ({ context, formData, guarded: user, parse }) => {
      const t = getI18nInstance(context).t;
      const { file } = await formFieldsAndFile(formData, "shop_logo");
      const input = parse(customizationSchema);
      const { removedCss } = await updateCustomization(user.id, input, file ? { bytes: file } : null);
      setToast(context, {
        type: removedCss.length > 0 ? "warning" : "success",
        message: t("customization.updated"),
        description: removedCss.length > 0 ? t("customization.css_removed", { count: removedCss.length }) : undefined,
      });
      return redirect(redirectTo);
    },
  } satisfies IntentHandler<SessionUser>;
}
