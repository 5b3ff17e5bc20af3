import { resolveCountry } from "~/lib/countries";
import { messageKey } from "~/lib/messages";
import { parseAmountToCents } from "~/lib/money";
import { MAX_RECORD_ID } from "~/lib/path-id";
import { numberFromText } from "./number-input";
import { z } from "./zod-messages";

/** A rate as the domain takes it; `id` keeps an existing rate (its orders keep naming it). */
export type ShippingRateInput = { id: number | null; name: string; priceCents: number; freeFromCents: number | null; delivery: string };
export type ShippingZoneInput = { id: number | null; name: string; countries: string[]; rates: ShippingRateInput[] };
/** A shop's whole shipping setting: no zone and no pickup is shipping included in prices. */
export type ShippingSettings = { zones: ShippingZoneInput[]; pickup: { address: string } | null };

export const MAX_SHIPPING_ZONES = 30;
export const MAX_ZONE_RATES = 10;
const MAX_AMOUNT_CENTS = 100_000_00;

/** An amount of 0 or more (number or decimal string), or the message when it is not one. */
function amountField(message: string, optional: boolean) {
  return z
    .union([z.string(), z.number()], { error: message })
    .nullish()
    .transform((raw, ctx): number | null => {
      const value = raw === null || raw === undefined ? "" : String(raw).trim();
      if (value === "") {
        if (optional) return null;
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      const cents = parseAmountToCents(typeof raw === "number" ? raw : value);
      if (cents === null || cents > MAX_AMOUNT_CENTS) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return cents;
    });
}

const optionalId = z.preprocess(
  (v) => (v === null || v === "" ? undefined : numberFromText(v)),
  z.number().int().positive().max(MAX_RECORD_ID).optional(),
);

const rateFields = {
  name: z.string({ error: "shipping.errors.rate_name" }).trim().min(1, "shipping.errors.rate_name").max(100),
  price: amountField("shipping.errors.price", false),
  free_from: amountField("shipping.errors.free_from", true).describe("Free from this order subtotal (null: never free)"),
  delivery: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => v ?? "")
    .describe('Delivery time as shoppers read it, e.g. "2-3 days"'),
};

function toRate(v: { id?: number; name: string; price: number | null; free_from: number | null; delivery: string }): ShippingRateInput {
  return { id: v.id ?? null, name: v.name, priceCents: v.price ?? 0, freeFromCents: v.free_from, delivery: v.delivery };
}

/** Country codes (any case) or names in English or French, each checked; the codes once each, upper-case. */
const countryList = z
  .array(z.string({ error: "shipping.errors.country_unknown" }).max(100), { error: "shipping.errors.countries" })
  .min(1, "shipping.errors.countries")
  .max(300)
  .transform((values, ctx) => {
    const codes: string[] = [];
    values.forEach((value, index) => {
      const code = resolveCountry(value);
      if (!code)
        ctx.addIssue({ code: "custom", path: [index], message: messageKey("shipping.errors.country_unknown", { country: value }) });
      else if (!codes.includes(code)) codes.push(code);
    });
    return codes;
  });

const zoneName = z.string({ error: "shipping.errors.zone_name" }).trim().min(1, "shipping.errors.zone_name").max(100);
const pickupAddress = z.string({ error: "shipping.errors.pickup_address" }).trim().min(5, "shipping.errors.pickup_address").max(300);

/** PUT /api/v1/customer/shop/shipping/: the whole setting. */
export const shippingSettingsSchema = z
  .object({
    zones: z
      .array(
        z.object({
          id: optionalId.describe("An existing zone's id, to keep it (absent: a new zone)"),
          name: zoneName,
          countries: countryList.describe("ISO 3166-1 alpha-2 codes (a country's English or French name is read as its code)"),
          rates: z
            .array(z.object({ id: optionalId.describe("An existing rate's id, to keep it (absent: a new rate)"), ...rateFields }))
            .min(1, "shipping.errors.rates")
            .max(MAX_ZONE_RATES),
        }),
      )
      .max(MAX_SHIPPING_ZONES)
      .describe("Empty: shipping is included in prices"),
    pickup: z.object({ address: pickupAddress }).nullish().describe("Local pickup (free, offered whatever the country), or null"),
  })
  .transform((v): ShippingSettings => ({
    zones: v.zones.map((zone) => ({ id: zone.id ?? null, name: zone.name, countries: zone.countries, rates: zone.rates.map(toRate) })),
    pickup: v.pickup ? { address: v.pickup.address } : null,
  }));

// The Shipping tab's forms: one per zone, rate and pickup (plain posts).

/** A zone's countries as typed in one field: codes or names, separated by commas. */
const typedCountries = z
  .string({ error: "shipping.errors.countries" })
  .transform((value) =>
    value
      .split(/[,;\n]/)
      .map((part) => part.trim())
      .filter(Boolean),
  )
  .pipe(countryList);

export const zoneFormSchema = z
  .object({ zone: optionalId, name: zoneName, countries: typedCountries })
  .transform((v) => ({ zoneId: v.zone ?? null, name: v.name, countries: v.countries }));
export type ZoneForm = z.output<typeof zoneFormSchema>;

/** A new zone comes with its first rate. */
export const newZoneFormSchema = z
  .object({
    name: zoneName,
    countries: typedCountries,
    rate_name: rateFields.name,
    price: rateFields.price,
    free_from: rateFields.free_from,
    delivery: rateFields.delivery,
  })
  .transform((v) => ({
    name: v.name,
    countries: v.countries,
    rate: toRate({ name: v.rate_name, price: v.price, free_from: v.free_from, delivery: v.delivery }),
  }));

export const rateFormSchema = z
  .object({ zone: z.coerce.number().int().positive().max(MAX_RECORD_ID), rate: optionalId, ...rateFields })
  .transform((v) => ({ zoneId: v.zone, rate: toRate({ ...v, id: v.rate }) }));
export type RateForm = z.output<typeof rateFormSchema>;

/**
 * The pickup's form: an empty address offers no pickup. The check is on the field itself, so
 * that its error shows beside it (Conform reads an empty field as absent: a union with "" never
 * matched it, and a check after the object's transform had no field to name).
 */
export const pickupFormSchema = z
  .object({
    address: z
      .string({ error: "shipping.errors.pickup_address" })
      .trim()
      .max(300)
      .optional()
      .refine((address) => !address || address.length >= 5, "shipping.errors.pickup_address"),
  })
  .transform((v) => (v.address ? { address: v.address } : null));

/** GET /api/v1/shop/shipping/: the country whose rates are asked for (a code, or a name in English or French). */
export const shippingRatesQuerySchema = z.object({
  country: z
    .string({ error: "checkout.errors.country_unknown" })
    .transform((value, ctx) => {
      const code = resolveCountry(value);
      if (!code) {
        ctx.addIssue({ code: "custom", message: messageKey("shipping.errors.country_unknown", { country: value }) });
        return z.NEVER;
      }
      return code;
    })
    .describe("ISO 3166-1 alpha-2 code"),
});
