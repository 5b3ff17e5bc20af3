/** The `shipping_rate` value that asks for "Add to my parcel" (no rate, no second fee) instead of a rate's id. */
export const PARCEL_SHIPPING = "parcel";

/**
 * A shop's shipping rate as the checkout offers it: a zone's rate (`countries`: where it
 * delivers) or the local pickup (`countries` null: offered whatever the country).
 */
export type ShippingOffer = {
  id: number;
  name: string;
  priceCents: number;
  freeFromCents: number | null;
  delivery: string;
  pickupAddress: string | null;
  countries: string[] | null;
};

/** What a rate costs on an order of this subtotal: nothing once the subtotal reaches its "free from". */
export function shippingPriceCents(offer: Pick<ShippingOffer, "priceCents" | "freeFromCents">, subtotalCents: number): number {
  return offer.freeFromCents !== null && subtotalCents >= offer.freeFromCents ? 0 : offer.priceCents;
}

export function servesCountry(offer: Pick<ShippingOffer, "countries">, country: string): boolean {
  return offer.countries === null || offer.countries.includes(country);
}

/**
 * The rates offered for a country, cheapest first for this subtotal (a free one on top), then
 * in the seller's order; each with what it costs here. Delivery rates come before the pickup
 * at the same price.
 */
export function offersForCountry<T extends ShippingOffer>(
  offers: T[],
  country: string,
  subtotalCents: number,
): (T & { costCents: number })[] {
  return offers
    .filter((offer) => servesCountry(offer, country))
    .map((offer, index) => ({ offer: { ...offer, costCents: shippingPriceCents(offer, subtotalCents) }, index }))
    .sort(
      (a, b) =>
        a.offer.costCents - b.offer.costCents ||
        Number(a.offer.countries === null) - Number(b.offer.countries === null) ||
        a.index - b.index,
    )
    .map(({ offer }) => offer);
}

/** Whether the shop delivers to this country by a rate of a zone (the pickup aside). */
export function shipsTo(offers: Pick<ShippingOffer, "countries">[], country: string): boolean {
  return offers.some((offer) => offer.countries !== null && offer.countries.includes(country));
}
