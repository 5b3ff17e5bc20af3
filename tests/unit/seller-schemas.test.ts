import { describe, expect, it } from "vitest";
import {
  businessIdentifierColumns,
  missingBusinessIdentifier,
  registrationStep1Schema,
  registrationStep2Schema,
  registrationStep3Schema,
  registrationStepFormValues,
  sellerProfilePatchSchema,
  sellerProfileSchema,
  subdomainSchema,
} from "~/schemas/sellers";
import { getZodConstraint } from "@conform-to/zod/v4";
import { customizationSchema } from "~/schemas/customization";

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("subdomain rules (spec section 5)", () => {
  it.each(["demo", "luna-boutique", "a1", "shop2026", "x".repeat(63)])("accepts %s", (value) => {
    expect(subdomainSchema.safeParse(value).success).toBe(true);
  });

  it("lower-cases and trims", () => {
    expect(subdomainSchema.parse("  Luna ")).toBe("luna");
  });

  it.each([
    ["", "sellers.subdomain.required"],
    ["luna_shop", "sellers.subdomain.pattern"],
    ["luna shop", "sellers.subdomain.pattern"],
    ["lüna", "sellers.subdomain.pattern"],
    ["luna.shop", "sellers.subdomain.pattern"],
    ["-luna", "sellers.subdomain.hyphen"],
    ["luna-", "sellers.subdomain.hyphen"],
    ["x".repeat(64), "sellers.subdomain.too_long"],
    ["www", "sellers.subdomain.reserved"],
    ["api", "sellers.subdomain.reserved"],
    ["admin", "sellers.subdomain.reserved"],
    ["app", "sellers.subdomain.reserved"],
    ["mail", "sellers.subdomain.reserved"],
    ["static", "sellers.subdomain.reserved"],
    ["assets", "sellers.subdomain.reserved"],
  ])("refuses %j with %s", (value, message) => {
    const result = subdomainSchema.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(message);
  });
});

describe("registration steps", () => {
  it("step 1 needs a business name and type; the description is at most 500", () => {
    expect(errorsOf(registrationStep1Schema.safeParse({ subdomain: "ok" }))).toEqual({
      business_name: "sellers.business_name.required",
      business_type: "sellers.business_type.required",
    });
    expect(errorsOf(registrationStep1Schema.safeParse({ business_name: "B", subdomain: "ok", business_type: "other" }))).toEqual({
      business_type: "sellers.business_type.required",
    });
    const long = registrationStep1Schema.safeParse({
      business_name: "B",
      subdomain: "ok",
      business_type: "company",
      business_description: "x".repeat(501),
    });
    expect(errorsOf(long)).toEqual({ business_description: "sellers.business_description.too_long" });
  });

  it("step 2 needs a 14-digit SIRET in France, a contact email and phone", () => {
    expect(registrationStep2Schema.parse({ siret: "123 456 789 01234", contact_email: "A@B.co", contact_phone: "06" })).toEqual({
      country: "FR",
      businessIdentifier: "12345678901234",
      contactEmail: "a@b.co",
      contactPhone: "06",
    });
    expect(errorsOf(registrationStep2Schema.safeParse({ siret: "1234", contact_email: "x", contact_phone: "" }))).toEqual({
      siret: "sellers.siret.invalid",
      contact_email: "sellers.contact_email.invalid",
      contact_phone: "sellers.contact_phone.required",
    });
  });

  it("step 2 asks the country first: a SIRET in France, a company or tax number elsewhere", () => {
    const contact = { contact_email: "a@b.co", contact_phone: "06" };
    expect(registrationStep2Schema.parse({ country: "de", siret: "DE 123456789", ...contact })).toMatchObject({
      country: "DE",
      businessIdentifier: "DE 123456789",
    });
    expect(errorsOf(registrationStep2Schema.safeParse({ country: "DE", siret: "<script>", ...contact }))).toEqual({
      siret: "sellers.tax_id.invalid",
    });
    expect(errorsOf(registrationStep2Schema.safeParse({ country: "FR", siret: "DE 123456789", ...contact }))).toEqual({
      siret: "sellers.siret.invalid",
    });
    expect(errorsOf(registrationStep2Schema.safeParse({ country: "ZZ", siret: "", ...contact }))).toEqual({
      country: "sec_payments.country.invalid",
    });
    // Empty is a format the schema accepts: whether it is required depends on step 1's business type.
    expect(registrationStep2Schema.parse({ country: "US", ...contact })).toMatchObject({ country: "US", businessIdentifier: "" });
  });

  it("the identification number is required for companies and non-profits, optional for individuals", () => {
    expect(missingBusinessIdentifier("FR", "company", "")).toBe("sellers.siret.invalid");
    expect(missingBusinessIdentifier("DE", "non_profit", "")).toBe("sellers.tax_id.required");
    expect(missingBusinessIdentifier("FR", "individual", "")).toBeNull();
    expect(missingBusinessIdentifier("DE", "individual", "")).toBeNull();
    expect(missingBusinessIdentifier("DE", "company", "HRB 12345")).toBeNull();
    expect(businessIdentifierColumns("FR", "123 456 789 01234")).toEqual({ siret: "12345678901234", taxId: "" });
    expect(businessIdentifierColumns("DE", "HRB 12345")).toEqual({ siret: "", taxId: "HRB 12345" });
  });

  it("a saved step shows again in its form under the form's names", () => {
    const step1 = { business_name: "Bijoux", subdomain: "bijoux", business_type: "company", business_description: "Rings" };
    expect(registrationStepFormValues(registrationStep1Schema.parse(step1))).toEqual(step1);
    const step2 = { country: "DE", siret: "DE 123456789", contact_email: "a@b.co", contact_phone: "06" };
    expect(registrationStepFormValues(registrationStep2Schema.parse(step2))).toEqual(step2);
  });

  it("step 3 checks names, password rules and the confirmation", () => {
    const errors = errorsOf(
      registrationStep3Schema.safeParse({ email: "a@b.co", first_name: "", last_name: "", password: "Abcdef1!", password_confirm: "x" }),
    );
    expect(errors).toEqual({
      first_name: "sellers.first_name.required",
      last_name: "sellers.last_name.required",
      password_confirm: "auth.password.mismatch",
    });
  });
});

describe("seller profile edit", () => {
  const valid = {
    business_name: "B",
    business_type: "company",
    business_address: "1 rue",
    contact_email: "a@b.co",
    contact_phone: "06",
  };
  it("accepts an empty website and optional tax id / description", () => {
    expect(sellerProfileSchema.safeParse({ ...valid, website: "" }).success).toBe(true);
    expect(sellerProfileSchema.safeParse({ ...valid, website: "https://example.com/shop" }).success).toBe(true);
  });
  it("gives the domain camelCase changes; a PATCH leaves out what was not sent", () => {
    expect(sellerProfileSchema.parse({ ...valid, tax_id: "FR1" })).toMatchObject({
      businessName: "B",
      businessType: "company",
      businessAddress: "1 rue",
      taxId: "FR1",
      contactEmail: "a@b.co",
      website: "",
    });
    const patch = sellerProfilePatchSchema.parse({ contact_phone: "07" });
    expect(Object.entries(patch).filter(([, value]) => value !== undefined)).toEqual([["contactPhone", "07"]]);
  });
  it("uses the spec's messages", () => {
    expect(errorsOf(sellerProfileSchema.safeParse({ business_type: "company", website: "not a url", contact_email: "bad" }))).toEqual({
      business_name: "sellers.business_name.required",
      business_address: "sellers.business_address.required",
      contact_email: "sellers.contact_email.invalid",
      contact_phone: "sellers.contact_phone.required",
      website: "sellers.website.invalid",
    });
  });
});

describe("customizationSchema: minimum order amount", () => {
  it("is optional in the form's constraints, since empty means the default of 10", () => {
    expect(getZodConstraint(customizationSchema.in).minimum_order_amount?.required).toBe(false);
  });

  it("reads empty and null as cleared, absent as unchanged, and checks the floor", () => {
    const minimum = (value: unknown) => customizationSchema.safeParse(value === undefined ? {} : { minimum_order_amount: value });
    expect(minimum(undefined).data?.minimumOrderAmountCents).toBeUndefined();
    expect(minimum("").data?.minimumOrderAmountCents).toBeNull();
    expect(minimum(null).data?.minimumOrderAmountCents).toBeNull();
    expect(minimum("12.5").data?.minimumOrderAmountCents).toBe(1250);
    expect(minimum(7).data?.minimumOrderAmountCents).toBe(700);
    expect(minimum("4.99").error?.issues[0]?.message).toBe("shops.customization.minimum_too_low");
    expect(minimum("abc").error?.issues[0]?.message).toBe("shops.customization.minimum_invalid");
  });
});
