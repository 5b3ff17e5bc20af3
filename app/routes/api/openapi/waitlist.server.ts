import { tagged } from "./endpoint.server";
import { waitlistJoinSchema } from "~/schemas/waitlist";

/** A waitlist entry as the API answers it (`WaitlistEntryResource`). */
const WAITLIST_ENTRY_SCHEMA = {
  type: "object",
  required: ["id", "product", "variant", "email", "created_at"],
  properties: {
    id: { type: "integer" },
    product: { type: "integer" },
    variant: { type: ["integer", "null"], description: "The variant waited for; null for a product without options" },
    email: { type: "string", format: "email" },
    created_at: { type: "string", format: "date-time" },
  },
};

/** The shopper's side of stock (issue 27): the waitlist of a sold-out product. */
export const waitlistEndpoints = tagged("Catalogue", [
  {
    path: "/shop/products/{id}/waitlist/",
    method: "post",
    auth: "none",
    summary:
      "On a shop host, without login: be mailed once when a sold-out product (or its variant, required when the product has options) is back; the first shopper waiting then gets one unit held for the shop's hold time and a link to buy it. Idempotent per email and variant: a repeat answers 201 with the same entry. Refused (409) while units can be bought; 400 for a bad email or variant; at most 10 per client address in 10 minutes (429, Retry-After).",
    body: waitlistJoinSchema,
    status: 201,
    response: WAITLIST_ENTRY_SCHEMA,
    also: {
      "409": "Units are available: buy it instead",
      "429": "Too many sign-ups from this address; try again after Retry-After seconds",
    },
  },
]);
