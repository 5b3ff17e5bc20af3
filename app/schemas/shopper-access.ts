import { z } from "zod";

/** A shopper asks for a one-time code to see the orders placed with an email in a shop. */
export const shopperCodeRequestSchema = z.object({
  email: z.string({ error: "shopper_access.errors.email" }).trim().toLowerCase().max(254).pipe(z.email("shopper_access.errors.email")),
});

/** The 6-digit code from the mail (spaces a shopper may type or paste are ignored). */
export const shopperCodeVerifySchema = shopperCodeRequestSchema.extend({
  code: z
    .string({ error: "shopper_access.errors.code_format" })
    .transform((value) => value.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "shopper_access.errors.code_format")),
});
