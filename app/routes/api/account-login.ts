import { userResource } from "~/domain/accounts/users.server";
import { apiResource } from "~/http/api.server";
import { authenticateLogin } from "~/http/authenticator.server";
import { beginUserSession } from "~/middleware/session.server";

/** POST /api/v1/account/auth/login/ {email, password}: the user, and a new session cookie. */
const api = apiResource({
  async POST({ request, context }) {
    const user = await authenticateLogin("json", request, context);
    return Response.json(userResource(user), { headers: { "Set-Cookie": await beginUserSession(request, context, user) } });
  },
});

export const loader = api.loader;
export const action = api.action;
