import { domainAddSchema, domainChangeSchema } from "~/schemas/domains";
import { paginated, tagged } from "./endpoint.server";

/** The seller's custom domains (issue 30). */
const DOMAIN_REF = { $ref: "#/components/schemas/Domain" };

const DNS_RECORD = {
  type: "object",
  required: ["type", "name", "value"],
  properties: {
    type: { type: "string", enum: ["TXT", "CNAME", "A", "AAAA", "A/AAAA"] },
    name: { type: "string", description: "The record's full name" },
    value: { type: "string", description: "What the record holds (several addresses are separated by commas)" },
  },
};

export const domainSchemas = {
  Domain: {
    type: "object",
    required: ["id", "domain", "status", "primary", "problem", "verification", "pointing", "last_checked_at", "verified_at", "check_until"],
    properties: {
      id: { type: "integer" },
      domain: { type: "string", description: "Lower-case ASCII; an internationalized name in punycode (xn--...)" },
      status: { type: "string", enum: ["pending", "verified"] },
      primary: { type: "boolean", description: "The shop's address: links and the subdomain lead here" },
      problem: {
        type: ["string", "null"],
        enum: ["txt_missing", "txt_mismatch", "pointing_missing", "pointing_elsewhere", "dns_unavailable", null],
        description: "What the last check of a pending domain found wrong (dns_unavailable: the DNS did not answer; checked again)",
      },
      verification: { ...DNS_RECORD, description: "The TXT record that proves the domain is yours: _livecart-verify.{domain}" },
      pointing: {
        ...DNS_RECORD,
        description: "Where the domain points: a CNAME to the platform's target, or (an apex) A/AAAA records to its addresses",
      },
      last_checked_at: { type: ["string", "null"], format: "date-time" },
      verified_at: { type: ["string", "null"], format: "date-time" },
      check_until: {
        type: "string",
        format: "date-time",
        description: "The background check looks a pending domain up until then (72 hours)",
      },
    },
  },
};

export const domainEndpoints = tagged("Domains", [
  {
    path: "/customer/shop/domains/",
    method: "get",
    auth: "seller",
    summary: "The shop's own domains, oldest first.",
    response: paginated(DOMAIN_REF),
  },
  {
    path: "/customer/shop/domains/",
    method: "post",
    auth: "seller",
    summary:
      "Connect a domain (an apex such as boutique-lea.fr or a subdomain such as shop.lea.fr; an internationalized name is stored in punycode): 201, pending, with the two records to create. A name with a scheme, a path, a port, spaces, a final dot, a label over 63 characters, an IP address, localhost or the platform's own domain is a 400 (errors.domain).",
    body: domainAddSchema,
    status: 201,
    response: DOMAIN_REF,
    also: {
      "409":
        "domain_taken: the domain is connected to a shop (this one or another); domain_limit: the shop has 5 domains; onboarding_incomplete: the shop is not live yet",
    },
  },
  {
    path: "/customer/shop/domains/{id}/verify/",
    method: "post",
    auth: "seller",
    summary: "Check the two records now through DNS: 200 with status verified (a verified domain stays verified).",
    response: DOMAIN_REF,
    also: { "409": "dns_not_ready: the message says what is missing or wrong (or that the DNS could not be checked; try again)" },
  },
  {
    path: "/customer/shop/domains/{id}/",
    method: "patch",
    auth: "seller",
    summary:
      "primary true: the shop's address becomes this verified domain (the previous primary one is no longer); false: the subdomain again.",
    body: domainChangeSchema,
    response: DOMAIN_REF,
    also: { "409": "domain_not_verified: only a verified domain can be primary" },
  },
  {
    path: "/customer/shop/domains/{id}/",
    method: "delete",
    auth: "seller",
    summary: "Remove the domain: 204; the shop no longer answers on it.",
  },
]);
