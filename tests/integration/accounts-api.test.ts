import { describe, expect, it } from "vitest";
import { sql, TestClient } from "./app";

type UserBody = Record<string, unknown>;
const main = () => new TestClient("localhost:3000");

function outbox(to: string): Promise<{ subject: string; text: string }[]> {
  return sql('select subject, text from mail_outbox where "to" = ? order by id', to);
}

async function login(client: TestClient, email = "demo@example.com", password = "Demo1234!") {
  return client.json<UserBody>("/api/v1/account/auth/login/", { json: { email, password } });
}

describe("login, status, logout", () => {
  it("logs in with JSON and answers the user object", async () => {
    const client = main();
    const { status, body } = await login(client);
    expect(status).toBe(200);
    expect(body).toEqual({
      id: expect.any(Number),
      email: "demo@example.com",
      username: "demo",
      first_name: "Dana",
      last_name: "Demo",
      phone_number: "+33 6 12 34 56 78",
      is_verified: true,
      is_seller: true,
      is_staff: false,
      language: "en",
    });
    const status2 = await client.json<{ isAuthenticated: boolean; user: UserBody }>("/api/v1/account/auth/status/");
    expect(status2.body.isAuthenticated).toBe(true);
    expect(status2.body.user.email).toBe("demo@example.com");
  });

  it("sets an HttpOnly, SameSite=Lax, host-only session cookie", async () => {
    const { response } = await login(main());
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("sid="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it("answers 400 with the spec's message for bad credentials, and field errors for bad input", async () => {
    const wrong = await main().json<{ message: string }>("/api/v1/account/auth/login/", {
      json: { email: "demo@example.com", password: "nope" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: "Login failed. Please check your credentials.", request_id: expect.any(String) });
    const invalid = await main().json<{ errors: Record<string, string[]> }>("/api/v1/account/auth/login/", {
      json: { email: "not-an-email", password: "" },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual({ email: ["Enter a valid email address"], password: ["This field is required"] });
    const types = await main().json<{ errors: Record<string, string[]> }>("/api/v1/account/auth/login/", {
      json: { email: 42, password: ["x"] },
    });
    expect(types.status).toBe(400);
    expect(Object.keys(types.body.errors).sort()).toEqual(["email", "password"]);
  });

  it("answers malformed JSON and non-object bodies with a 400", async () => {
    const client = main();
    const broken = await client.json<{ message: string }>("/api/v1/account/auth/login/", {
      method: "POST",
      body: "{oops",
      headers: { "Content-Type": "application/json" },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe("The request body is not valid JSON.");
    const array = await client.json("/api/v1/account/auth/login/", {
      method: "POST",
      body: "[1,2]",
      headers: { "Content-Type": "application/json" },
    });
    expect(array.status).toBe(400);
    const form = await client.json("/api/v1/account/auth/login/", {
      method: "POST",
      body: "a=b",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(400);
  });

  it("rotates the session at login and deletes it at logout", async () => {
    const client = main();
    await login(client);
    const first = client.cookies.get("sid")!;
    await login(client);
    const second = client.cookies.get("sid")!;
    expect(second).not.toBe(first);
    const old = new TestClient();
    old.cookies.set("sid", first);
    expect((await old.json<{ isAuthenticated: boolean }>("/api/v1/account/auth/status/")).body.isAuthenticated).toBe(false);

    const logout = await client.request("/api/v1/account/auth/logout/", { method: "POST" });
    expect(logout.status).toBe(204);
    expect(await logout.text()).toBe("");
    const reused = new TestClient();
    reused.cookies.set("sid", second);
    expect((await reused.json<{ isAuthenticated: boolean }>("/api/v1/account/auth/status/")).body.isAuthenticated).toBe(false);
  });

  it("refuses an unsafe call without X-CSRFToken (403)", async () => {
    const client = main();
    await client.signInAs("demo@example.com");
    const before = await client.json<UserBody>("/api/v1/account/profile/");
    const refused = await client.json("/api/v1/account/profile/", { method: "PATCH", json: { first_name: "X" }, csrf: false });
    expect(refused.status).toBe(403);
    // Nothing changed: the profile reads the same as before the refused call.
    const after = await client.json<UserBody>("/api/v1/account/profile/");
    expect(after.body.first_name).not.toBe("X");
    expect(after.body).toEqual(before.body);
  });

  it("rate limits failed logins per email with a 429 and a translated message", async () => {
    const client = main();
    for (let i = 0; i < 10; i++) {
      const r = await client.json("/api/v1/account/auth/login/", {
        json: { email: "pending@example.com", password: "bad" },
        clientAddress: `203.0.113.${i}`,
      });
      expect(r.status).toBe(400);
    }
    const limited = await client.json<{ message: string }>("/api/v1/account/auth/login/", {
      json: { email: "pending@example.com", password: "Pending1234!" },
      headers: { "Accept-Language": "fr" },
      clientAddress: "203.0.113.99",
    });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe("Trop de tentatives de connexion échouées. Réessayez dans 15 minutes.");
    expect(Number(limited.response.headers.get("Retry-After"))).toBeGreaterThan(0);
  });
});

describe("private endpoints", () => {
  it.each([
    ["GET", "/api/v1/account/profile/"],
    ["PATCH", "/api/v1/account/profile/"],
    ["PATCH", "/api/v1/account/auth/change-password/"],
  ])("%s %s answers 401 JSON to visitors", async (method, path) => {
    const { status, body } = await main().json(path, { method, json: method === "GET" ? undefined : {} });
    expect(status).toBe(401);
    expect(body).toEqual({ message: "Authentication credentials were not provided.", request_id: expect.any(String) });
  });
});

describe("profile", () => {
  it("reads and patches the editable fields; the email stays read-only", async () => {
    const client = main();
    await client.signInAs("admin@example.com");
    const patched = await client.json<UserBody>("/api/v1/account/profile/", {
      method: "PATCH",
      json: { first_name: "Ada ", last_name: "Lovelace", phone_number: "+44 20 1234 5678", language: "fr", email: "hacker@example.com" },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      first_name: "Ada",
      last_name: "Lovelace",
      phone_number: "+44 20 1234 5678",
      language: "fr",
      email: "admin@example.com",
    });
    expect(patched.response.headers.getSetCookie().some((c) => c.startsWith("i18nextLng=fr"))).toBe(true);
    const read = await client.json<UserBody>("/api/v1/account/profile/");
    expect(read.body.last_name).toBe("Lovelace");
    const bad = await client.json<{ errors: Record<string, string[]> }>("/api/v1/account/profile/", {
      method: "PATCH",
      json: { language: "de", phone_number: "<script>" },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["language", "phone_number"]);
  });
});

describe("change password", () => {
  it("validates the rules, changes the password and ends other sessions", async () => {
    const email = "demo@example.com";
    const a = main();
    const b = main();
    await login(a, email);
    await login(b, email);
    const weak = await a.json<{ errors: Record<string, string[]> }>("/api/v1/account/auth/change-password/", {
      method: "PATCH",
      json: { new_password: "short" },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.errors.new_password).toEqual([
      "Password must be at least 8 characters",
      "Password must contain at least one uppercase letter",
      "Password must contain at least one number",
      "Password must contain at least one special character",
    ]);
    const long = await a.json<{ errors: Record<string, string[]> }>("/api/v1/account/auth/change-password/", {
      method: "PATCH",
      json: { new_password: `NewDemo123!${"x".repeat(193)}` },
    });
    expect(long.status).toBe(400);
    expect(long.body.errors.new_password).toEqual(["Password must be at most 128 characters"]);
    const ok = await a.json<{ message: string }>("/api/v1/account/auth/change-password/", {
      method: "PATCH",
      json: { new_password: "NewDemo123!" },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe("Password changed successfully");
    expect((await b.json<{ isAuthenticated: boolean }>("/api/v1/account/auth/status/")).body.isAuthenticated).toBe(false);
    expect((await a.json<{ isAuthenticated: boolean }>("/api/v1/account/auth/status/")).body.isAuthenticated).toBe(true);
    expect((await login(main(), email, "Demo1234!")).status).toBe(400);
    expect((await login(main(), email, "NewDemo123!")).status).toBe(200);
    await a.json("/api/v1/account/auth/change-password/", { method: "PATCH", json: { new_password: "Demo1234!" } });
  });
});

describe("email verification", () => {
  it("resends without revealing registration, verifies the link once, then refuses it", async () => {
    const client = main();
    const unknown = await client.json<{ message: string }>("/api/v1/auth/resend-verification/", { json: { email: "nobody@example.com" } });
    expect(unknown.status).toBe(200);
    const known = await client.json<{ message: string }>("/api/v1/auth/resend-verification/", { json: { email: "pending@example.com" } });
    expect(known.status).toBe(200);
    expect(known.body.message).toBe(unknown.body.message);
    expect(known.body.message).toBe("Verification email sent! Please check your inbox and spam folder.");

    const again = await client.json<{ message: string }>("/api/v1/auth/resend-verification/", { json: { email: "pending@example.com" } });
    expect(again.status).toBe(429);
    expect(again.body.message).toBe("Too many requests. Please wait before trying again.");

    const mails = await outbox("pending@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Confirm your email address");
    const token = /\/verify-email\/([\w-]+)/.exec(mails[0]!.text)![1]!;
    expect(mails[0]!.text).toContain(`http://localhost:3000/verify-email/${token}`);

    const verified = await client.json("/api/v1/auth/verify-email/" + token + "/");
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ verified: true, message: "Email verified successfully!" });
    const reused = await client.json("/api/v1/auth/verify-email/" + token + "/");
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({
      verified: false,
      message: "This verification link is invalid or has expired.",
      request_id: expect.any(String),
    });
  });

  it("tells the signed-in owner of a verified email that it is already verified (400)", async () => {
    const client = main();
    await client.signInAs("demo@example.com");
    const { status, body } = await client.json<{ message: string }>("/api/v1/auth/resend-verification/", {
      json: { email: "demo@example.com" },
    });
    expect(status).toBe(400);
    expect(body.message).toContain("already verified");
  });

  it("validates the email", async () => {
    const { status } = await main().json("/api/v1/auth/resend-verification/", { json: { email: "nope" } });
    expect(status).toBe(400);
  });
});
