import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "~/domain/accounts/password.server";
import { changePasswordFormSchema, newPasswordSchema, passwordRules } from "~/schemas/accounts";

describe("password hashing", () => {
  it("hashes with scrypt and a random salt, and verifies", async () => {
    const a = await hashPassword("Secret123!");
    const b = await hashPassword("Secret123!");
    expect(a).toMatch(/^scrypt\$32768\$8\$3\$[\w-]+\$[\w-]+$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword("Secret123!", a)).toBe(true);
    expect(await verifyPassword("Secret123?", a)).toBe(false);
  });

  it("refuses malformed stored hashes", async () => {
    expect(await verifyPassword("x", "plain")).toBe(false);
    expect(await verifyPassword("x", "md5$abc")).toBe(false);
  });
});

describe("password rules (spec section 5)", () => {
  const messages = (value: string) => newPasswordSchema.safeParse(value).error?.issues.map((i) => i.message) ?? [];

  it("accepts a password that meets all five rules", () => {
    expect(messages("Abcdef1!")).toEqual([]);
  });

  it("names every rule that fails", () => {
    expect(messages("abc")).toEqual([
      "auth.password.min_length",
      "auth.password.uppercase",
      "auth.password.number",
      "auth.password.special",
    ]);
    expect(messages("ABCDEFG1!")).toEqual(["auth.password.lowercase"]);
    expect(messages("Abcdefgh!")).toEqual(["auth.password.number"]);
    expect(messages("Abcdefgh1")).toEqual(["auth.password.special"]);
  });

  it("says a password over 128 characters is too long (not too short)", () => {
    expect(messages(`Abcdef1!${"a".repeat(196)}`)).toEqual(["auth.password.max_length"]);
    expect(messages(`Abcdef1!${"a".repeat(120)}`)).toEqual([]);
  });

  it("counts only the spec's special characters", () => {
    const special = passwordRules.find((r) => r.key === "special")!;
    for (const c of '!@#$%^&*(),.?":{}|<>') expect(special.test(`a${c}`)).toBe(true);
    expect(special.test("abc-_=+~")).toBe(false);
  });

  it("requires the confirmation to match", () => {
    const result = changePasswordFormSchema.safeParse({ new_password: "Abcdef1!", password_confirm: "Abcdef1?" });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ["password_confirm"], message: "auth.password.mismatch" })]);
  });
});
