import { supportedLanguages } from "~/lib/i18n";
import { z } from "./zod-messages";

/** The password rules (spec section 5), also shown as a live checklist. */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';
export const passwordRules = [
  { key: "length", message: "auth.password.min_length", test: (v: string) => v.length >= 8 },
  { key: "uppercase", message: "auth.password.uppercase", test: (v: string) => /[A-Z]/.test(v) },
  { key: "lowercase", message: "auth.password.lowercase", test: (v: string) => /[a-z]/.test(v) },
  { key: "number", message: "auth.password.number", test: (v: string) => /\d/.test(v) },
  {
    key: "special",
    message: "auth.password.special",
    test: (v: string) => [...v].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c)),
  },
] as const;

// The schema-level error (a missing value reads as too short) would also cover max(): it gets its own text.
export const newPasswordSchema = z
  .string({ error: "auth.password.min_length" })
  .max(128, "auth.password.max_length")
  .superRefine((value, ctx) => {
    for (const rule of passwordRules) if (!rule.test(value)) ctx.addIssue({ code: "custom", message: rule.message });
  });

export const emailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

export const loginSchema = z.object({
  email: emailSchema,
  password: z.string().min(1).max(200),
});

/** The password-change form: new password twice (only new_password is sent to the API). */
export const changePasswordFormSchema = z
  .object({
    new_password: newPasswordSchema,
    password_confirm: z.string(),
  })
  .refine((v) => v.new_password === v.password_confirm, { message: "auth.password.mismatch", path: ["password_confirm"] });

export const changePasswordApiSchema = z.object({ new_password: newPasswordSchema });

const optionalName = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v ?? "");

/** What a profile edit changes (absent: unchanged). */
export type ProfileChanges = Partial<{
  firstName: string;
  lastName: string;
  phoneNumber: string;
  language: (typeof supportedLanguages)[number];
}>;

const profileFields = z.object({
  first_name: optionalName(150),
  last_name: optionalName(150),
  phone_number: z
    .string()
    .trim()
    .max(30)
    .regex(/^[+0-9 ().-]*$/, "validation.phone")
    .optional()
    .transform((v) => v ?? ""),
  language: z.enum(supportedLanguages).optional(),
});
function toProfileChanges(v: Partial<z.output<typeof profileFields>>): ProfileChanges {
  return { firstName: v.first_name, lastName: v.last_name, phoneNumber: v.phone_number, language: v.language };
}
/** The profile screen's form. */
export const profileUpdateSchema = profileFields.transform(toProfileChanges);
/** PATCH: only the fields present change. */
export const profilePatchSchema = profileFields.partial().transform(toProfileChanges);

export const resendVerificationSchema = z.object({ email: emailSchema });
