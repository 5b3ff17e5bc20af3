import type { CheckoutInput } from "~/schemas/checkout";
import type { Order } from "~db/schema";

// The one mapping between the checkout's field names (forms and API, snake_case) and the
// order's columns (camelCase). Every reader and writer of those fields goes through it.

type ShippingInput = Pick<
  CheckoutInput,
  "full_name" | "company_name" | "email" | "address" | "city" | "state" | "zip_code" | "country" | "phone" | "social_network_handle"
>;
type PurchaseLabelInput = Pick<CheckoutInput, "reference" | "content" | "live_reference">;

/** The shopper's contact and address, as order columns. */
export function shippingColumns(input: ShippingInput) {
  return {
    fullName: input.full_name,
    companyName: input.company_name,
    email: input.email,
    address: input.address,
    city: input.city,
    state: input.state,
    zipCode: input.zip_code,
    country: input.country,
    phone: input.phone,
    socialNetworkHandle: input.social_network_handle,
  };
}

/** An order's shopper contact and address as checkout fields (API resource, CSV, prefill, going back). */
export function shippingResource(order: Pick<Order, keyof ReturnType<typeof shippingColumns>>): ShippingInput {
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

/** What the shopper said was bought (a live purchase's reference, content, live reference), as order columns. */
export function purchaseLabelColumns(input: PurchaseLabelInput) {
  return { reference: input.reference, content: input.content, liveReference: input.live_reference };
}

/** An order's purchase label as checkout fields. */
export function purchaseLabelResource(order: Pick<Order, "reference" | "content" | "liveReference">): PurchaseLabelInput {
  return { reference: order.reference, content: order.content, live_reference: order.liveReference };
}
