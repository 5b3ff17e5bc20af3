import { tagged } from "./endpoint.server";
import { orderListQuerySchema } from "~/schemas/checkout";
import { liveCreateApiSchema, liveListQuerySchema, livePatchApiSchema, livePinApiSchema, liveReminderApiSchema } from "~/schemas/lives";
import { LIVE_REF, LIVE_PAGE_REF } from "./components.server";

/** Live sales. */
export const livesEndpoints = tagged("Lives", [
  {
    path: "/shop/lives/",
    method: "get",
    auth: "seller",
    summary: "The seller's lives, newest first, each with its figures, paginated: {results, count, next, previous}.",
    query: liveListQuerySchema,
    response: LIVE_PAGE_REF,
  },
  {
    path: "/shop/lives/",
    method: "post",
    auth: "seller",
    summary:
      "Start a live: it gets a short code and its public link on the shop host (/live/{code}) opens at once. scheduled_at is an ISO 8601 date-time with its zone; chat_channel (Twitch lives only) is the Twitch channel whose chat is read for claims.",
    body: liveCreateApiSchema,
    status: 201,
    response: LIVE_REF,
  },
  {
    path: "/shop/lives/{id}/",
    method: "get",
    auth: "seller",
    summary: "One of the seller's lives with its figures (404 for another shop's).",
    response: LIVE_REF,
  },
  {
    path: "/shop/lives/{id}/",
    method: "patch",
    auth: "seller",
    summary:
      "Set or clear (null) a Twitch live's chat_channel: while the live runs, one node of the platform reads that channel's public chat and turns claiming messages into claims. A live on another platform answers 400.",
    body: livePatchApiSchema,
    response: LIVE_REF,
    also: { "409": "The live has ended" },
  },
  {
    path: "/shop/lives/{id}/end/",
    method: "post",
    auth: "seller",
    summary: "End the live: its link then shows that the live has ended. Ending an ended live changes nothing (200, the same live).",
    response: LIVE_REF,
  },
  {
    path: "/shop/lives/{id}/pin/",
    method: "post",
    auth: "seller",
    summary:
      "Pin a product of the shop's catalogue on the live's page (every viewer sees it at once); an archived or unknown product is a 400.",
    body: livePinApiSchema,
    response: LIVE_REF,
    also: { "409": "The live has ended" },
  },
  {
    path: "/shop/lives/{id}/pin/",
    method: "delete",
    auth: "seller",
    summary: "Unpin the live's product.",
    response: LIVE_REF,
    also: { "409": "The live has ended" },
  },
  {
    path: "/shop/lives/{id}/orders/",
    method: "get",
    auth: "seller",
    summary:
      "The live's orders, newest first, as GET /shop/orders/ gives a seller's (with refunded_amount, refundable_amount and refunds), paginated: {results, count, next, previous}. Default view: all (open checkouts included).",
    query: orderListQuerySchema,
  },
  {
    path: "/shop/lives/{id}/reminder/",
    method: "put",
    auth: "seller",
    summary:
      "The one-time reminder mail to the live's unpaid checkouts, delay_minutes after each started (null turns it off). Each checkout is reminded once.",
    body: liveReminderApiSchema,
    response: LIVE_REF,
  },
]);
