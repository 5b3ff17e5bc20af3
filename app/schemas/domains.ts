import { z } from "./zod-messages";

/**
 * A custom domain as the seller types it (the API's `domain`, the Domain tab's field). The
 * domain (`parseCustomDomain`) says what is wrong with a name; here only its presence and a
 * length no domain exceeds, so that a flood of text stops at the schema.
 */
export const domainAddSchema = z.object({
  domain: z.string().trim().min(1, "domains.errors.invalid").max(300, "domains.errors.too_long"),
});

/** PATCH /api/v1/customer/shop/domains/{id}/: `primary: true` makes a verified domain the shop's address; `false` gives it back to the subdomain. */
export const domainChangeSchema = z.object({ primary: z.boolean() }).strict();
