import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ValidationError } from "~/domain/errors.server";
import { createLive } from "~/domain/lives/lives.server";
import { shipOrder } from "~/domain/orders/fulfillment.server";
import { addressKey, joinParcel, offeredParcel, openParcelFor } from "~/domain/orders/parcels.server";
import { sendOrderPaidMails } from "~/domain/orders/order-mails.server";
import { createOrder, getVisibleOrder, orderResource, updateUnpaidOrder } from "~/domain/orders/orders.server";
import { ordersCsv } from "~/domain/orders/orders-csv.server";
import { trackingUrl } from "~/domain/orders/tracking.server";
import type { OrderViewer } from "~/domain/orders/visibility.server";
import { saveShippingSettings } from "~/domain/shipping/shipping.server";
import { orderCreateSchema } from "~/schemas/checkout";
import { shipmentSchema } from "~/schemas/fulfillment";
import { getDatabase, writeTransaction } from "~db/client";
import { mailOutbox, orders, parcels, type Order } from "~db/schema";
import { CHECKOUT_DETAILS, CHECKOUT_FIELDS, createOrderRow, createProduct, createShop, TEST_SHOPPER } from "./factories";

// Issue 28: the parcel rule and the shipment's input, on each engine (unit and unit-pg).

const HOUR = 3_600_000;
let numbers = 0;

async function paidOrderAt(shopId: number, placedAt: Date, overrides: Partial<Order> = {}) {
  const order = await createOrderRow(shopId, { number: ++numbers, paymentStatus: "succeeded", createdAt: placedAt, ...overrides });
  return writeTransaction((tx) => joinParcel(tx, order));
}

describe("the parcel an order joins", () => {
  it("reads one address however it is typed", () => {
    const typed = { address: " 1  Rue X ", city: "PARIS", state: "", zipCode: "75 001", country: "fr" };
    expect(addressKey(typed)).toBe(addressKey({ address: "1 rue x", city: "Paris", state: "", zipCode: "75001", country: "FR" }));
    expect(addressKey(typed)).not.toBe(addressKey({ ...typed, address: "2 rue X" }));
  });

  it("counts the window from the parcel's first order, both ways, up to the shop's hours exactly", async () => {
    const shop = await createShop({ parcelWindowHours: 6 });
    const first = new Date("2026-11-20T10:00:00Z");
    const parcel = await paidOrderAt(shop.id, first);
    expect(await paidOrderAt(shop.id, new Date(first.getTime() + 6 * HOUR))).toBe(parcel);
    // An order placed before the first one but paid later joins too.
    expect(await paidOrderAt(shop.id, new Date(first.getTime() - 2 * HOUR))).toBe(parcel);
    // Counted from the first order, not the latest: a chain of orders does not keep it open forever.
    expect(await paidOrderAt(shop.id, new Date(first.getTime() + 6 * HOUR + 1))).not.toBe(parcel);
    // Another shop's orders of the same shopper never share it.
    const other = await createShop();
    expect(await paidOrderAt(other.id, first)).not.toBe(parcel);
  });

  it("answers the checkout's question (which open parcel would this order join) by the same rule, and none once shipped", async () => {
    const shop = await createShop();
    const placedAt = new Date("2026-11-21T10:00:00Z");
    const parcel = await paidOrderAt(shop.id, placedAt, { email: "bo@example.test" });
    const candidate = {
      shopId: shop.id,
      email: "BO@example.test",
      liveId: null,
      address: "1 rue X",
      city: "Paris",
      state: "",
      zipCode: "75001",
      country: "FR",
      placedAt: new Date(placedAt.getTime() + HOUR),
    };
    expect((await openParcelFor(candidate))?.id).toBe(parcel);
    expect(await openParcelFor({ ...candidate, zipCode: "75002" })).toBeNull();
    expect(await openParcelFor({ ...candidate, placedAt: new Date(placedAt.getTime() + 25 * HOUR) })).toBeNull();
  });
});

describe("a parcel's orders shipped one by one", () => {
  it("closes each parcel when its last two orders are shipped at once, as one after the other", async () => {
    const shop = await createShop();
    const placedAt = new Date("2026-11-22T10:00:00Z");
    // Eight shoppers' parcels of two orders each, all shipped at once (a race is likelier in one of eight).
    const parcelIds: number[] = [];
    for (let i = 0; i < 8; i++) {
      const email = `cy${i}@example.test`;
      parcelIds.push((await paidOrderAt(shop.id, placedAt, { email }))!);
      await paidOrderAt(shop.id, new Date(placedAt.getTime() + HOUR), { email });
    }
    const toShip = await getDatabase().select().from(orders).where(inArray(orders.parcelId, parcelIds));
    expect(toShip).toHaveLength(16);
    const shipment = shipmentSchema.parse({ carrier: "dhl", tracking_number: "JD0146000036" });
    await Promise.all(toShip.map((order) => shipOrder(order.id, shop.id, shipment, { userId: shop.ownerId })));
    // The first shipped leaves its parcel, the last closes it. Each saw the other still to ship
    // and left: an empty parcel stayed open.
    const closed = await getDatabase().select().from(parcels).where(inArray(parcels.id, parcelIds));
    expect(closed.filter((parcel) => parcel.shippedAt === null)).toEqual([]);
    const kept = await getDatabase().select().from(orders).where(inArray(orders.parcelId, parcelIds));
    expect(kept.map((order) => order.status)).toEqual(Array(8).fill("shipped"));
  });
});

describe("Add to my parcel: no second shipping fee", () => {
  const viewerOf = (shopperKeyHash: string, extra: Partial<OrderViewer> = {}): OrderViewer => ({
    shopperKeyHash,
    user: null,
    ownedShopId: null,
    ...extra,
  });

  /** A shop charging 4.90 for France, and a shopper ("k") whose first order of 20.00 is paid and in its parcel. */
  async function shopWithParcel() {
    const shop = await createShop();
    const saved = await saveShippingSettings(shop.id, {
      zones: [
        {
          id: null,
          name: "France",
          countries: ["FR"],
          rates: [{ id: null, name: "Colissimo", priceCents: 490, freeFromCents: null, delivery: "" }],
        },
      ],
      pickup: null,
    });
    const rateId = saved.zones[0]!.rates[0]!.id;
    const product = await createProduct(shop.id, { priceCents: 2000 });
    const first = await createOrder(
      shop,
      {
        ...CHECKOUT_DETAILS,
        totalAmountCents: 2000,
        shippingRateId: rateId,
        items: [{ productId: product.id, variantId: null, quantity: 1 }],
      },
      TEST_SHOPPER,
    );
    const parcelId = (await paid(first))!;
    return { shop, rateId, product, first, parcelId };
  }

  async function paid(order: Order) {
    await getDatabase().update(orders).set({ paymentStatus: "succeeded" }).where(eq(orders.id, order.id));
    return writeTransaction((tx) => joinParcel(tx, { ...order, paymentStatus: "succeeded" }));
  }

  const second = (shop: { id: number; currency: string }, productId: number, over: Record<string, unknown> = {}, shopper = TEST_SHOPPER) =>
    createOrder(
      shop,
      { ...CHECKOUT_DETAILS, totalAmountCents: 2000, addToParcel: true, items: [{ productId, variantId: null, quantity: 1 }], ...over },
      shopper,
    );

  async function refused(promise: Promise<unknown>) {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fieldErrors).toEqual({ shipping_rate: ["shipping.errors.parcel_unavailable"] });
  }

  it("takes a second order of the same shopper, email and address with no shipping, and it joins that parcel when paid", async () => {
    const { shop, product, parcelId } = await shopWithParcel();
    // The address as typed again: other case and spaces are the same address.
    const order = await second(shop, product.id, { email: "ADA@example.co", zipCode: "75 001", address: "1 Rue X" });
    expect([order.totalAmountCents, order.shippingAmountCents, order.shippingRateId, order.shippingMethod, order.shippingParcelId]).toEqual(
      [2000, 0, null, "Added to parcel", parcelId],
    );
    expect(orderResource(await getVisibleOrder(order.id, viewerOf("k")))).toMatchObject({
      total_amount: "20.00",
      subtotal_amount: "20.00",
      shipping_amount: "0.00",
      shipping_method: { id: null, name: "Added to parcel", parcel_id: parcelId },
      parcel_id: null,
    });
    expect(await paid(order)).toBe(parcelId);
  });

  it("is refused, nothing stored, for another address, a stranger who knows the email and address, a shop without shipping, no paid order, a shipped parcel", async () => {
    const { shop, product, parcelId } = await shopWithParcel();
    const before = await getDatabase().select({ id: orders.id }).from(orders);
    await refused(second(shop, product.id, { address: "2 rue X" }));
    await refused(second(shop, product.id, { email: "bob@example.co" }));
    // Knowing someone's email and address is not enough: the parcel must hold an order of this browser's.
    await refused(second(shop, product.id, {}, { ...TEST_SHOPPER, shopperKeyHash: "stranger" }));
    expect(await getDatabase().select({ id: orders.id }).from(orders)).toEqual(before);

    const free = await createShop();
    const freeProduct = await createProduct(free.id, { priceCents: 2000 });
    await paid(await second(free, freeProduct.id, { addToParcel: false }));
    // Nothing to save where shipping is in the prices (the order joins the parcel when paid all the same).
    await refused(second(free, freeProduct.id));

    // Only once an order of the parcel is paid; and no more once the parcel left.
    const unpaidShop = await shopWithParcel();
    await getDatabase().update(orders).set({ paymentStatus: "pending" }).where(eq(orders.id, unpaidShop.first.id));
    await refused(second(unpaidShop.shop, unpaidShop.product.id));
    await getDatabase().update(parcels).set({ shippedAt: new Date() }).where(eq(parcels.id, parcelId));
    await refused(second(shop, product.id));
  });

  it("asks the total of what is paid without shipping from the API, and a revised order may choose it or leave it", async () => {
    const { shop, product, rateId, parcelId } = await shopWithParcel();
    const api = orderCreateSchema(1000).parse({
      ...CHECKOUT_FIELDS,
      shipping_rate: "parcel",
      total_amount: "24.90",
      items: [{ product: product.id }],
    });
    const wrong = await createOrder(shop, api, TEST_SHOPPER).then(
      () => null,
      (e: unknown) => e as ValidationError,
    );
    expect(wrong?.fieldErrors).toEqual({ total_amount: ["purchase.errors.total_amount_mismatch?total=20.00"] });
    const placed = await createOrder(shop, { ...api, totalAmountCents: 2000 }, TEST_SHOPPER);
    expect(placed.shippingParcelId).toBe(parcelId);

    const withRate = await updateUnpaidOrder(placed.id, { ...CHECKOUT_DETAILS, totalAmountCents: 2000, shippingRateId: rateId });
    expect([withRate.totalAmountCents, withRate.shippingParcelId, withRate.shippingMethod]).toEqual([2490, null, "Colissimo"]);
    const back = await updateUnpaidOrder(placed.id, { ...CHECKOUT_DETAILS, totalAmountCents: 2000, addToParcel: true }, viewerOf("k"));
    expect([back.totalAmountCents, back.shippingAmountCents, back.shippingParcelId]).toEqual([2000, 0, parcelId]);
    await expect(
      updateUnpaidOrder(placed.id, { ...CHECKOUT_DETAILS, totalAmountCents: 2000, addToParcel: true }, viewerOf("stranger")),
    ).rejects.toThrow(ValidationError);
  });

  it("is offered on the shipping step only to the shopper who placed an order of the parcel (or proved its email), with its address", async () => {
    const { shop, parcelId } = await shopWithParcel();
    expect(await offeredParcel(shop, viewerOf("k"), null)).toEqual({
      parcelId,
      thisLive: false,
      email: "ada@example.co",
      address: "1 rue X",
      city: "Paris",
      zipCode: "75001",
      country: "FR",
    });
    expect(await offeredParcel(shop, viewerOf("stranger"), null)).toBeNull();
    expect(await offeredParcel(shop, { shopperKeyHash: null, user: null, ownedShopId: null }, null)).toBeNull();
    const proven = viewerOf("other-browser", { provenEmails: { shopId: shop.id, emails: ["ada@example.co"] } });
    expect((await offeredParcel(shop, proven, null))?.parcelId).toBe(parcelId);
    // Outside the shop's window (24 h from the parcel's first order) there is none to offer.
    expect(await offeredParcel(shop, viewerOf("k"), null, new Date(Date.now() + 25 * HOUR))).toBeNull();
    // A parcel of a live is offered on that live whatever the time (a bag filled there names it too).
    const live = await createLive(shop.id, { title: "Long live", platform: "tiktok", scheduledAt: null });
    await getDatabase().update(parcels).set({ liveId: live.id }).where(eq(parcels.id, parcelId));
    expect(await offeredParcel(shop, viewerOf("k"), live.id, new Date(Date.now() + 25 * HOUR))).toMatchObject({ parcelId, thisLive: true });
    await getDatabase().update(parcels).set({ shippedAt: new Date() }).where(eq(parcels.id, parcelId));
    expect(await offeredParcel(shop, viewerOf("k"), null)).toBeNull();
  });
});

describe("an order's shipping in its mails and the CSV export", () => {
  it("the paid mails show subtotal, shipping (method and amount) and total when the order has shipping; none without", async () => {
    const shop = await createShop();
    const saved = await saveShippingSettings(shop.id, {
      zones: [
        {
          id: null,
          name: "FR",
          countries: ["FR"],
          rates: [{ id: null, name: "Colissimo", priceCents: 490, freeFromCents: null, delivery: "" }],
        },
      ],
      pickup: null,
    });
    const product = await createProduct(shop.id, { priceCents: 2000 });
    const items = [{ productId: product.id, variantId: null, quantity: 1 }];
    const email = "mia.mail@example.test";
    const shipped = await createOrder(
      shop,
      { ...CHECKOUT_DETAILS, email, totalAmountCents: 2000, shippingRateId: saved.zones[0]!.rates[0]!.id, items },
      { ...TEST_SHOPPER, language: "fr" },
    );
    await sendOrderPaidMails(shipped.id);
    const [toShopper] = await getDatabase().select().from(mailOutbox).where(eq(mailOutbox.to, email));
    // French amounts have a no-break space before the euro sign.
    expect(toShopper!.text).toMatch(/Sous-total: 20,00\s€\nLivraison \(Colissimo\): 4,90\s€\nTotal: 24,90\s€/);

    const included = await createShop();
    const plain = await createProduct(included.id, { priceCents: 2000 });
    const other = "max.mail@example.test";
    const order = await createOrder(
      included,
      { ...CHECKOUT_DETAILS, email: other, totalAmountCents: 2000, items: [{ productId: plain.id, variantId: null, quantity: 1 }] },
      TEST_SHOPPER,
    );
    await sendOrderPaidMails(order.id);
    const [plainMail] = await getDatabase().select().from(mailOutbox).where(eq(mailOutbox.to, other));
    expect(plainMail!.text).toContain("1 × Product: €20.00\nTotal: €20.00");
    expect(plainMail!.text).not.toContain("Subtotal");
  });

  it("the export has subtotal, shipping amount and method, parcel, carrier and tracking number", async () => {
    const shop = await createShop();
    const parcelled = await createOrderRow(shop.id, {
      number: 1,
      paymentStatus: "succeeded",
      totalAmountCents: 2490,
      shippingAmountCents: 490,
      shippingMethod: "Colissimo",
      carrier: "la_poste",
      trackingNumber: "1A2345",
    });
    const parcelId = await writeTransaction((tx) => joinParcel(tx, parcelled));
    await createOrderRow(shop.id, { number: 2, paymentStatus: "succeeded", totalAmountCents: 1500 });
    const csv = await ordersCsv({ kind: "seller", shopId: shop.id }, { view: "all", search: undefined });
    const [header, ...rows] = csv.slice(1).trim().split("\r\n");
    const columns = header!.split(",").map((cell) => JSON.parse(cell) as string);
    const cells = (row: string) => Object.fromEntries(row.split(",").map((cell, i) => [columns[i], JSON.parse(cell) as string]));
    const shipping = ["subtotal_amount", "shipping_amount", "shipping_method", "parcel_id", "carrier", "tracking_number"];
    const pick = (row: Record<string, string>) => shipping.map((column) => row[column]);
    // Newest first: order 2 (shipping included in prices), then order 1.
    expect(rows.map((row) => pick(cells(row)))).toEqual([
      ["15.00", "0.00", "", "", "", ""],
      ["20.00", "4.90", "Colissimo", String(parcelId), "la_poste", "1A2345"],
    ]);
  });
});

describe("a shipment's input", () => {
  it("keeps a plain code: spaces dropped, upper case, 3 to 40 letters, digits and dashes", () => {
    expect(shipmentSchema.parse({ carrier: "dhl", tracking_number: " jd01 4600 0036 " })).toEqual({
      carrier: "dhl",
      trackingNumber: "JD0146000036",
    });
    for (const bad of ["<i>1</i>", "1Z", "-123", "12'3", "a".repeat(41), "１２３４"]) {
      expect(shipmentSchema.safeParse({ carrier: "dhl", tracking_number: bad }).success, bad).toBe(false);
    }
    expect(shipmentSchema.safeParse({ carrier: "DHL", tracking_number: "123" }).success).toBe(false);
  });

  it("builds the carrier's page with the number encoded, and none for Other", () => {
    expect(trackingUrl("ups", "1Z999AA10123456784")).toBe("https://www.ups.com/track?tracknum=1Z999AA10123456784");
    expect(trackingUrl("mondial_relay", "12345678", "75 001")).toBe(
      "https://www.mondialrelay.fr/suivi-de-colis/?numeroExpedition=12345678&codePostal=75001",
    );
    expect(trackingUrl("mondial_relay", "12345678")).toBe("https://www.mondialrelay.fr/suivi-de-colis/?numeroExpedition=12345678");
    expect(trackingUrl("other", "ABC123")).toBeNull();
  });
});
