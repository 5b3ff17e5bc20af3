/**
 * What a catalogue purchase costs. The checkout screen (live total as the quantity
 * changes), the form schema and the order domain (the authority, inside the creating
 * transaction) all compute it here.
 */
export const MAX_ITEM_QUANTITY = 99;

export function itemsTotalCents(items: readonly { unitPriceCents: number; quantity: number }[]): number {
  return items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0);
}

/** The smallest quantity of a product whose total reaches the shop's minimum order amount. */
export function minimumQuantity(unitPriceCents: number, minimumOrderCents: number): number {
  if (unitPriceCents <= 0) return 1;
  return Math.max(1, Math.ceil(minimumOrderCents / unitPriceCents));
}
