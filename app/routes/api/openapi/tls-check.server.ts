import { tagged } from "./endpoint.server";
import { tlsCheckQuerySchema } from "~/schemas/tls-check";

/** The TLS terminator's question (issue 30): may it obtain a certificate for a name? */
export const tlsCheckEndpoints = tagged("Domains", [
  {
    path: "/domains/tls-check/",
    method: "get",
    auth: "none",
    summary:
      "For a TLS terminator (Caddy's `on_demand_tls { ask }`), on any host, without login: 200 `{domain}` when a certificate may be obtained for `domain` (the platform's own domain, a registered shop's subdomain of it, or a verified domain of a live shop), 404 for any other name. Names are compared without case or a trailing dot. Answers are kept a few seconds in memory; no rate limit.",
    query: tlsCheckQuerySchema,
    response: { type: "object", required: ["domain"], properties: { domain: { type: "string" } } },
  },
]);
