import { tagged } from "./endpoint.server";
import { loginSchema, changePasswordApiSchema, profilePatchSchema, resendVerificationSchema } from "~/schemas/accounts";

/** Sign-in, the caller's profile and email verification. */
export const accountEndpoints = tagged("Account", [
  {
    path: "/account/auth/login/",
    method: "post",
    auth: "none",
    summary: "Log in with email and password; answers the user and sets the session cookie.",
    body: loginSchema,
    also: { "429": "Too many failed attempts, or too many password checks at once (Retry-After)" },
  },
  {
    path: "/account/auth/logout/",
    method: "post",
    auth: "user",
    summary: "Log out (ends the session).",
    status: 204,
    also: { "403": "Called with an API key" },
  },
  {
    path: "/account/auth/status/",
    method: "get",
    auth: "none",
    summary: "Whether the caller is authenticated, and who (also sets the csrftoken cookie).",
  },
  {
    path: "/account/auth/change-password/",
    method: "patch",
    auth: "user",
    summary: "Change the password (other sessions end).",
    body: changePasswordApiSchema,
    also: { "403": "Called with an API key" },
  },
  { path: "/account/profile/", method: "get", auth: "user", summary: "The caller's profile." },
  {
    path: "/account/profile/",
    method: "patch",
    auth: "user",
    summary: "Update first_name, last_name, phone_number, language (email is read-only).",
    body: profilePatchSchema,
  },
  {
    path: "/auth/verify-email/{token}/",
    method: "get",
    auth: "none",
    summary: "Use an email verification token: {verified, message}.",
  },
  {
    path: "/auth/resend-verification/",
    method: "post",
    auth: "none",
    summary: "Send the verification mail again (60 s cooldown per address).",
    body: resendVerificationSchema,
    also: { "429": "Asked again within the cooldown" },
  },
]);
