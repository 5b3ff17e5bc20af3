import { apiResource } from "~/http/api.server";
import { endSession } from "~/middleware/session.server";

/** POST /api/v1/account/auth/logout/: ends the session (204). */
const api = apiResource({
  POST({ request, context }) {
    return new Response(null, { status: 204, headers: { "Set-Cookie": endSession(request, context) } });
  },
});

export const loader = api.loader;
export const action = api.action;
