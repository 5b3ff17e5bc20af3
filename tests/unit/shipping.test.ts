import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ValidationError } from "~/domain/errors.server";
import { createOrder, getVisibleOrder, orderResource, updateUnpaidOrder } from "~/domain/orders/orders.server";
import {
  applyShippingEdit,
  getShippingSettings,
  publicShippingRates,
  saveShippingSettings,
  shopShippingOffers,
} from "~/domain/shipping/shipping.server";
import { checkoutCountryOptions, countryName, resolveCountry } from "~/lib/countries";
import { offersForCountry, type ShippingOffer } from "~/lib/shipping";
import { checkoutSchema, orderCreateSchema } from "~/schemas/checkout";
import { newZoneFormSchema, pickupFormSchema, shippingSettingsSchema, type ShippingSettings } from "~/schemas/shipping";
import { getDatabase } from "~db/client";
import { orders, sellerProfiles, shippingRates, shippingZones, shops } from "~db/schema";
import { updateSellerProfile } from "~/domain/sellers/seller-profile.server";
import { CHECKOUT_DETAILS, CHECKOUT_FIELDS, createProduct, createShop, createUser, TEST_SHOPPER } from "./factories";

describe("countries", () => {
  it("reads a code in any case, or a name in English or French, as the upper-case code", () => {
    expect(resolveCountry("fr")).toBe("FR");
    expect(resolveCountry(" FR ")).toBe("FR");
    expect(resolveCountry("France")).toBe("FR");
    expect(resolveCountry("belgique")).toBe("BE");
    expect(resolveCountry("Germany")).toBe("DE");
    expect(resolveCountry("Allemagne")).toBe("DE");
    expect(resolveCountry("cote d'ivoire")).toBe("CI");
    expect(resolveCountry("ÉTATS-UNIS")).toBe("US");
  });

  it("knows no made-up code or misspelt name", () => {
    expect(resolveCountry("XX")).toBeNull();
    expect(resolveCountry("Frnace")).toBeNull();
    expect(resolveCountry("")).toBeNull();
  });

  it("names a code in the reader's language, and shows an older order's typed country as it is", () => {
    expect(countryName("DE", "fr")).toBe("Allemagne");
    expect(countryName("DE", "en")).toBe("Germany");
    expect(countryName("Frnace", "en")).toBe("Frnace");
  });

  it("lists every country for the checkout, the shop's own first, then by name in the shopper's language", () => {
    const options = checkoutCountryOptions("fr", "BE");
    expect(options).toHaveLength(249);
    expect(options[0]).toEqual(["BE", "Belgique"]);
    expect(options[1]).toEqual(["AF", "Afghanistan"]);
    expect(options.findIndex(([code]) => code === "DE")).toBeLessThan(options.findIndex(([code]) => code === "FR"));
  });

  it("takes the checkout's country as a code, as a name, and refuses an unknown one", () => {
    const fields = { ...CHECKOUT_FIELDS, reference: "R1", total_amount: "20" };
    expect(checkoutSchema(1000).parse({ ...fields, country: "france" }).country).toBe("FR");
    expect(orderCreateSchema(1000).parse({ ...fields, country: "Belgique" }).country).toBe("BE");
    const refused = checkoutSchema(1000).safeParse({ ...fields, country: "Frnace" });
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["country", "checkout.errors.country_unknown"],
    ]);
  });
});

describe("the shipping setting's input", () => {
  const rate = { name: "Colissimo", price: "4.90", free_from: "60", delivery: "2-3 days" };
  const errorsOf = (body: unknown) =>
    Object.fromEntries((shippingSettingsSchema.safeParse(body).error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

  it("reads zones, countries (codes or names) and rates into cents", () => {
    const parsed = shippingSettingsSchema.parse({
      zones: [{ name: "Europe", countries: ["fr", "Belgique", "FR"], rates: [rate, { name: "Relay", price: 3, free_from: null }] }],
      pickup: { address: "12 rue du Marché, Lyon" },
    });
    expect(parsed.zones[0]).toEqual({
      id: null,
      name: "Europe",
      countries: ["FR", "BE"],
      rates: [
        { id: null, name: "Colissimo", priceCents: 490, freeFromCents: 6000, delivery: "2-3 days" },
        { id: null, name: "Relay", priceCents: 300, freeFromCents: null, delivery: "" },
      ],
    });
    expect(parsed.pickup).toEqual({ address: "12 rue du Marché, Lyon" });
    expect(shippingSettingsSchema.parse({ zones: [], pickup: null })).toEqual({ zones: [], pickup: null });
  });

  it("refuses a negative price, a free-from below zero, an unknown country and a zone without rate", () => {
    expect(
      errorsOf({
        zones: [
          {
            name: "Europe",
            countries: ["FR", "XX"],
            rates: [
              { ...rate, price: "-1" },
              { ...rate, free_from: -5 },
            ],
          },
          { name: "Empty", countries: ["DE"], rates: [] },
        ],
      }),
    ).toEqual({
      "zones.0.countries.1": "shipping.errors.country_unknown?country=XX",
      "zones.0.rates.0.price": "shipping.errors.price",
      "zones.0.rates.1.free_from": "shipping.errors.free_from",
      "zones.1.rates": "shipping.errors.rates",
    });
  });
});

describe("the Shipping tab's forms", () => {
  it("read a zone's countries typed as codes or names, separated by commas", () => {
    const zone = newZoneFormSchema.parse({ name: "Alps", countries: "ch; Autriche,\nLiechtenstein", rate_name: "Post", price: "15" });
    expect(zone).toEqual({
      name: "Alps",
      countries: ["CH", "AT", "LI"],
      rate: { id: null, name: "Post", priceCents: 1500, freeFromCents: null, delivery: "" },
    });
    const refused = newZoneFormSchema.safeParse({ name: "Alps", countries: "CH, Narnia", rate_name: "Post", price: "-1" });
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([
      "shipping.errors.country_unknown?country=Narnia",
      "shipping.errors.price",
    ]);
  });

  it("take an empty pickup address as no pickup, and refuse a too short one", () => {
    expect(pickupFormSchema.parse({ address: "  " })).toBeNull();
    expect(pickupFormSchema.parse({ address: "3 place du Marché" })).toEqual({ address: "3 place du Marché" });
    expect(pickupFormSchema.safeParse({ address: "abc" }).error?.issues.map((issue) => issue.message)).toEqual([
      "shipping.errors.pickup_address",
    ]);
  });
});

const offer = (over: Partial<ShippingOffer> & Pick<ShippingOffer, "id">): ShippingOffer => ({
  name: `Rate ${over.id}`,
  priceCents: 500,
  freeFromCents: null,
  delivery: "",
  pickupAddress: null,
  countries: ["FR"],
  ...over,
});

describe("the rates offered for a country", () => {
  const offers = [
    offer({ id: 1, priceCents: 990 }),
    offer({ id: 2, priceCents: 490, freeFromCents: 5000 }),
    offer({ id: 3, priceCents: 1500, countries: ["BE", "DE"] }),
    offer({ id: 4, priceCents: 0, countries: null, pickupAddress: "Lyon" }),
  ];

  it("are the country's, cheapest first, the pickup after a delivery of the same price", () => {
    expect(offersForCountry(offers, "FR", 1000).map((o) => [o.id, o.costCents])).toEqual([
      [4, 0],
      [2, 490],
      [1, 990],
    ]);
    expect(offersForCountry(offers, "BE", 1000).map((o) => o.id)).toEqual([4, 3]);
    expect(offersForCountry(offers.slice(0, 3), "JP", 1000)).toEqual([]);
  });

  it("are free once the subtotal reaches their free-from, not a cent before", () => {
    const withoutPickup = offers.slice(0, 3);
    expect(offersForCountry(withoutPickup, "FR", 4999).map((o) => [o.id, o.costCents])).toEqual([
      [2, 490],
      [1, 990],
    ]);
    expect(offersForCountry(withoutPickup, "FR", 5000).map((o) => [o.id, o.costCents])).toEqual([
      [2, 0],
      [1, 990],
    ]);
  });
});

const EUROPE: ShippingSettings = {
  zones: [
    {
      id: null,
      name: "France",
      countries: ["FR"],
      rates: [
        { id: null, name: "Colissimo", priceCents: 490, freeFromCents: 5000, delivery: "2 days" },
        { id: null, name: "Express", priceCents: 1200, freeFromCents: null, delivery: "" },
      ],
    },
    {
      id: null,
      name: "Benelux",
      countries: ["BE", "LU"],
      rates: [{ id: null, name: "Europe", priceCents: 990, freeFromCents: null, delivery: "" }],
    },
  ],
  pickup: null,
};

async function shopWithRates(settings: ShippingSettings = EUROPE) {
  const shop = await createShop();
  const saved = await saveShippingSettings(shop.id, settings);
  const [row] = await getDatabase().select().from(shops).where(eq(shops.id, shop.id));
  const rate = (name: string) => saved.zones.flatMap((zone) => zone.rates).find((r) => r.name === name)!.id;
  return { shop: row!, saved, rate };
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
}

describe("saving the shipping setting", () => {
  it("stores zones and rates, and the shop charges shipping from then on", async () => {
    const { shop, saved } = await shopWithRates();
    expect(shop.chargesShipping).toBe(true);
    expect(saved.zones.map((zone) => [zone.name, zone.countries, zone.rates.map((r) => r.name)])).toEqual([
      ["France", ["FR"], ["Colissimo", "Express"]],
      ["Benelux", ["BE", "LU"], ["Europe"]],
    ]);
  });

  it("keeps the zones and rates sent with their id, deletes those left out, and empty is shipping included", async () => {
    const { shop, saved } = await shopWithRates();
    const [france] = saved.zones;
    const kept = await saveShippingSettings(shop.id, {
      zones: [{ ...france!, name: "Metropole", rates: [{ ...france!.rates[0]!, priceCents: 590 }] }],
      pickup: { address: "3 place du Marché" },
    });
    expect(kept.zones).toEqual([
      { id: france!.id, name: "Metropole", countries: ["FR"], rates: [{ ...france!.rates[0]!, priceCents: 590 }] },
    ]);
    expect(kept.pickup?.address).toBe("3 place du Marché");
    await saveShippingSettings(shop.id, { zones: [], pickup: null });
    const [row] = await getDatabase().select().from(shops).where(eq(shops.id, shop.id));
    expect(row!.chargesShipping).toBe(false);
    expect(await getDatabase().select().from(shippingRates).where(eq(shippingRates.shopId, shop.id))).toEqual([]);
  });

  it("refuses a zone or rate id of another shop, and changes nothing", async () => {
    const mine = await shopWithRates();
    const other = await shopWithRates();
    const theirs = other.saved.zones[0]!;
    const error = await refusal(saveShippingSettings(mine.shop.id, { zones: [{ ...theirs, name: "Stolen" }], pickup: null }));
    expect(error.fieldErrors).toEqual({
      "zones.0.id": ["shipping.errors.unknown_id"],
      "zones.0.rates.0.id": ["shipping.errors.unknown_id"],
      "zones.0.rates.1.id": ["shipping.errors.unknown_id"],
    });
    expect(await getShippingSettings(mine.shop.id)).toEqual(mine.saved);
    expect(await getShippingSettings(other.shop.id)).toEqual(other.saved);
  });

  it("changes one zone or rate at a time for the tab's forms, never leaving a zone without rate", async () => {
    const { saved } = await shopWithRates();
    const settings = { zones: saved.zones, pickup: null };
    const benelux = saved.zones[1]!;
    expect(() => applyShippingEdit(settings, { kind: "delete-rate", zoneId: benelux.id, rateId: benelux.rates[0]!.id })).toThrow(
      ValidationError,
    );
    expect(() => applyShippingEdit(settings, { kind: "delete-zone", zoneId: 999_999 })).toThrow(ValidationError);
    const edited = applyShippingEdit(settings, {
      kind: "save-rate",
      zoneId: benelux.id,
      rate: { id: null, name: "Relay", priceCents: 450, freeFromCents: null, delivery: "" },
    });
    expect(edited.zones[1]!.rates.map((rate) => rate.name)).toEqual(["Europe", "Relay"]);
  });
});

describe("an order's shipping", () => {
  const placing = async (shop: { id: number; currency: string }, over: Record<string, unknown>, quantity = 1) => {
    const product = await createProduct(shop.id, { priceCents: 2000 });
    return createOrder(
      shop,
      { ...CHECKOUT_DETAILS, totalAmountCents: 2000 * quantity, items: [{ productId: product.id, variantId: null, quantity }], ...over },
      TEST_SHOPPER,
    );
  };

  it("adds the rate chosen for the country to the subtotal, and the order says so", async () => {
    const { shop, rate } = await shopWithRates();
    const order = await placing(shop, { shippingRateId: rate("Express") });
    expect([order.totalAmountCents, order.shippingAmountCents, order.shippingMethod, order.shippingRateId]).toEqual([
      3200,
      1200,
      "Express",
      rate("Express"),
    ]);
    const resource = orderResource(await getVisibleOrder(order.id, { shopperKeyHash: "k", user: null, ownedShopId: null }));
    expect(resource).toMatchObject({
      total_amount: "32.00",
      subtotal_amount: "20.00",
      shipping_amount: "12.00",
      shipping_method: { id: rate("Express"), name: "Express" },
      country: "FR",
    });
  });

  it("is free once the subtotal reaches the rate's free-from", async () => {
    const { shop, rate } = await shopWithRates();
    const below = await placing(shop, { shippingRateId: rate("Colissimo") }, 2);
    const reached = await placing(shop, { shippingRateId: rate("Colissimo") }, 3);
    expect([below.totalAmountCents, below.shippingAmountCents]).toEqual([4490, 490]);
    expect([reached.totalAmountCents, reached.shippingAmountCents]).toEqual([6000, 0]);
  });

  it("checks an API total against the items plus shipping", async () => {
    const { shop, rate } = await shopWithRates();
    const wrong = await refusal(placing(shop, { shippingRateId: rate("Express"), amountStated: "total", totalAmountCents: 2000 }));
    expect(wrong.fieldErrors).toEqual({ total_amount: ["shipping.errors.total_mismatch?total=32.00"] });
    const right = await placing(shop, { shippingRateId: rate("Express"), amountStated: "total", totalAmountCents: 3200 });
    expect(right.totalAmountCents).toBe(3200);
  });

  it("takes shipping out of a live purchase's total given by the API", async () => {
    const { shop, rate } = await shopWithRates();
    const input = { ...CHECKOUT_DETAILS, reference: "LIVE-1", items: [], amountStated: "total" as const, shippingRateId: rate("Express") };
    const order = await createOrder(shop, { ...input, totalAmountCents: 3200 }, TEST_SHOPPER);
    expect([order.totalAmountCents, order.shippingAmountCents]).toEqual([3200, 1200]);
    const free = await createOrder(shop, { ...input, shippingRateId: rate("Colissimo"), totalAmountCents: 6000 }, TEST_SHOPPER);
    expect([free.totalAmountCents, free.shippingAmountCents]).toEqual([6000, 0]);
  });

  it("refuses a missing rate, a rate of another shop or for another country, and a country not shipped to, creating nothing", async () => {
    const { shop, rate } = await shopWithRates();
    const other = await shopWithRates();
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ shippingRateId: null }, { shipping_rate: ["shipping.errors.rate_required"] }],
      [{ shippingRateId: other.rate("Express") }, { shipping_rate: ["shipping.errors.rate_unknown"] }],
      [{ shippingRateId: rate("Europe") }, { shipping_rate: ["shipping.errors.rate_not_for_country"] }],
      [{ shippingRateId: rate("Express"), country: "JP" }, { country: ["shipping.errors.country_not_served?country=Japan"] }],
    ];
    for (const [over, fieldErrors] of cases) expect((await refusal(placing(shop, over))).fieldErrors).toEqual(fieldErrors);
    expect(await getDatabase().select().from(orders).where(eq(orders.shopId, shop.id))).toEqual([]);
  });

  it("keeps shipping included for a shop without zones, where a rate sent is unknown", async () => {
    const shop = await createShop();
    const order = await placing(shop, {});
    expect([order.totalAmountCents, order.shippingAmountCents, order.shippingMethod]).toEqual([2000, 0, null]);
    const { rate } = await shopWithRates();
    expect((await refusal(placing(shop, { shippingRateId: rate("Express") }))).fieldErrors).toEqual({
      shipping_rate: ["shipping.errors.rate_unknown"],
    });
  });

  it("offers the pickup whatever the country, by its name in the shopper's language", async () => {
    const { shop, saved } = await shopWithRates({ ...EUROPE, pickup: { address: "3 place du Marché, Lyon" } });
    const rates = await publicShippingRates(shop, "JP", "fr");
    expect(rates).toMatchObject({ country: "JP", ships_to: true });
    expect(rates.results).toEqual([
      {
        id: saved.pickup!.id,
        name: "Retrait sur place",
        price: "0.00",
        free_from: null,
        delivery: "",
        pickup: true,
        pickup_address: "3 place du Marché, Lyon",
      },
    ]);
    const order = await placing(shop, { shippingRateId: saved.pickup!.id, country: "JP" });
    expect([order.shippingAmountCents, order.shippingMethod]).toEqual([0, "Local pickup"]);
  });

  it("reads the rates in one order on both engines: the pickup (no zone) first, then each zone's in the seller's order", async () => {
    const { shop, saved } = await shopWithRates({ ...EUROPE, pickup: { address: "3 place du Marché, Lyon" } });
    const offers = await shopShippingOffers(shop, "en");
    expect(offers.map((o) => o.name)).toEqual(["Local pickup", "Colissimo", "Express", "Europe"]);
    expect(offers[0]!.id).toBe(saved.pickup!.id);
  });

  it("recomputes shipping when the shopper edits the order (another rate, another quantity)", async () => {
    const { shop, rate } = await shopWithRates();
    const order = await placing(shop, { shippingRateId: rate("Express") });
    const edited = await updateUnpaidOrder(order.id, {
      ...CHECKOUT_DETAILS,
      totalAmountCents: 6000,
      quantity: 3,
      shippingRateId: rate("Colissimo"),
    });
    expect([edited.totalAmountCents, edited.shippingAmountCents, edited.shippingMethod]).toEqual([6000, 0, "Colissimo"]);
  });
});

describe("deleting a rate", () => {
  it("leaves the orders placed with it their name and amount", async () => {
    const { shop, rate, saved } = await shopWithRates();
    const product = await createProduct(shop.id, { priceCents: 2000 });
    const order = await createOrder(
      shop,
      {
        ...CHECKOUT_DETAILS,
        totalAmountCents: 2000,
        items: [{ productId: product.id, variantId: null, quantity: 1 }],
        shippingRateId: rate("Europe"),
        country: "BE",
      },
      TEST_SHOPPER,
    );
    await saveShippingSettings(shop.id, { zones: [saved.zones[0]!], pickup: null });
    expect(await getDatabase().select().from(shippingZones).where(eq(shippingZones.shopId, shop.id))).toHaveLength(1);
    const [row] = await getDatabase().select().from(orders).where(eq(orders.id, order.id));
    expect([row!.shippingMethod, row!.shippingAmountCents]).toEqual(["Europe", 990]);
  });
});

describe("the shop's own country", () => {
  it("follows its seller's business country (the checkout lists it first)", async () => {
    const user = await createUser({ isSeller: true });
    await getDatabase().insert(sellerProfiles).values({ userId: user.id, businessName: "Ship Co", businessType: "company", country: "FR" });
    const shop = await createShop({ ownerId: user.id });
    expect(shop.country).toBe("FR");
    await updateSellerProfile(user.id, { country: "BE" });
    const [row] = await getDatabase().select({ country: shops.country }).from(shops).where(eq(shops.id, shop.id));
    expect(row).toEqual({ country: "BE" });
  });
});
