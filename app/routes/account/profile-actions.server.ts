import { data, redirect } from "react-router";
import { setToast } from "remix-toast/middleware";
import type { ResendResult } from "~/components/account/email-verification-status";
import type { SessionUser } from "~/domain/accounts/users.server";
import { resendVerification } from "~/domain/accounts/email-verification.server";
import { changePassword, updateProfile } from "~/domain/accounts/profile.server";
import { RateLimitedError } from "~/domain/errors.server";
import type { IntentHandler } from "~/http/forms.server";
import { translateMessage } from "~/lib/messages";
import { getI18nInstance, languageChoiceCookies } from "~/middleware/i18n.server";
import { sessionContext } from "~/middleware/session.server";
import { changePasswordFormSchema, profileUpdateSchema } from "~/schemas/accounts";

export const updateProfileAction = {
  errors: "form",
  handle: async ({ request, context, guarded: user, parse }) => {
    const changes = parse(profileUpdateSchema);
    const updated = await updateProfile(user.id, changes);
    setToast(context, { type: "success", message: getI18nInstance(context).getFixedT(updated.language)("account.profile.updated") });
    const headers = new Headers();
    if (changes.language) for (const cookie of languageChoiceCookies(request, changes.language)) headers.append("Set-Cookie", cookie);
    return redirect("/account?section=profile", { headers });
  },
} satisfies IntentHandler<SessionUser>;

export const changePasswordAction = {
  errors: "form",
  handle: async ({ context, guarded: user, parse }) => {
    const { new_password } = parse(changePasswordFormSchema, { hideFields: ["new_password", "password_confirm"] });
    await changePassword(user.id, new_password, context.get(sessionContext)?.id ?? "");
    setToast(context, { type: "success", message: getI18nInstance(context).t("account.password.changed") });
    return redirect("/account?section=profile");
  },
} satisfies IntentHandler<SessionUser>;

export const resendVerificationAction = {
  errors: (error, { context }) => {
    const t = getI18nInstance(context).t;
    return data<ResendResult>(
      {
        intent: "resend-verification",
        ok: false,
        // The API says "This email is already verified." (clients detect "already verified");
        // the screen uses the spec's own text for that case.
        message: translateMessage(
          t,
          error.messageKey === "auth.resend.already_verified" ? "account.verification.already_verified" : error.messageKey,
          error.values,
        ),
        retryAfterSeconds: error instanceof RateLimitedError ? error.retryAfterSeconds : undefined,
      },
      { status: error.status },
    );
  },
  handle: async ({ context, guarded: user }) => {
    const { messageKey } = await resendVerification(user.email, user);
    return data<ResendResult>({ intent: "resend-verification", ok: true, message: getI18nInstance(context).t(messageKey) });
  },
} satisfies IntentHandler<SessionUser>;
