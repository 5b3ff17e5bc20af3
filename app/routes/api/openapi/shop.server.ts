import { tagged } from "./endpoint.server";
import { customizationSchema } from "~/schemas/customization";

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
]);
