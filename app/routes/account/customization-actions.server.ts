import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { setToast } from "remix-toast/middleware";
import { customizationResource, requireCustomizableShop, updateCustomization } from "~/domain/shops/customization.server";
import { DomainError } from "~/domain/errors.server";
import { loadSellerAccount, onboardingView, sellerOnboardingSteps } from "~/domain/sellers/onboarding.server";
import { formErrorResponse } from "~/http/forms.server";
import { formFieldsAndFile } from "~/http/multipart.server";
import { getI18nInstance } from "~/middleware/i18n.server";
import { customizationSchema } from "~/schemas/customization";
import type { User } from "~db/schema";

/** The shop tab's data: the form's values (and when they were saved), or the onboarding still to do. */
export function shopTabData(userId: number, origin: string) {
  const account = loadSellerAccount(userId);
  if (!account?.shop) return null;
  const progress = sellerOnboardingSteps(account);
  return {
    unlocked: progress.isComplete,
    onboarding: onboardingView(progress),
    customization: customizationResource(account.shop, origin),
    savedAt: account.shop.updatedAt.toISOString(),
  };
}

/** Saves the customization form (multipart), then back to `redirectTo` with a toast. */
export async function updateCustomizationAction(
  { context, formData, user }: { context: Readonly<RouterContextProvider>; formData: FormData; user: User },
  redirectTo: string,
) {
  const t = getI18nInstance(context).t;
  const { file } = await formFieldsAndFile(formData, "shop_logo");
  const submission = parseWithZod(formData, { schema: customizationSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    requireCustomizableShop(user.id);
    const { removedCss } = await updateCustomization(user.id, submission.value, file ? { bytes: file } : null);
    setToast(context, {
      type: removedCss.length > 0 ? "warning" : "success",
      message: t("customization.updated"),
      description: removedCss.length > 0 ? t("customization.css_removed", { count: removedCss.length }) : undefined,
    });
    return redirect(redirectTo);
  } catch (error) {
    if (error instanceof DomainError) return formErrorResponse(submission, error);
    throw error;
  }
}
