import type { PurchaseLabel, ShippingDetails } from "~/schemas/checkout";
import type { Order } from "~db/schema";

// An order's checkout fields under the API's and the form's names (snake_case): the API
// resource, the CSV, the checkout's prefill and going back. The other direction, form and
// API input to the domain's names, is the checkout schemas' transform (app/schemas/checkout.ts).

/** The shopper's contact and address as checkout fields. */
export function shippingResource(order: Pick<Order, keyof ShippingDetails>) {
  return {
    full_name: order.fullName,
    company_name: order.companyName,
    email: order.email,
    address: order.address,
    city: order.city,
    state: order.state,
    zip_code: order.zipCode,
    country: order.country,
    phone: order.phone,
    social_network_handle: order.socialNetworkHandle,
  };
}

/** An order's purchase label as checkout fields. */
export function purchaseLabelResource(order: Pick<Order, keyof PurchaseLabel>) {
  return { reference: order.reference, content: order.content, live_reference: order.liveReference };
}
