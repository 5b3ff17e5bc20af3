import { verifyEmailToken } from "~/domain/accounts/email-verification.server";
import { ValidationError } from "~/domain/errors.server";
import { apiResource } from "~/http/api.server";
import { getI18nInstance } from "~/middleware/i18n.server";

/** GET /api/v1/auth/verify-email/{token}/: {verified, message}. */
const api = apiResource({
  async GET({ params, context }) {
    const t = getI18nInstance(context).t;
    try {
      await verifyEmailToken(params.token ?? "");
      return { verified: true, message: t("auth.verify.success") };
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      return Response.json({ verified: false, message: t(error.messageKey) }, { status: 400 });
    }
  },
});

export const loader = api.loader;
export const action = api.action;
