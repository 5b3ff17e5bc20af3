import { tagged } from "./endpoint.server";
import { sellerProfilePatchSchema } from "~/schemas/sellers";

/** The seller profile. */
export const sellersEndpoints = tagged("Sellers", [
  {
    path: "/account/seller-profile/",
    method: "get",
    auth: "seller",
    summary: "The seller profile with display values, shop_url and onboarding steps.",
  },
  {
    path: "/account/seller-profile/",
    method: "patch",
    auth: "seller",
    summary: "Update the seller profile.",
    body: sellerProfilePatchSchema,
  },
]);
