import { AsyncLocalStorage } from "node:async_hooks";
import type { RouterContextProvider } from "react-router";
import { Authenticator } from "remix-auth";
import { Strategy } from "remix-auth/strategy";
import { FormStrategy } from "remix-auth-form";
import { verifyCredentials } from "~/domain/accounts/login.server";
import { ValidationError } from "~/domain/errors.server";
import { clientAddressContext } from "~/middleware/request.server";
import { loginSchema } from "~/schemas/accounts";
import type { User } from "~db/schema";
import { parseInput, readJsonBody } from "./api.server";

/**
 * One remix-auth `Authenticator` signs users in, whatever the transport: the login screen
 * posts a form ("form", remix-auth-form's `FormStrategy`), the API posts JSON ("json").
 * Both strategies end in `verifyCredentials`, so throttling (`takeHits`), the bounded
 * hashing queue and the error texts are the same; only input errors keep each transport's
 * shape (the form's field errors, the API's `parseInput` errors).
 */
export type LoginMethod = "form" | "json";

type Credentials = { email: string; password: string };

/** `{email, password}` from a JSON body, validated like every API input. */
class JsonCredentialsStrategy extends Strategy<User, Credentials> {
  name = "json";

  async authenticate(request: Request): Promise<User> {
    return this.verify(parseInput(loginSchema, await readJsonBody(request)));
  }
}

// remix-auth passes strategies a copy of the request and nothing else, so the client
// address the login limits count against (express's `req.ip`, in the router context)
// travels with the call instead.
const loginClientAddress = new AsyncLocalStorage<string>();
const verify = ({ email, password }: Credentials) => verifyCredentials(email, password, loginClientAddress.getStore() ?? "unknown");

const authenticator = new Authenticator<User>()
  .use(
    new FormStrategy(async ({ form }) => {
      const parsed = loginSchema.safeParse({ email: form.get("email"), password: form.get("password") });
      if (!parsed.success) {
        const fieldErrors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) (fieldErrors[String(issue.path[0])] ??= []).push(issue.message);
        throw new ValidationError("auth.login.failed", fieldErrors);
      }
      return verify(parsed.data);
    }),
    "form",
  )
  .use(new JsonCredentialsStrategy(verify), "json");

/** The signed-in user for these credentials, or the domain's error (validation, 429). */
export function authenticateLogin(method: LoginMethod, request: Request, context: Readonly<RouterContextProvider>): Promise<User> {
  return loginClientAddress.run(context.get(clientAddressContext), () => authenticator.authenticate(method, request));
}
