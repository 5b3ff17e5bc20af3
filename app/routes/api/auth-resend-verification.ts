import { resendVerification } from "~/domain/accounts/email-verification.server";
import { apiResource, parseInput, readJsonBody } from "~/http/api.server";
import { getI18nInstance } from "~/middleware/i18n.server";
import { currentUser } from "~/middleware/session.server";
import { resendVerificationSchema } from "~/schemas/accounts";

/** POST /api/v1/auth/resend-verification/ {email}: {message}; 429 within 60 s. */
const api = apiResource({
  async POST({ request, context }) {
    const { email } = parseInput(resendVerificationSchema, await readJsonBody(request));
    const { messageKey } = await resendVerification(email, currentUser(context));
    return { message: getI18nInstance(context).t(messageKey) };
  },
});

export const loader = api.loader;
export const action = api.action;
