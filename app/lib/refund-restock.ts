import type { OrderStatus } from "./order-states";

/**
 * Whether a refund puts the order's units back in stock when the seller does not say
 * (issue 27): yes before shipping (the units never left), no once shipped (they come back
 * only if the shopper returns them, which the seller knows, not us).
 */
export function restockByDefault(status: OrderStatus): boolean {
  return status === "pending" || status === "processing";
}
