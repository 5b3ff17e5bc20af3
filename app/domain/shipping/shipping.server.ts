import { and, asc, eq, notInArray } from "drizzle-orm";
import { ValidationError } from "~/domain/errors.server";
import { countryName } from "~/lib/countries";
import type { Language } from "~/lib/languages";
import { messageKey } from "~/lib/messages";
import { centsToDecimalString } from "~/lib/money";
import { offersForCountry, servesCountry, shippingPriceCents, type ShippingOffer } from "~/lib/shipping";
import { translatorFor } from "~/lib/translations.server";
import { totalMismatchMessage } from "~/schemas/checkout";
import type { ShippingRateInput, ShippingSettings, ShippingZoneInput } from "~/schemas/shipping";
import { ascNullsFirst, getDatabase, lockKey, writeTransaction, type Queryable } from "~db/client";
import { shippingRates, shippingZones, shops, type Shop } from "~db/schema";

/** A shop's shipping as the checkout reads it: only a shop that charges shipping has rates to read. */
export type ShippingShop = Pick<Shop, "id" | "chargesShipping">;

/** The pickup's name in that language (it has none of its own). */
function pickupName(language: Language): string {
  return translatorFor(language)("shipping.pickup");
}

/** Every rate of the shop with the countries it serves, in the seller's order (one query). */
export async function shopShippingOffers(shop: ShippingShop, language: Language, db: Queryable = getDatabase()): Promise<ShippingOffer[]> {
  if (!shop.chargesShipping) return [];
  const rows = await db
    .select({ rate: shippingRates, countries: shippingZones.countries, zonePosition: shippingZones.position })
    .from(shippingRates)
    .leftJoin(shippingZones, eq(shippingZones.id, shippingRates.zoneId))
    .where(eq(shippingRates.shopId, shop.id))
    // The pickup has no zone: its zone's position is null (first, as SQLite sorts it).
    .orderBy(ascNullsFirst(shippingZones.position), asc(shippingRates.position), asc(shippingRates.id));
  return rows.map(({ rate, countries }) => ({
    id: rate.id,
    name: rate.zoneId === null ? pickupName(language) : rate.name,
    priceCents: rate.priceCents,
    freeFromCents: rate.freeFromCents,
    delivery: rate.delivery,
    pickupAddress: rate.zoneId === null ? rate.pickupAddress : null,
    countries: rate.zoneId === null ? null : (countries ?? []),
  }));
}

/**
 * What an order pays for shipping: the rate chosen, its name of the day and its price for this
 * subtotal; or, added to the shopper's open parcel ("Add to my parcel"), that parcel and nothing.
 */
export type ShippingCharge = { rateId: number | null; parcelId: number | null; method: string; amountCents: number };
/** The open parcel an order was added to at checkout (found by the orders domain: `parcelShipping`). */
export type ParcelShipping = { parcelId: number };
export type OrderAmounts = { subtotalCents: number; shipping: ShippingCharge | null; totalCents: number };

/**
 * The one rule for an order's amounts: its subtotal (its items' price, else the amount of the
 * live purchase), its shipping and its total. `stated` is the amount the shopper or client
 * gave: the screen's is the subtotal (price times quantity, or the amount typed during a
 * live) and shipping is added to it; the API's `total_amount` is what is paid, shipping
 * included. A shop that charges no shipping takes none (a rate sent anyway is unknown).
 * Refused (400, nothing stored): a country the shop neither ships to nor offers pickup for,
 * no rate chosen, a rate that is not the shop's (another shop's included) or does not deliver
 * there, and a stated amount that is not the items' (with shipping, when it is the total).
 * An order added to the shopper's open parcel (`parcel`, checked by the caller) takes no rate
 * and pays no shipping: its subtotal is its total.
 */
export function orderAmounts(
  offers: ShippingOffer[] | null,
  order: {
    itemsSubtotalCents: number | null;
    statedCents: number;
    stated: "subtotal" | "total";
    rateId: number | null;
    country: string;
    language: Language;
    parcel?: ParcelShipping | null;
  },
): OrderAmounts {
  const parcel = order.parcel ?? null;
  const offer = parcel ? null : chosenOffer(offers, order);
  const { itemsSubtotalCents: items, statedCents, stated } = order;
  let subtotalCents: number;
  if (items !== null) {
    subtotalCents = items;
    const expected = items + (offer ? shippingPriceCents(offer, items) : 0);
    const total = stated === "total" ? expected : items;
    if (statedCents !== total) {
      const values = { total: centsToDecimalString(total) };
      // With shipping in it, the message says so; else it is the price times the quantity.
      const message = total !== items ? messageKey("shipping.errors.total_mismatch", values) : totalMismatchMessage(total);
      throw new ValidationError(
        total !== items ? "shipping.errors.total_mismatch" : "purchase.errors.total_amount_mismatch",
        { total_amount: [message] },
        values,
      );
    }
  } else if (stated === "subtotal" || !offer) {
    subtotalCents = statedCents;
  } else {
    // A total given for a live purchase: free when it reaches the rate's "free from", else the rate's price is in it.
    subtotalCents = shippingPriceCents(offer, statedCents) === 0 ? statedCents : statedCents - offer.priceCents;
    if (subtotalCents < 1) {
      const values = { shipping: centsToDecimalString(offer.priceCents) };
      throw new ValidationError(
        "shipping.errors.total_below_shipping",
        { total_amount: [messageKey("shipping.errors.total_below_shipping", values)] },
        values,
      );
    }
  }
  const shipping: ShippingCharge | null = parcel
    ? { rateId: null, parcelId: parcel.parcelId, method: translatorFor(order.language)("shipping.parcel_method"), amountCents: 0 }
    : offer
      ? { rateId: offer.id, parcelId: null, method: offer.name, amountCents: shippingPriceCents(offer, subtotalCents) }
      : null;
  return { subtotalCents, shipping, totalCents: subtotalCents + (shipping?.amountCents ?? 0) };
}

/** The rate an order chose, checked against the shop's rates (null: the shop charges no shipping). */
function chosenOffer(
  offers: ShippingOffer[] | null,
  choice: { rateId: number | null; country: string; language: Language },
): ShippingOffer | null {
  if (offers === null || offers.length === 0) {
    if (choice.rateId !== null) throw rateError("shipping.errors.rate_unknown");
    return null;
  }
  if (!offers.some((offer) => servesCountry(offer, choice.country))) {
    const values = { country: countryName(choice.country, choice.language) };
    throw new ValidationError(
      "shipping.errors.country_not_served",
      { country: [messageKey("shipping.errors.country_not_served", values)] },
      values,
    );
  }
  if (choice.rateId === null) throw rateError("shipping.errors.rate_required");
  const offer = offers.find((candidate) => candidate.id === choice.rateId);
  if (!offer) throw rateError("shipping.errors.rate_unknown");
  if (!servesCountry(offer, choice.country)) throw rateError("shipping.errors.rate_not_for_country");
  return offer;
}

function rateError(key: string): ValidationError {
  return new ValidationError(key, { shipping_rate: [key] });
}

/** GET /api/v1/shop/shipping/?country=FR: the rates for that country, cheapest first (a rate's own price, before any "free from"). */
export async function publicShippingRates(shop: ShippingShop, country: string, language: Language) {
  const offers = offersForCountry(await shopShippingOffers(shop, language), country, 0);
  return {
    country,
    // A shop without zones ships as before, its prices including shipping: no rate to choose.
    shipping_included: !shop.chargesShipping,
    ships_to: !shop.chargesShipping || offers.length > 0,
    results: offers.map((offer) => ({
      id: offer.id,
      name: offer.name,
      price: centsToDecimalString(offer.priceCents),
      free_from: offer.freeFromCents === null ? null : centsToDecimalString(offer.freeFromCents),
      delivery: offer.delivery,
      pickup: offer.pickupAddress !== null,
      pickup_address: offer.pickupAddress,
    })),
  };
}

/** A shop's shipping setting as stored: zones with their rates, and the pickup. */
export type StoredShippingSettings = {
  zones: {
    id: number;
    name: string;
    countries: string[];
    rates: { id: number; name: string; priceCents: number; freeFromCents: number | null; delivery: string }[];
  }[];
  pickup: { id: number; address: string } | null;
};

export async function getShippingSettings(shopId: number, db: Queryable = getDatabase()): Promise<StoredShippingSettings> {
  const [zones, rates] = await Promise.all([
    db.select().from(shippingZones).where(eq(shippingZones.shopId, shopId)).orderBy(asc(shippingZones.position), asc(shippingZones.id)),
    db.select().from(shippingRates).where(eq(shippingRates.shopId, shopId)).orderBy(asc(shippingRates.position), asc(shippingRates.id)),
  ]);
  const pickup = rates.find((rate) => rate.zoneId === null);
  return {
    zones: zones.map((zone) => ({
      id: zone.id,
      name: zone.name,
      countries: zone.countries,
      rates: rates
        .filter((rate) => rate.zoneId === zone.id)
        .map((rate) => ({
          id: rate.id,
          name: rate.name,
          priceCents: rate.priceCents,
          freeFromCents: rate.freeFromCents,
          delivery: rate.delivery,
        })),
    })),
    pickup: pickup ? { id: pickup.id, address: pickup.pickupAddress ?? "" } : null,
  };
}

/** The stored setting in the shape the PUT takes, ids included (sending it back keeps every zone and rate). */
export function shippingSettingsResource(settings: StoredShippingSettings) {
  return {
    zones: settings.zones.map((zone) => ({
      id: zone.id,
      name: zone.name,
      countries: zone.countries,
      rates: zone.rates.map((rate) => ({
        id: rate.id,
        name: rate.name,
        price: centsToDecimalString(rate.priceCents),
        free_from: rate.freeFromCents === null ? null : centsToDecimalString(rate.freeFromCents),
        delivery: rate.delivery,
      })),
    })),
    pickup: settings.pickup ? { id: settings.pickup.id, address: settings.pickup.address } : null,
  };
}

/** The stored setting as the domain takes it back (the tab's forms change one part of it and save the whole). */
export function editableSettings(settings: StoredShippingSettings): ShippingSettings {
  return {
    zones: settings.zones.map((zone) => ({ ...zone, rates: zone.rates.map((rate) => ({ ...rate })) })),
    pickup: settings.pickup ? { address: settings.pickup.address } : null,
  };
}

/**
 * Replaces a shop's shipping setting in one transaction: zones and rates sent with their id
 * are kept (updated), others are created, those left out are deleted (orders keep the name and
 * price they were placed with). An id that is not one of this shop's is refused (400) and
 * nothing changes. The shop charges shipping from then on when it has a zone or a pickup.
 */
export async function saveShippingSettings(
  shopId: number,
  change: ShippingSettings | ((current: ShippingSettings) => ShippingSettings),
): Promise<StoredShippingSettings> {
  return writeTransaction(async (tx) => {
    // One save at a time per shop (two at once would each keep what the other deleted), without
    // taking the shop's row, which every order of the shop locks to number itself.
    await lockKey(tx, `shipping-settings:${shopId}`);
    const current = await getShippingSettings(shopId, tx);
    const settings = typeof change === "function" ? change(editableSettings(current)) : change;
    const zoneIds = new Set(current.zones.map((zone) => zone.id));
    const rateZone = new Map(current.zones.flatMap((zone) => zone.rates.map((rate) => [rate.id, zone.id] as const)));
    const unknown: Record<string, string[]> = {};
    settings.zones.forEach((zone, z) => {
      if (zone.id !== null && !zoneIds.has(zone.id)) unknown[`zones.${z}.id`] = ["shipping.errors.unknown_id"];
      zone.rates.forEach((rate, r) => {
        if (rate.id !== null && !rateZone.has(rate.id)) unknown[`zones.${z}.rates.${r}.id`] = ["shipping.errors.unknown_id"];
      });
    });
    if (Object.keys(unknown).length > 0) throw new ValidationError("shipping.errors.unknown_id", unknown);

    const keptZones: number[] = [];
    const keptRates: number[] = [];
    for (const [position, zone] of settings.zones.entries()) {
      let zoneId = zone.id;
      if (zoneId !== null) {
        await tx.update(shippingZones).set({ name: zone.name, countries: zone.countries, position }).where(eq(shippingZones.id, zoneId));
      } else {
        const [created] = await tx
          .insert(shippingZones)
          .values({ shopId, name: zone.name, countries: zone.countries, position })
          .returning({ id: shippingZones.id });
        zoneId = created!.id;
      }
      keptZones.push(zoneId);
      for (const [ratePosition, rate] of zone.rates.entries()) {
        const values = {
          zoneId,
          name: rate.name,
          priceCents: rate.priceCents,
          freeFromCents: rate.freeFromCents,
          delivery: rate.delivery,
          position: ratePosition,
        };
        if (rate.id !== null) {
          await tx.update(shippingRates).set(values).where(eq(shippingRates.id, rate.id));
          keptRates.push(rate.id);
        } else {
          const [created] = await tx
            .insert(shippingRates)
            .values({ shopId, ...values })
            .returning({ id: shippingRates.id });
          keptRates.push(created!.id);
        }
      }
    }
    // The pickup keeps its id while it stays.
    if (settings.pickup && current.pickup) {
      await tx.update(shippingRates).set({ pickupAddress: settings.pickup.address }).where(eq(shippingRates.id, current.pickup.id));
      keptRates.push(current.pickup.id);
    } else if (settings.pickup) {
      const [created] = await tx
        .insert(shippingRates)
        .values({ shopId, zoneId: null, pickupAddress: settings.pickup.address })
        .returning({ id: shippingRates.id });
      keptRates.push(created!.id);
    }
    await tx
      .delete(shippingRates)
      .where(and(eq(shippingRates.shopId, shopId), keptRates.length ? notInArray(shippingRates.id, keptRates) : undefined));
    await tx
      .delete(shippingZones)
      .where(and(eq(shippingZones.shopId, shopId), keptZones.length ? notInArray(shippingZones.id, keptZones) : undefined));
    await tx
      .update(shops)
      .set({ chargesShipping: settings.zones.length > 0 || settings.pickup !== null, updatedAt: new Date() })
      .where(eq(shops.id, shopId));
    return getShippingSettings(shopId, tx);
  });
}

/** One change of the Shipping tab's forms (each a plain post): the rest of the setting stays. */
export type ShippingEdit =
  | { kind: "add-zone"; name: string; countries: string[]; rate: ShippingRateInput }
  | { kind: "save-zone"; zoneId: number; name: string; countries: string[] }
  | { kind: "delete-zone"; zoneId: number }
  | { kind: "save-rate"; zoneId: number; rate: ShippingRateInput }
  | { kind: "delete-rate"; zoneId: number; rateId: number }
  | { kind: "pickup"; pickup: { address: string } | null };

/** A setting with one change made; a zone or rate that is not there is refused (400). */
export function applyShippingEdit(settings: ShippingSettings, edit: ShippingEdit): ShippingSettings {
  if (edit.kind === "add-zone") {
    return { ...settings, zones: [...settings.zones, { id: null, name: edit.name, countries: edit.countries, rates: [edit.rate] }] };
  }
  if (edit.kind === "pickup") return { ...settings, pickup: edit.pickup };
  const zone = settings.zones.find((candidate) => candidate.id === edit.zoneId);
  if (!zone) throw new ValidationError("shipping.errors.unknown_id");
  const others = (change: ShippingZoneInput | null) =>
    settings.zones.flatMap((candidate) => (candidate === zone ? (change ? [change] : []) : [candidate]));
  switch (edit.kind) {
    case "save-zone":
      return { ...settings, zones: others({ ...zone, name: edit.name, countries: edit.countries }) };
    case "delete-zone":
      return { ...settings, zones: others(null) };
    case "save-rate": {
      if (edit.rate.id !== null && !zone.rates.some((rate) => rate.id === edit.rate.id))
        throw new ValidationError("shipping.errors.unknown_id");
      const rates =
        edit.rate.id === null ? [...zone.rates, edit.rate] : zone.rates.map((rate) => (rate.id === edit.rate.id ? edit.rate : rate));
      return { ...settings, zones: others({ ...zone, rates }) };
    }
    case "delete-rate": {
      if (!zone.rates.some((rate) => rate.id === edit.rateId)) throw new ValidationError("shipping.errors.unknown_id");
      // A zone keeps at least one rate: delete the zone instead.
      if (zone.rates.length === 1) throw new ValidationError("shipping.errors.rates");
      return { ...settings, zones: others({ ...zone, rates: zone.rates.filter((rate) => rate.id !== edit.rateId) }) };
    }
  }
}

/** The Shipping tab's change to the seller's shop: read, changed, saved whole (the same rules as the API's PUT). */
export async function editShippingSettings(shopId: number, edit: ShippingEdit): Promise<StoredShippingSettings> {
  return saveShippingSettings(shopId, (current) => applyShippingEdit(current, edit));
}
