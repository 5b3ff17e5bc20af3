import { userResource } from "~/domain/accounts/users.server";
import { apiResource } from "~/http/api.server";
import { currentUser } from "~/middleware/session.server";

/** GET /api/v1/account/auth/status/: {isAuthenticated, user} (and the csrftoken cookie). */
const api = apiResource({
  GET({ context }) {
    const user = currentUser(context);
    return { isAuthenticated: Boolean(user), user: user ? userResource(user) : null };
  },
});

export const loader = api.loader;
export const action = api.action;
