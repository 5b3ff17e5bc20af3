import { formatOrderNumber, type OrderWithItems } from "./orders.server";
import { orderFulfillment } from "./tracking.server";

/** What the order screens show of an order (the table row and its detail). */
export function orderView(order: OrderWithItems) {
  return {
    id: order.id,
    number: formatOrderNumber(order.number),
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    paymentStatus: order.paymentStatus,
    totalCents: order.totalAmountCents,
    // Shipping charged and the rate's name (null: shipping included in prices).
    shippingCents: order.shippingAmountCents,
    shippingMethod: order.shippingMethod,
    currency: order.currency,
    shopName: order.shopName,
    shopSubdomain: order.shopSubdomain,
    customer: {
      fullName: order.fullName,
      companyName: order.companyName,
      email: order.email,
      phone: order.phone,
      address: order.address,
      city: order.city,
      state: order.state,
      zipCode: order.zipCode,
      country: order.country,
      socialNetworkHandle: order.socialNetworkHandle,
    },
    reference: order.reference,
    liveReference: order.liveReference,
    content: order.content,
    parcelId: order.parcelId,
    fulfillment: orderFulfillment(order),
    items: order.items.map((item) => ({
      id: item.id,
      name: item.productName,
      variantName: item.variantName,
      quantity: item.quantity,
      priceCents: item.priceCents,
    })),
  };
}
export type OrderView = ReturnType<typeof orderView>;
