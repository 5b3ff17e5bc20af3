import { claimCommentApiSchema } from "~/schemas/claims";
import { tagged } from "./endpoint.server";

/** A claim as the API answers it (`ClaimResource`). */
const CLAIM_SCHEMA = {
  type: "object",
  required: ["id", "handle", "product", "variant", "quantity", "status", "held_until", "link"],
  properties: {
    id: { type: "integer" },
    handle: { type: "string", description: "The viewer's handle, lower case, without @" },
    product: {
      type: "object",
      required: ["id", "name", "code"],
      properties: { id: { type: "integer" }, name: { type: "string" }, code: { type: ["string", "null"] } },
    },
    variant: {
      type: ["object", "null"],
      required: ["id", "name"],
      properties: { id: { type: "integer" }, name: { type: "string", description: "Its option values: M / Blue" } },
      description: "null for a product without options",
    },
    quantity: { type: "integer" },
    status: { type: "string", enum: ["held", "paid", "released", "expired", "waitlisted"] },
    held_until: { type: ["string", "null"], format: "date-time", description: "When the hold ends (held claims)" },
    link: { type: "string", format: "uri", description: "The viewer's personal page of the live: /live/{code}/c/{token} on the shop host" },
  },
};

const CLAIM_OUTCOME_SCHEMA = {
  oneOf: [
    {
      type: "object",
      required: ["claimed", "claim", "reply"],
      properties: {
        claimed: { const: true },
        claim: CLAIM_SCHEMA,
        reply: { type: "string", maxLength: 200, description: "What to post back in the chat, in the live's language" },
      },
    },
    {
      type: "object",
      required: ["claimed", "reason"],
      properties: {
        claimed: { const: false },
        reason: { type: "string", enum: ["not_a_claim", "unknown_code", "ambiguous_variant", "sold_out", "live_ended", "cap_reached"] },
        waitlisted: { const: true, description: "Sold out: the handle waits on the variant's waitlist" },
        reply: { type: "string", maxLength: 200 },
      },
    },
  ],
};

/** Claims from a live's chat (issue 29, docs/claims.md). */
export const claimsEndpoints = tagged("Claims", [
  {
    path: "/shop/lives/{id}/comments/",
    method: "post",
    auth: "seller",
    summary:
      'A comment of the live\'s chat, for chat bots and automations. A comment holding one of the shop\'s claim words and a product code ("SOLD A7 M", "je prends A7 x2", "+1 A7") holds the units for the author\'s handle for the shop\'s hold time and answers the claim and a reply to post back; sold out, the handle waits on the waitlist (reason sold_out, waitlisted). Anything else is 200 with claimed false and a reason, never an error. Only the first 500 characters are read. At most 300 comments a second per live (429, Retry-After).',
    body: claimCommentApiSchema,
    response: CLAIM_OUTCOME_SCHEMA,
    also: { "429": "Too many comments for this live; try again after Retry-After seconds" },
  },
  {
    path: "/shop/lives/{id}/claims/",
    method: "get",
    auth: "seller",
    summary:
      "The live's claims, newest first: {results}. status: held, paid (its order is), released, expired (its hold ran out) or waitlisted.",
    response: { type: "object", required: ["results"], properties: { results: { type: "array", items: CLAIM_SCHEMA } } },
  },
  {
    path: "/shop/lives/{id}/claims/{claim_id}/",
    method: "delete",
    auth: "seller",
    summary:
      "Release a claim: its units go back on sale and to the first handle waiting; a waiting claim leaves the waitlist. 204; 404 for a claim of another live; 409 for a paid claim or one in an order waiting for payment.",
    status: 204,
    also: { "409": "The claim is paid, or in an order waiting for payment: cancel or refund its order instead" },
  },
]);
