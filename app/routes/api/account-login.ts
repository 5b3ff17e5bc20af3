import { verifyCredentials } from "~/domain/accounts/login.server";
import { userResource } from "~/domain/accounts/users.server";
import { apiResource, parseInput, readJsonBody } from "~/http/api.server";
import { clientAddressContext } from "~/middleware/request.server";
import { beginUserSession } from "~/middleware/session.server";
import { loginSchema } from "~/schemas/accounts";

/** POST /api/v1/account/auth/login/ {email, password}: the user, and a new session cookie. */
const api = apiResource({
  async POST({ request, context }) {
    const { email, password } = parseInput(loginSchema, await readJsonBody(request));
    const user = await verifyCredentials(email, password, context.get(clientAddressContext));
    return Response.json(userResource(user), { headers: { "Set-Cookie": beginUserSession(request, context, user) } });
  },
});

export const loader = api.loader;
export const action = api.action;
