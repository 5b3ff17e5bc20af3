import { tagged } from "./endpoint.server";
import { orderCreateSchema, orderListQuerySchema, orderStatusChangeSchema } from "~/schemas/checkout";
import { DEFAULT_MINIMUM_ORDER_CENTS } from "~/schemas/customization";
import { shipmentSchema } from "~/schemas/fulfillment";
import { refundSchema } from "~/schemas/refunds";

/** Orders, their status and refunds. */
export const ordersEndpoints = tagged("Orders", [
  {
    path: "/shop/orders/",
    method: "get",
    auth: "none",
    summary:
      "Orders: the shopper's in a shop, a seller's shop orders (paid ones unless view or payment_status says otherwise; with refunded_amount, refundable_amount and refunds), or a client's own.",
    query: orderListQuerySchema,
  },
  {
    path: "/shop/orders/",
    method: "post",
    auth: "none",
    summary:
      'Place an order in the shop host\'s shop. Each item names a product, its variant (required when the product has options, refused when it has none; the variant\'s price replaces the product\'s) and a quantity (a whole number from 1 to 99). total_amount is what the shopper pays: with items, it must be the sum of their prices times quantities plus shipping (400 otherwise). country is an ISO 3166-1 alpha-2 code, or the name of a country in English or French ("France", "belgique"), answered as the upper-case code; an unknown country is a 400. A shop that charges shipping (GET /shop/shipping/?country=) needs shipping_rate, the id of one of its rates for that country: none, one of another shop, or one that does not deliver there is a 400, as is a country the shop does not ship to; a rate is free once the subtotal reaches its free_from. Or shipping_rate "parcel" ("Add to my parcel": no second shipping fee): the order goes in the caller\'s open parcel, one holding a paid, unshipped order that this browser (shopper cookie) or signed-in account placed, or whose email it proved, with the same email and address (case and spaces aside), of the same live or placed within the shop\'s parcel window (default 24 h); its shipping is 0 and total_amount is the items\' (or the live purchase\'s amount); it joins that parcel when paid. No such parcel, or a shop that includes shipping in its prices: 400 on shipping_rate (the same message whatever the reason, so it tells nothing of other shoppers\' parcels). The answer carries subtotal_amount, shipping_amount and shipping_method ({id, name, parcel_id}: the rate\'s id, or null with the parcel\'s id for an order added to a parcel; null when shipping is included in prices). The units of tracked items are held for the shop\'s hold time in the same transaction: the answer\'s reserved_until (ISO 8601) says until when (null when nothing is counted), and each item carries variant {id, name} or null. Not enough units: 409 {message, code: "out_of_stock", errors: {"items.0.quantity": ["Only 2 left"]}} and no order is created.',
    body: orderCreateSchema(DEFAULT_MINIMUM_ORDER_CENTS),
    status: 201,
    also: {
      "409":
        'Not enough units of an item (code "out_of_stock"; errors per item: "Sold out" or "Only N left"), or the product is switched off',
    },
  },
  {
    path: "/shop/orders/{id}/",
    method: "get",
    auth: "none",
    summary:
      "One order (the shopper who placed it or the shop's seller; 404 otherwise), with reserved_until (until when its units are held while unpaid, else null), each item's variant ({id, name} or null), subtotal_amount, shipping_amount and shipping_method ({id, name, parcel_id} or null; id null and parcel_id set for an order added to the shopper's parcel at checkout; total_amount is their sum), parcel_id (the parcel it is packed in once paid, else null) and fulfillment ({carrier, tracking_number, tracking_url, shipped_at} once shipped, else null; tracking_url is null for the carrier other). The seller also gets refunded_amount, refundable_amount and refunds.",
  },
  {
    path: "/shop/orders/{id}/",
    method: "patch",
    auth: "seller",
    summary:
      "Move the order on (cancelling a paid order refunds it); 409 for an invalid transition. Shipping this way records no carrier: prefer POST /shop/orders/{id}/fulfillment/.",
    body: orderStatusChangeSchema,
    also: { "409": "Invalid transition, or the order changed meanwhile", "502": "The refund failed at the provider" },
  },
  {
    path: "/shop/orders/export/",
    method: "get",
    auth: "seller",
    summary: "The seller's filtered orders as CSV (same rule as the list: paid orders unless view or payment_status says otherwise).",
    query: orderListQuerySchema.pick({ view: true, status: true, payment_status: true, search: true }),
  },
  {
    path: "/shop/orders/{id}/refunds/",
    method: "get",
    auth: "seller",
    summary:
      "The order's refunds: {refunded_amount, refundable_amount, refunds: [{id, amount, currency, reason, status, failure_reason, created_at, created_by}]}. failure_reason is the provider's reason (e.g. expired_or_canceled_card) for a refund it made and then reported failed, else null; a failed refund counts in neither amount.",
  },
  {
    path: "/shop/orders/{id}/refunds/",
    method: "post",
    auth: "seller",
    summary:
      "Refund some or all of what remains of a paid order (any order status, a return after delivery included), through the provider with the platform fee given back in proportion; recorded in the history and mailed to the shopper.",
    body: refundSchema,
    status: 201,
    also: { "409": "Not paid, or nothing left to refund", "502": "The refund failed at the provider" },
  },
  {
    path: "/shop/orders/{id}/fulfillment/",
    method: "post",
    auth: "seller",
    summary:
      "Ship the order with a carrier and its tracking number: it moves to shipped (from processing, or from pending once paid), the shopper is mailed the carrier's tracking link, and the order is answered with its fulfillment {carrier, tracking_number, tracking_url, shipped_at}.",
    body: shipmentSchema,
    also: { "409": "The order cannot be shipped now (unpaid, already shipped, delivered or cancelled), or it changed meanwhile" },
  },
]);
