import { tagged } from "./endpoint.server";
import { customizationSchema } from "~/schemas/customization";
import { shippingRatesQuerySchema, shippingSettingsSchema } from "~/schemas/shipping";

/** The shop's customization. */
export const shopEndpoints = tagged("Shop", [
  { path: "/customer/shop/customization/", method: "get", auth: "seller", summary: "The seller's shop customization." },
  {
    path: "/customer/shop/customization/update/",
    method: "put",
    auth: "seller",
    summary: "Update the customization (multipart: shop_logo file and fields; or JSON).",
    body: customizationSchema,
    multipart: true,
  },
  {
    path: "/customer/shop/customization/public/",
    method: "get",
    auth: "none",
    summary: "The public customization of the shop host's shop.",
  },
  {
    path: "/customer/shop/shipping/",
    method: "get",
    auth: "seller",
    summary:
      "The seller's shipping setting: zones (name, countries as ISO 3166-1 alpha-2 codes, rates with id, name, price, free_from, delivery) and the local pickup ({id, address} or null). No zone and no pickup: shipping is included in prices.",
  },
  {
    path: "/customer/shop/shipping/",
    method: "put",
    auth: "seller",
    summary:
      "Replace the whole shipping setting. Zones and rates sent with their id are kept (orders keep naming them), others are created, those left out are deleted. An empty zones list (and pickup null) means shipping included in prices. A negative price or free_from, an unknown country or an id of another shop is a 400 and nothing changes.",
    body: shippingSettingsSchema,
  },
  {
    path: "/shop/shipping/",
    method: "get",
    auth: "none",
    summary:
      "The shipping rates of the shop host's shop for a country, cheapest first: each with id (the order's shipping_rate), name, price, free_from (free once the order's subtotal reaches it; null: never), delivery, pickup and pickup_address. ships_to is false (and results empty) for a country the shop does not ship to; a shop that includes shipping in its prices answers shipping_included true and no rates (no shipping_rate to send).",
    query: shippingRatesQuerySchema,
  },
]);
