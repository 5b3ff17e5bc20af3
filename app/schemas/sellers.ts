import { emailSchema, newPasswordSchema } from "./accounts";
import { z } from "./zod-messages";

/** Names that can never be a shop's subdomain (platform hosts). */
export const RESERVED_SUBDOMAINS = [
  "www",
  "api",
  "admin",
  "app",
  "mail",
  "static",
  "assets",
  "cdn",
  "dashboard",
  "help",
  "support",
  "status",
  "blog",
  "docs",
  "shop",
  "shops",
  "register",
  "login",
  "account",
  "smtp",
  "ftp",
  "localhost",
] as const;

export const BUSINESS_TYPES = ["individual", "company", "non_profit"] as const;

/** Subdomain rules (spec section 5), in the order the spec lists them; the first broken rule is reported. */
export const subdomainSchema = z
  .string({ error: "sellers.subdomain.required" })
  .trim()
  .toLowerCase()
  .superRefine((value, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: "custom", message });
    if (value.length === 0) return fail("sellers.subdomain.required");
    if (!/^[a-z0-9-]+$/.test(value)) return fail("sellers.subdomain.pattern");
    if (value.startsWith("-") || value.endsWith("-")) return fail("sellers.subdomain.hyphen");
    if (value.length > 63) return fail("sellers.subdomain.too_long");
    if ((RESERVED_SUBDOMAINS as readonly string[]).includes(value)) return fail("sellers.subdomain.reserved");
  });

const requiredText = (message: string, max = 200) => z.string({ error: message }).trim().min(1, message).max(max);
const optionalText = (max: number, message?: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => v ?? "");

export type BusinessType = (typeof BUSINESS_TYPES)[number];

// Registration: the form's and the API's names (snake_case) stop here; the domain takes
// the camelCase steps below.
export type RegistrationStep1 = { businessName: string; subdomain: string; businessType: BusinessType; businessDescription: string };
export type RegistrationStep2 = { country: BusinessCountry; businessIdentifier: string; contactEmail: string; contactPhone: string };
export type RegistrationStep3 = { email: string; firstName: string; lastName: string; password: string };

export const registrationStep1Schema = z
  .object({
    business_name: requiredText("sellers.business_name.required"),
    subdomain: subdomainSchema,
    business_type: z.enum(BUSINESS_TYPES, { error: "sellers.business_type.required" }),
    business_description: optionalText(500, "sellers.business_description.too_long"),
  })
  .transform((v): RegistrationStep1 => ({
    businessName: v.business_name,
    subdomain: v.subdomain,
    businessType: v.business_type,
    businessDescription: v.business_description,
  }));

export const siretSchema = z
  .string({ error: "sellers.siret.invalid" })
  .transform((v) => v.replace(/\s/g, ""))
  .pipe(z.string().regex(/^\d{14}$/, "sellers.siret.invalid"));

/**
 * Countries where the card-payment provider (Stripe Connect) opens accounts for sellers
 * (ISO 3166-1 alpha-2). The seller's country decides where the connected account is
 * created, and it cannot change afterwards. Names come from Intl.DisplayNames.
 */
export const BUSINESS_COUNTRIES = [
  "AE",
  "AT",
  "AU",
  "BE",
  "BG",
  "BR",
  "CA",
  "CH",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GB",
  "GI",
  "GR",
  "HK",
  "HR",
  "HU",
  "IE",
  "IT",
  "JP",
  "LI",
  "LT",
  "LU",
  "LV",
  "MT",
  "MX",
  "MY",
  "NL",
  "NO",
  "NZ",
  "PL",
  "PT",
  "RO",
  "SE",
  "SG",
  "SI",
  "SK",
  "TH",
  "US",
] as const;
export type BusinessCountry = (typeof BUSINESS_COUNTRIES)[number];
export const DEFAULT_BUSINESS_COUNTRY: BusinessCountry = "FR";

/**
 * The business's identification number, by country (issue 12): in France the SIRET (14
 * digits, the spec's rule); elsewhere a company or tax number (VAT, EIN, company register
 * number...). It is asked for companies and non-profits; individuals may leave it empty.
 * The form and the API keep the spec's field name, `siret`, for both.
 */
const TAX_ID = /^[A-Za-z0-9][A-Za-z0-9 ./-]{1,39}$/;
export function businessIdentifierIssue(country: string, value: string): string | null {
  if (value === "") return null;
  if (country === "FR") return /^\d{14}$/.test(value.replace(/\s/g, "")) ? null : "sellers.siret.invalid";
  return TAX_ID.test(value) ? null : "sellers.tax_id.invalid";
}
export function missingBusinessIdentifier(country: string, businessType: string, value: string): string | null {
  if (value !== "" || businessType === "individual") return null;
  return country === "FR" ? "sellers.siret.invalid" : "sellers.tax_id.required";
}
/** Where the identifier is stored: the SIRET column for France, the tax id elsewhere. */
export function businessIdentifierColumns(country: string, value: string): { siret: string; taxId: string } {
  return country === "FR" ? { siret: value.replace(/\s/g, ""), taxId: "" } : { siret: "", taxId: value };
}

export const registrationStep2Schema = z
  .object({
    // Asked first: it decides which identification number applies (and, later, where the
    // payment account is opened). Absent means France, as before countries were asked.
    country: z
      .string()
      .trim()
      .toUpperCase()
      .pipe(z.enum(BUSINESS_COUNTRIES, { error: "sec_payments.country.invalid" }))
      .optional()
      .transform((v) => v ?? DEFAULT_BUSINESS_COUNTRY),
    // Spaces inside a number of digits only are grouping ("123 456 789 01234").
    siret: z
      .string()
      .trim()
      .max(40, "sellers.tax_id.invalid")
      .optional()
      .transform((v) => (v && /^[\d\s]+$/.test(v) ? v.replace(/\s/g, "") : (v ?? ""))),
    contact_email: z.string({ error: "sellers.contact_email.invalid" }).trim().toLowerCase().pipe(z.email("sellers.contact_email.invalid")),
    contact_phone: requiredText("sellers.contact_phone.required", 30),
  })
  .superRefine((value, ctx) => {
    const issue = businessIdentifierIssue(value.country, value.siret);
    if (issue) ctx.addIssue({ code: "custom", path: ["siret"], message: issue });
  })
  .transform((v): RegistrationStep2 => ({
    country: v.country,
    businessIdentifier: v.siret,
    contactEmail: v.contact_email,
    contactPhone: v.contact_phone,
  }));

export const registrationStep3Schema = z
  .object({
    email: emailSchema,
    first_name: requiredText("sellers.first_name.required", 150),
    last_name: requiredText("sellers.last_name.required", 150),
    password: newPasswordSchema,
    password_confirm: z.string({ error: "auth.password.mismatch" }),
  })
  .refine((v) => v.password === v.password_confirm, { message: "auth.password.mismatch", path: ["password_confirm"] })
  .transform((v): RegistrationStep3 => ({ email: v.email, firstName: v.first_name, lastName: v.last_name, password: v.password }));

/** A saved step shown again in its form (going back): the domain's step under the form's names. */
export function registrationStepFormValues(step: RegistrationStep1 | RegistrationStep2): Record<string, string> {
  if ("businessName" in step) {
    return {
      business_name: step.businessName,
      subdomain: step.subdomain,
      business_type: step.businessType,
      business_description: step.businessDescription,
    };
  }
  return { country: step.country, siret: step.businessIdentifier, contact_email: step.contactEmail, contact_phone: step.contactPhone };
}

/** What a seller profile edit changes (absent: unchanged). */
export type SellerProfileChanges = Partial<{
  businessName: string;
  businessType: BusinessType;
  businessDescription: string;
  businessAddress: string;
  taxId: string;
  contactEmail: string;
  contactPhone: string;
  website: string;
  siret: string;
  country: BusinessCountry;
}>;

/** Seller profile edit (spec section 5). */
const sellerProfileFields = z.object({
  business_name: requiredText("sellers.business_name.required"),
  business_type: z.enum(BUSINESS_TYPES, { error: "sellers.business_type.required" }),
  business_description: optionalText(500, "sellers.business_description.too_long"),
  business_address: requiredText("sellers.business_address.required", 300),
  tax_id: optionalText(50),
  contact_email: z.string({ error: "sellers.contact_email.invalid" }).trim().toLowerCase().pipe(z.email("sellers.contact_email.invalid")),
  contact_phone: requiredText("sellers.contact_phone.required", 30),
  website: z
    .string()
    .trim()
    .max(200, "sellers.website.invalid")
    .optional()
    .transform((v) => v ?? "")
    .refine((v) => v === "" || /^https?:\/\/[^\s/$.?#].[^\s]*$/i.test(v), "sellers.website.invalid"),
  siret: siretSchema.optional(),
  // Optional: leaving it out keeps the current country.
  country: z
    .string()
    .trim()
    .toUpperCase()
    .pipe(z.enum(BUSINESS_COUNTRIES, { error: "sec_payments.country.invalid" }))
    .optional(),
});
function toSellerProfileChanges(v: Partial<z.output<typeof sellerProfileFields>>): SellerProfileChanges {
  return {
    businessName: v.business_name,
    businessType: v.business_type,
    businessDescription: v.business_description,
    businessAddress: v.business_address,
    taxId: v.tax_id,
    contactEmail: v.contact_email,
    contactPhone: v.contact_phone,
    website: v.website,
    siret: v.siret,
    country: v.country,
  };
}
/** The profile screen's form (every field sent). */
export const sellerProfileSchema = sellerProfileFields.transform(toSellerProfileChanges);
/** PATCH /api/v1/account/seller-profile/: only the fields present change. */
export const sellerProfilePatchSchema = sellerProfileFields.partial().transform(toSellerProfileChanges);

/** Filters of the staff review screen. */
export const REVIEW_FILTERS = ["under_review", "verified", "rejected", "all"] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];
