import { NotFoundError } from "~/domain/errors.server";
import { mayHaveCertificate } from "~/domain/shops/shop-hosts.server";
import { apiResource, parseInput } from "~/http/api.server";
import { tlsCheckQuerySchema } from "~/schemas/tls-check";

/**
 * GET /api/v1/domains/tls-check/?domain=NAME: the question Caddy's `on_demand_tls { ask }`
 * asks before it obtains a certificate (README, "HTTPS with Caddy"). 200 for our own names and
 * a live shop's verified domains, 404 for anything else; no login, no rate limit (answers are
 * kept in memory a few seconds, `mayHaveCertificate`).
 */
const api = apiResource({
  async GET({ request }) {
    const { domain } = parseInput(tlsCheckQuerySchema, Object.fromEntries(new URL(request.url).searchParams));
    if (!(await mayHaveCertificate(domain))) throw new NotFoundError("errors.not_found");
    return { domain };
  },
});

export const loader = api.loader;
export const action = api.action;
