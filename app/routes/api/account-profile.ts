import { updateProfile } from "~/domain/accounts/profile.server";
import { userResource } from "~/domain/accounts/users.server";
import { apiResource, parseInput, readJsonBody } from "~/http/api.server";
import { requireUser } from "~/http/guards.server";
import { languageChoiceCookies } from "~/middleware/i18n.server";
import { profilePatchSchema } from "~/schemas/accounts";

/** GET/PATCH /api/v1/account/profile/: first_name, last_name, phone_number, language (email read-only). */
const api = apiResource({
  GET({ context }) {
    return userResource(requireUser(context));
  },
  async PATCH({ request, context }) {
    const user = requireUser(context);
    const changes = parseInput(profilePatchSchema, await readJsonBody(request));
    const updated = await updateProfile(user.id, changes);
    const headers = new Headers();
    // The interface follows a language chosen in the profile.
    if (changes.language) for (const cookie of languageChoiceCookies(request, changes.language)) headers.append("Set-Cookie", cookie);
    return Response.json(userResource(updated), { headers });
  },
});

export const loader = api.loader;
export const action = api.action;
