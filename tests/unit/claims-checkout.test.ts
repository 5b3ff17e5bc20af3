// A viewer's claim link and its checkout (issue 29), on both engines (unit, unit-pg): claims
// made through the one claim path, paid as one order of the live. Only Date is faked.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { placeClaimsOrder } from "~/domain/checkout/claims-checkout.server";
import { claimLinkView } from "~/domain/claims/claim-link.server";
import { claimFromComment, liveClaims, releaseClaim } from "~/domain/claims/claims.server";
import { ConflictError } from "~/domain/errors.server";
import { createLive } from "~/domain/lives/lives.server";
import { changeOrderStatus } from "~/domain/payments/order-status-change.server";
import { releaseUnitsOfExpiredHolds } from "~/domain/stock/stock.server";
import { getDatabase } from "~db/client";
import { claims, orders, products, stockHolds, type Shop } from "~db/schema";
import { CHECKOUT_DETAILS, createProduct, createShop, TEST_SHOPPER } from "./factories";
import { onlyVariant, productWithSizes, variantRow } from "./stock-fixtures";

let shop: Shop;
let live: { id: number; code: string };
let sweater: { product: { id: number }; variants: Record<string, number> };
let mugVariant: number;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2031-03-14T20:00:00Z"));
  shop = await createShop();
  live = await createLive(shop.id, { title: "Drop", platform: "tiktok", scheduledAt: null });
  sweater = await productWithSizes(shop.id, { S: 2, M: 1 });
  await getDatabase().update(products).set({ code: "A7" }).where(eq(products.id, sweater.product.id));
  const mug = await createProduct(shop.id, { name: "Mug", priceCents: 1500 });
  await getDatabase().update(products).set({ code: "B12" }).where(eq(products.id, mug.id));
  mugVariant = await onlyVariant(mug.id);
});
afterEach(() => vi.useRealTimers());

/** The handle's comment through the claim path; answers the token of their link. */
async function claim(handle: string, text: string): Promise<string> {
  const outcome = await claimFromComment({ shopId: shop.id, liveId: live.id, platform: "tiktok", author: { handle }, text });
  if (!outcome.claimed) throw new Error(`not claimed: ${outcome.reason}`);
  return outcome.claim.link.split("/c/")[1]!;
}

const checkOut = (token: string, totalAmountCents: number, shopperKeyHash = "viewer-key") =>
  placeClaimsOrder({
    shop,
    liveCode: live.code,
    token,
    input: { ...CHECKOUT_DETAILS, totalAmountCents },
    shopper: { ...TEST_SHOPPER, shopperKeyHash },
  });

describe("the claim link's checkout", () => {
  it("pays the handle's held claims as one order of the live: their holds become the order's, the claims name it", async () => {
    const token = await claim("lea", "SOLD A7 M");
    await claim("lea", "je prends B12 x2");
    await claim("paul", "SOLD A7 S");
    const { order } = await checkOut(token, 1000 + 2 * 1500);
    expect(order).toMatchObject({ liveId: live.id, liveReference: live.code, totalAmountCents: 4000 });
    expect(order.items.map((i) => [i.productName, i.variantName, i.quantity])).toEqual([
      ["Sweater", "M", 1],
      ["Mug", "", 2],
    ]);
    const own = await getDatabase().select().from(claims).where(eq(claims.orderId, order.id));
    expect(own).toHaveLength(2);
    // The M was the last one: the order holds it now, nobody else could take it in between.
    expect(await variantRow(sweater.variants.M!)).toMatchObject({ stock: 1, reserved: 1 });
    const holds = await getDatabase().select().from(stockHolds).where(eq(stockHolds.variantId, sweater.variants.M!)).orderBy(stockHolds.id);
    expect(holds.map((h) => [h.claimId !== null, h.orderId, h.state])).toEqual([
      [true, null, "released"],
      [false, order.id, "held"],
    ]);
    // The link shows them in their order; the claim path still counts them held; Paul's claim is his own.
    const view = await claimLinkView(shop.id, live.code, token);
    expect(view!.claims.map((c) => [c.status, c.order?.id])).toEqual([
      ["ordered", order.id],
      ["ordered", order.id],
    ]);
    expect((await liveClaims(shop.id, live.id)).map((c) => [c.handle, c.status])).toEqual([
      ["paul", "held"],
      ["lea", "held"],
      ["lea", "held"],
    ]);
    // Nothing is left to pay on the link: a second checkout is refused, nothing created.
    await expect(checkOut(token, 4000)).rejects.toMatchObject({ status: 409, messageKey: "claim_link.errors.nothing_to_pay" });
    expect(await getDatabase().select().from(orders).where(eq(orders.liveId, live.id))).toHaveLength(1);
  });

  it("takes the units of a hold the sweep released again while some are left", async () => {
    const token = await claim("omar", "SOLD A7 M");
    vi.setSystemTime(new Date("2031-03-14T20:11:00Z"));
    await releaseUnitsOfExpiredHolds(new Date());
    expect(await variantRow(sweater.variants.M!)).toMatchObject({ reserved: 0 });
    const view = await claimLinkView(shop.id, live.code, token);
    expect(view!.claims.map((c) => [c.status, c.available])).toEqual([["expired", true]]);
    const { order } = await checkOut(token, 1000);
    expect(await variantRow(sweater.variants.M!)).toMatchObject({ reserved: 1 });
    expect(order.reservedUntil).toEqual(new Date("2031-03-14T20:21:00Z"));
    expect((await liveClaims(shop.id, live.id))[0]).toMatchObject({ status: "held", held_until: "2031-03-14T20:21:00.000Z" });
  });

  it("two checkouts of one link at once make one order; the other is refused and no unit is taken twice", async () => {
    const token = await claim("lea", "SOLD A7 M");
    await claim("lea", "SOLD B12");
    const results = await Promise.allSettled([checkOut(token, 2500, "tab-1"), checkOut(token, 2500, "tab-2")]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected");
    expect(refused?.reason).toBeInstanceOf(ConflictError);
    expect(await getDatabase().select().from(orders).where(eq(orders.liveId, live.id))).toHaveLength(1);
    expect(await variantRow(sweater.variants.M!)).toMatchObject({ stock: 1, reserved: 1 });
    expect(await variantRow(mugVariant)).toMatchObject({ reserved: 0 });
  });

  it("a claim checked out is the order's: the seller cannot release it while the order waits for payment, only once it is cancelled", async () => {
    const token = await claim("lea", "SOLD A7 M");
    const { order } = await checkOut(token, 1000);
    const [claimed] = await liveClaims(shop.id, live.id);
    const release = () => releaseClaim({ shopId: shop.id, liveId: live.id, claimId: claimed!.id, actorUserId: shop.ownerId });
    await expect(release()).rejects.toMatchObject({ messageKey: "claims.errors.in_order" });
    await expect(release()).rejects.toBeInstanceOf(ConflictError);
    // The order still holds the unit: nobody else can take it meanwhile.
    expect(await variantRow(sweater.variants.M!)).toMatchObject({ stock: 1, reserved: 1 });
    await changeOrderStatus(order.id, "cancelled", { shopId: shop.id, userId: shop.ownerId });
    await release();
    expect((await liveClaims(shop.id, live.id))[0]).toMatchObject({ id: claimed!.id, status: "released" });
    expect(await variantRow(sweater.variants.M!)).toMatchObject({ stock: 1, reserved: 0 });
  });
});
