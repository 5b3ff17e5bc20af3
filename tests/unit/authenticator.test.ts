import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { hashPassword } from "~/domain/accounts/password.server";
import { RateLimitedError, ValidationError } from "~/domain/errors.server";
import { authenticateLogin } from "~/http/authenticator.server";
import { clientAddressContext } from "~/middleware/request.server";
import { createUser } from "./factories";

function contextFrom(clientAddress: string) {
  const context = new RouterContextProvider();
  context.set(clientAddressContext, clientAddress);
  return context;
}

const formLogin = (email: string, password: string) =>
  new Request("http://localhost:3000/login", { method: "POST", body: new URLSearchParams({ email, password }) });
const jsonLogin = (email: string, password: string) =>
  new Request("http://localhost:3000/api/v1/account/auth/login/", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  });

describe("one authenticator for the login screen and the JSON API", () => {
  it("signs the same user in from a form and from JSON", async () => {
    const user = await createUser({ email: "both@example.test", passwordHash: await hashPassword("Right123!") });
    await expect(authenticateLogin("form", formLogin(user.email, "Right123!"), contextFrom("192.0.2.1"))).resolves.toMatchObject({
      id: user.id,
    });
    await expect(authenticateLogin("json", jsonLogin(user.email, "Right123!"), contextFrom("192.0.2.1"))).resolves.toMatchObject({
      id: user.id,
    });
  });

  it("keeps each transport's input errors", async () => {
    const form = await authenticateLogin("form", formLogin("not-an-email", ""), contextFrom("192.0.2.2")).catch((e: unknown) => e);
    expect(form).toBeInstanceOf(ValidationError);
    expect(form).toMatchObject({ message: "auth.login.failed" });
    const json = await authenticateLogin("json", jsonLogin("not-an-email", ""), contextFrom("192.0.2.2")).catch((e: unknown) => e);
    expect(json).toMatchObject({ message: "errors.validation" });
    expect(Object.keys((json as ValidationError & { fieldErrors: object }).fieldErrors)).toEqual(expect.arrayContaining(["email"]));
  });

  it("counts both transports against the client address from the router context", async () => {
    // 10 failures from one address, mixing form and JSON, with a different email each time.
    for (let i = 0; i < 10; i++) {
      const request = i % 2 ? formLogin(`nobody${i}@example.test`, "x") : jsonLogin(`nobody${i}@example.test`, "x");
      await expect(authenticateLogin(i % 2 ? "form" : "json", request, contextFrom("198.51.100.9"))).rejects.toBeInstanceOf(
        ValidationError,
      );
    }
    await expect(authenticateLogin("json", jsonLogin("fresh@example.test", "x"), contextFrom("198.51.100.9"))).rejects.toBeInstanceOf(
      RateLimitedError,
    );
    // Another address is not affected.
    await expect(authenticateLogin("form", formLogin("fresh@example.test", "x"), contextFrom("198.51.100.10"))).rejects.toBeInstanceOf(
      ValidationError,
    );
  }, 90_000); // ten scrypt checks on a busy machine
});
