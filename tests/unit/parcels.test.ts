import { describe, expect, it } from "vitest";
import { addressKey, joinParcel, openParcelFor } from "~/domain/orders/parcels.server";
import { trackingUrl } from "~/domain/orders/tracking.server";
import { shipmentSchema } from "~/schemas/fulfillment";
import { writeTransaction } from "~db/client";
import type { Order } from "~db/schema";
import { createOrderRow, createShop } from "./factories";

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
