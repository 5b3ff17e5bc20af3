import { changePassword } from "~/domain/accounts/profile.server";
import { apiResource, parseInput, readJsonBody } from "~/http/api.server";
import { requireUser } from "~/http/guards.server";
import { getI18nInstance } from "~/middleware/i18n.server";
import { sessionContext } from "~/middleware/session.server";
import { changePasswordApiSchema } from "~/schemas/accounts";

/** PATCH /api/v1/account/auth/change-password/ {new_password}: other sessions end. */
const api = apiResource({
  async PATCH({ request, context }) {
    const user = requireUser(context, { sessionOnly: true });
    const { new_password } = parseInput(changePasswordApiSchema, await readJsonBody(request));
    await changePassword(user.id, new_password, context.get(sessionContext)?.id ?? "");
    return { message: getI18nInstance(context).t("account.password.changed") };
  },
});

export const loader = api.loader;
export const action = api.action;
