import { LIVE_PLATFORMS } from "~/lib/live-platforms";
import { catalogueSchemas } from "./catalogue.server";
import { domainSchemas } from "./domains.server";
import { paginated } from "./endpoint.server";

/** The document's shared components: the resources it spells out, the error body, the ways to authenticate. */

export const LIVE_REF = { $ref: "#/components/schemas/Live" };
export const LIVE_PAGE_REF = { $ref: "#/components/schemas/LivePage" };
const ERROR_REF = { $ref: "#/components/schemas/Error" };

export const errorResponse = { description: "Error", content: { "application/json": { schema: ERROR_REF } } };

/** A live as the API answers it (`liveResource`). */
const LIVE_SCHEMA = {
  type: "object",
  required: [
    "id",
    "code",
    "title",
    "platform",
    "language",
    "chat_channel",
    "url",
    "status",
    "scheduled_at",
    "started_at",
    "ended_at",
    "pinned_product_id",
    "reminder_delay_minutes",
    "stats",
  ],
  properties: {
    id: { type: "integer" },
    code: { type: "string", pattern: "^[a-z2-9]{6}$", description: "The short code of the live's link" },
    title: { type: "string" },
    platform: { type: "string", enum: [...LIVE_PLATFORMS] },
    language: { type: "string", enum: ["en", "fr"], description: "The live's language: the claims' replies in its chat" },
    chat_channel: {
      type: ["string", "null"],
      pattern: "^[a-z0-9_]{4,25}$",
      description: "A Twitch live's channel (login name), whose public chat is read for claims while the live runs; null: none",
    },
    url: { type: "string", format: "uri", description: "The live's public link on the shop host: /live/{code}" },
    status: { type: "string", enum: ["live", "ended"] },
    scheduled_at: { type: ["string", "null"], format: "date-time" },
    started_at: { type: "string", format: "date-time" },
    ended_at: { type: ["string", "null"], format: "date-time" },
    pinned_product_id: { type: ["integer", "null"] },
    reminder_delay_minutes: {
      type: ["integer", "null"],
      description: "Minutes after a checkout starts before its one reminder; null: none",
    },
    stats: {
      type: "object",
      required: ["visits", "checkouts_started", "paid_orders", "open_checkouts", "revenue", "conversion_rate"],
      properties: {
        visits: { type: "integer", description: "Page loads of the live's link" },
        checkouts_started: { type: "integer" },
        paid_orders: { type: "integer" },
        open_checkouts: { type: "integer", description: "Unpaid and not cancelled" },
        revenue: { type: "string", description: 'Paid orders\' total net of refunds, e.g. "125.50"' },
        conversion_rate: { type: ["number", "null"], description: "Paid orders per visit (0 to 1); null before the first visit" },
      },
    },
  },
};

export const components = {
  schemas: {
    ...catalogueSchemas,
    ...domainSchemas,
    Live: LIVE_SCHEMA,
    LivePage: paginated(LIVE_REF),
    Error: {
      type: "object",
      required: ["message"],
      properties: {
        message: { type: "string" },
        code: {
          type: "string",
          description: 'A machine-readable reason where one is defined: "out_of_stock" (409), those of custom domains (409)',
        },
        errors: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
        request_id: { type: "string", description: "The request's id (also its X-Request-Id header), to quote to support" },
      },
    },
  },
  securitySchemes: {
    session: { type: "apiKey", in: "cookie", name: "sid" },
    csrf: { type: "apiKey", in: "header", name: "X-CSRFToken" },
    apiKey: { type: "http", scheme: "bearer", description: "An API key created on the account page (seller tab)." },
  },
};
