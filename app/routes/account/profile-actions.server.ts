import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type RouterContextProvider } from "react-router";
import { setToast } from "remix-toast/middleware";
import type { ResendResult } from "~/components/account/email-verification-status";
import { resendVerification } from "~/domain/accounts/email-verification.server";
import { changePassword, updateProfile } from "~/domain/accounts/profile.server";
import { DomainError, RateLimitedError } from "~/domain/errors.server";
import { formErrorResponse } from "~/http/forms.server";
import { getI18nInstance, languageChoiceCookies } from "~/middleware/i18n.server";
import { sessionContext } from "~/middleware/session.server";
import { changePasswordFormSchema, profileUpdateSchema } from "~/schemas/accounts";
import type { User } from "~db/schema";

type Args = { request: Request; context: Readonly<RouterContextProvider>; formData: FormData; user: User };

export async function updateProfileAction({ request, context, formData, user }: Args) {
  const submission = parseWithZod(formData, { schema: profileUpdateSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const { first_name, last_name, phone_number, language } = submission.value;
  const updated = updateProfile(user.id, { firstName: first_name, lastName: last_name, phoneNumber: phone_number, language });
  setToast(context, { type: "success", message: getI18nInstance(context).getFixedT(updated.language)("account.profile.updated") });
  const headers = new Headers();
  if (language) for (const cookie of languageChoiceCookies(request, language)) headers.append("Set-Cookie", cookie);
  return redirect("/account?section=profile", { headers });
}

export async function changePasswordAction({ context, formData, user }: Args) {
  const submission = parseWithZod(formData, { schema: changePasswordFormSchema });
  if (submission.status !== "success") return data(submission.reply({ hideFields: ["new_password", "password_confirm"] }), { status: 400 });
  try {
    await changePassword(user.id, submission.value.new_password, context.get(sessionContext)?.id ?? "");
  } catch (error) {
    return formErrorResponse(submission, error, { hideFields: ["new_password", "password_confirm"] });
  }
  setToast(context, { type: "success", message: getI18nInstance(context).t("account.password.changed") });
  return redirect("/account?section=profile");
}

export function resendVerificationAction({ context, user }: Args) {
  const t = getI18nInstance(context).t;
  try {
    const { messageKey } = resendVerification(user.email, user);
    return data<ResendResult>({ intent: "resend-verification", ok: true, message: t(messageKey) });
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return data<ResendResult>(
      {
        intent: "resend-verification",
        ok: false,
        // The API says "This email is already verified." (clients detect "already verified");
        // the screen uses the spec's own text for that case.
        message: t(error.messageKey === "auth.resend.already_verified" ? "account.verification.already_verified" : error.messageKey),
        retryAfterSeconds: error instanceof RateLimitedError ? error.retryAfterSeconds : undefined,
      },
      { status: error.status },
    );
  }
}
