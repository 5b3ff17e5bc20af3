import { apiResource } from "~/http/api.server";
import { ForbiddenError } from "~/domain/errors.server";
import { endSession, sessionContext } from "~/middleware/session.server";

/** POST /api/v1/account/auth/logout/: ends the session (204). */
const api = apiResource({
  async POST({ request, context }) {
    // A key is not a session: revoke it on the account page instead.
    if (context.get(sessionContext)?.viaApiKey) throw new ForbiddenError("api_keys.session_only");
    return new Response(null, { status: 204, headers: { "Set-Cookie": await endSession(request, context) } });
  },
});

export const loader = api.loader;
export const action = api.action;
