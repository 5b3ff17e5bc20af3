import { z } from "./zod-messages";

/** `GET /api/v1/domains/tls-check/?domain=NAME`: the name a TLS terminator is about to get a certificate for. */
export const tlsCheckQuerySchema = z.object({
  domain: z.string().trim().min(1).max(255),
});
