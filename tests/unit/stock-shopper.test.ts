import { statementsOf } from "../support/statements";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { hashToken } from "~/domain/accounts/tokens.server";
import { holdOrderForPayment, orderHoldState } from "~/domain/checkout/hold-state.server";
import { checkoutPurchase, purchaseItems } from "~/domain/checkout/purchase.server";
import { createOrder, getVisibleOrder, updateUnpaidOrder } from "~/domain/orders/orders.server";
import { OutOfStockError, productStock } from "~/domain/stock/holds.server";
import { shopperStocks } from "~/domain/stock/shopper-stock.server";
import { createLive, pinLiveProduct } from "~/domain/lives/lives.server";
import { pinnedStockAfter, pinnedStockFeed, readPinnedStock, resetPinnedStockReads } from "~/domain/stock/live-stock.server";
import { releaseUnitsOfExpiredHolds } from "~/domain/stock/stock.server";
import { joinWaitlist } from "~/domain/stock/waitlist.server";
import { sendOrderPaidMails } from "~/domain/orders/order-mails.server";
import { orderView } from "~/domain/orders/order-view.server";
import { getDatabase } from "~db/client";
import { mailOutbox, orders, productVariants, products, waitlistEntries, type Shop } from "~db/schema";
import { CHECKOUT_FIELDS, createProduct, createShop, CHECKOUT_DETAILS, TEST_SHOPPER } from "./factories";

/** Issue 27: what the shop's pages tell a shopper of stock, and the checkout's rules around holds. */
const details = CHECKOUT_DETAILS;
const shopper = TEST_SHOPPER;
const viewer = { shopperKeyHash: "k", user: null, ownedShopId: null };

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A sweater in S (sold out), M (2 left, its own price 30.00) and L (10, the product's 25.00). */
async function sweater(shop: Shop, sizes = { S: 0, M: 2, L: 10 } as Record<string, number | null>) {
  const [product] = await getDatabase()
    .insert(products)
    .values({ shopId: shop.id, name: "Sweater", priceCents: 2500, options: [{ name: "Size", values: Object.keys(sizes) }] })
    .returning();
  const ids: Record<string, number> = {};
  let position = 0;
  for (const [size, stock] of Object.entries(sizes)) {
    const [variant] = await getDatabase()
      .insert(productVariants)
      .values({
        productId: product!.id,
        shopId: shop.id,
        options: { Size: size },
        optionKey: `size=${size.toLowerCase()}`,
        position: position++,
        stock,
        priceCents: size === "M" ? 3000 : null,
      })
      .returning();
    ids[size] = variant!.id;
  }
  return { id: product!.id, variants: ids };
}

const order = (shop: Shop, productId: number, quantity: number, unitCents: number, variantId: number | null = null) =>
  createOrder(shop, { ...details, totalAmountCents: unitCents * quantity, items: [{ productId, variantId, quantity }] }, shopper);

describe("what the catalogue shows of stock", () => {
  it("labels each product (nothing, Only N left, Sold out) with its price range, in one pass of queries", async () => {
    const shop = await createShop();
    const plain = await createProduct(shop.id, { priceCents: 1500 });
    const few = await createProduct(shop.id, { stock: 3 });
    const none = await createProduct(shop.id, { stock: 0 });
    const off = await createProduct(shop.id, { stock: 4, isInStock: false });
    const many = await createProduct(shop.id, { stock: 40 });
    const withSizes = await sweater(shop);
    const items = await getDatabase().select().from(products).where(eq(products.shopId, shop.id));
    const { result: stock, statements } = await statementsOf(() => shopperStocks(items));
    // The variants of every product at once, then the holds past their end (none here to look for).
    expect(statements).toBeLessThanOrEqual(2);
    expect(stock.get(plain.id)).toEqual({ label: null, hasOptions: false, priceMinCents: 1500, priceMaxCents: 1500, waitlist: false });
    expect(stock.get(few.id)).toMatchObject({ label: { kind: "low", left: 3 }, waitlist: false });
    expect(stock.get(none.id)).toMatchObject({ label: { kind: "sold_out" }, waitlist: true });
    // Switched off by the seller: sold out, but nothing will come back by itself.
    expect(stock.get(off.id)).toMatchObject({ label: { kind: "sold_out" }, waitlist: false });
    expect(stock.get(many.id)).toMatchObject({ label: null, waitlist: false });
    expect(stock.get(withSizes.id)).toEqual({ label: null, hasOptions: true, priceMinCents: 2500, priceMaxCents: 3000, waitlist: false });
  });

  it("follows the shop's threshold and the units held by orders", async () => {
    const shop = await createShop({ lowStockThreshold: 2 });
    const product = await createProduct(shop.id, { stock: 4 });
    const label = async () => (await shopperStocks([product])).get(product.id)!.label;
    expect(await label()).toBeNull();
    await order(shop, product.id, 2, 1000);
    expect(await label()).toEqual({ kind: "low", left: 2 });
    await order(shop, product.id, 2, 1000);
    expect(await label()).toEqual({ kind: "sold_out" });
  });
});

describe("the checkout's purchase of a product with options", () => {
  it("a variant by id or by the values picked: its name, price and stock; nothing picked asks to choose", async () => {
    const shop = await createShop();
    const product = await sweater(shop);
    const byId = await checkoutPurchase(shop.id, 1000, { productId: String(product.id), variant: String(product.variants.M) }, null);
    expect(byId).toMatchObject({
      kind: "catalogue",
      product: { name: "Sweater", priceCents: 3000, variant: { id: product.variants.M, name: "M" }, label: { kind: "low", left: 2 } },
      choice: { picked: ["M"], priceMinCents: 2500, priceMaxCents: 3000 },
      blocked: null,
      waitlist: [{ id: product.variants.S, name: "S" }],
    });
    expect(purchaseItems(byId, 2)).toEqual([{ productId: product.id, variantId: product.variants.M, quantity: 2 }]);
    const picked = await checkoutPurchase(shop.id, 1000, { productId: String(product.id), picks: ["L", null, null] }, null);
    expect(picked).toMatchObject({ product: { priceCents: 2500, variant: { name: "L" }, label: null }, blocked: null });
    const none = await checkoutPurchase(shop.id, 1000, { productId: String(product.id) }, null);
    expect(none).toMatchObject({ product: { priceCents: 2500, variant: null }, choice: { picked: [null] }, blocked: "choose" });
    // A value the product does not have, or another product's variant, picks nothing.
    const other = await sweater(shop);
    for (const link of [{ picks: ["XXL"] }, { variant: String(other.variants.M) }, { variant: "0x1" }]) {
      expect(await checkoutPurchase(shop.id, 1000, { productId: String(product.id), ...link }, null)).toMatchObject({ blocked: "choose" });
    }
  });

  it("a sold-out variant or product is blocked for the waitlist, unless the link carries its live offer", async () => {
    const shop = await createShop();
    const product = await sweater(shop);
    const soldOut = await checkoutPurchase(shop.id, 1000, { productId: String(product.id), picks: ["S"] }, null);
    expect(soldOut).toMatchObject({ product: { variant: { name: "S" }, label: { kind: "sold_out" } }, blocked: "sold_out" });
    const plain = await createProduct(shop.id, { stock: 0 });
    expect(await checkoutPurchase(shop.id, 1000, { productId: String(plain.id) }, null)).toMatchObject({
      blocked: "sold_out",
      choice: null,
    });
    // An offer made to a shopper waiting: its link may buy the unit held for it.
    const { entry } = await joinWaitlist({
      shopId: shop.id,
      productId: plain.id,
      variantId: null,
      email: "w@example.test",
      language: "en",
    });
    const expiresAt = new Date(Date.now() + 5 * 60_000);
    await getDatabase()
      .update(waitlistEntries)
      .set({ state: "offered", offerTokenHash: hashToken("offer-token"), offerExpiresAt: expiresAt })
      .where(eq(waitlistEntries.id, entry.id));
    const offered = await checkoutPurchase(shop.id, 1000, { productId: String(plain.id), offer: "offer-token" }, null);
    expect(offered).toMatchObject({ blocked: null, quantity: 1, offer: { token: "offer-token", expiresAt: expiresAt.toISOString() } });
    const wrong = await checkoutPurchase(shop.id, 1000, { productId: String(plain.id), offer: "another-token" }, null);
    expect(wrong).toMatchObject({ blocked: "sold_out", offer: null });
  });
});

describe("holds on the checkout's steps", () => {
  it("a new quantity on the way back moves the order's held units, or is refused with nothing changed", async () => {
    const shop = await createShop();
    const product = await createProduct(shop.id, { stock: 4 });
    const variantId = (await productStock(getDatabase(), [product.id], new Date())).get(product.id)!.variants[0]!.id;
    const reserved = async () => (await getDatabase().select().from(productVariants).where(eq(productVariants.id, variantId)))[0]!.reserved;
    const mine = await order(shop, product.id, 1, 1000);
    await order(shop, product.id, 1, 1000);
    await updateUnpaidOrder(mine.id, { ...details, totalAmountCents: 3000, quantity: 3 });
    expect(await reserved()).toBe(4);
    const refused = await updateUnpaidOrder(mine.id, { ...details, totalAmountCents: 4000, quantity: 4 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(OutOfStockError);
    // What is left counts the order's own units: it may go up to 3.
    expect((refused as OutOfStockError).fieldErrors).toEqual({ "items.0.quantity": ["stock.errors.only_left?count=3"] });
    expect((await getVisibleOrder(mine.id, viewer)).items[0]!.quantity).toBe(3);
    expect(await reserved()).toBe(4);
    await updateUnpaidOrder(mine.id, { ...details, totalAmountCents: 1000, quantity: 1 });
    expect(await reserved()).toBe(2);
  });

  it("the payment step: held until its end, then taken again if units are left, else sold out and never charged", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const shop = await createShop();
    const product = await createProduct(shop.id, { stock: 1 });
    const mine = await order(shop, product.id, 1, 1000);
    const state = async () => orderHoldState(await getVisibleOrder(mine.id, viewer));
    expect(await state()).toEqual({ until: mine.reservedUntil!.toISOString(), state: "held" });
    vi.setSystemTime(Date.now() + 11 * 60_000);
    // Past its end, nothing released it yet: paying simply extends it.
    expect((await state())!.state).toBe("lapsed");
    await releaseUnitsOfExpiredHolds(new Date());
    expect((await state())!.state).toBe("lapsed");
    // Someone else buys the unit meanwhile.
    await order(shop, product.id, 1, 1000);
    expect((await state())!.state).toBe("sold_out");
    await expect(holdOrderForPayment(await getVisibleOrder(mine.id, viewer))).rejects.toBeInstanceOf(OutOfStockError);
    // Units back: the payment takes them again, for a new hold time.
    vi.setSystemTime(Date.now() + 11 * 60_000);
    await holdOrderForPayment(await getVisibleOrder(mine.id, viewer));
    const again = await state();
    expect(again!.state).toBe("held");
    expect(Date.parse(again!.until)).toBeGreaterThan(Date.now());
    // Nothing counted: nothing to say.
    const untracked = await createProduct(shop.id);
    expect(await orderHoldState(await getVisibleOrder((await order(shop, untracked.id, 1, 1000)).id, viewer))).toBeNull();
  });
});

describe("the card step's look at the units (issue 31: statements per checkout)", () => {
  it("sends nothing for a running hold, one read for an order that held nothing, and takes the units the seller started counting since", async () => {
    const shop = await createShop();
    const running = await getVisibleOrder((await order(shop, (await createProduct(shop.id, { stock: 2 })).id, 1, 1000)).id, viewer);
    expect((await statementsOf(() => holdOrderForPayment(running))).statements).toBe(0);
    const product = await createProduct(shop.id);
    const uncounted = await getVisibleOrder((await order(shop, product.id, 1, 1000)).id, viewer);
    expect(uncounted.reservedUntil).toBeNull();
    expect((await statementsOf(() => holdOrderForPayment(uncounted))).statements).toBe(1);
    // The seller counts the product's stock since, and none is left: the card is never charged.
    await getDatabase().update(productVariants).set({ stock: 0 }).where(eq(productVariants.productId, product.id));
    await expect(holdOrderForPayment(uncounted)).rejects.toBeInstanceOf(OutOfStockError);
    // With a unit left it is taken for the order.
    await getDatabase().update(productVariants).set({ stock: 1 }).where(eq(productVariants.productId, product.id));
    await holdOrderForPayment(uncounted);
    expect((await getVisibleOrder(uncounted.id, viewer)).reservedUntil).not.toBeNull();
  });
});

describe("orders name the variant bought", () => {
  it("on the order screens and in the paid-order mails: the product and its variant", async () => {
    const shop = await createShop();
    const product = await sweater(shop);
    const placed = await order(shop, product.id, 1, 3000, product.variants.M);
    const plain = await createProduct(shop.id, { name: "Mug" });
    const mug = await order(shop, plain.id, 1, 1000);
    expect(orderView(await getVisibleOrder(placed.id, viewer)).items).toEqual([
      expect.objectContaining({ name: "Sweater", variantName: "M", quantity: 1, priceCents: 3000 }),
    ]);
    expect(orderView(await getVisibleOrder(mug.id, viewer)).items[0]).toMatchObject({ name: "Mug", variantName: "" });
    await getDatabase().update(orders).set({ paymentStatus: "succeeded", paidAt: new Date() }).where(eq(orders.id, placed.id));
    await sendOrderPaidMails(placed.id);
    const [mail] = await getDatabase().select().from(mailOutbox).where(eq(mailOutbox.to, CHECKOUT_FIELDS.email));
    expect(mail!.text).toContain("1 × Sweater (M)");
  });
});

describe("the pinned product's stock on a live's stream", () => {
  async function pinnedLive(stock: number) {
    const shop = await createShop();
    const product = await createProduct(shop.id, { stock });
    const live = await createLive(shop.id, { title: "Drop", platform: "tiktok", scheduledAt: null });
    await pinLiveProduct(shop.id, live.id, product.id);
    resetPinnedStockReads();
    return { shop, product, live };
  }

  it("reads once for the events delivered together, again for a later one, and in order", async () => {
    const { shop, product, live } = await pinnedLive(3);
    const first = pinnedStockAfter(live.id, 10);
    // The rest of the same batch of events: the read has not started, they share it.
    expect(pinnedStockAfter(live.id, 11)).toBe(first);
    expect(pinnedStockAfter(live.id, 12)).toBe(first);
    expect(await first).toEqual({ product: product.id, label: { kind: "low", left: 3 }, waitlist: false });
    // An event it covered already: the same answer; a new one: a new read, after the units moved.
    expect(pinnedStockAfter(live.id, 12)).toBe(first);
    await order(shop, product.id, 3, 1000);
    const later = pinnedStockAfter(live.id, 13);
    expect(later).not.toBe(first);
    expect(await later).toEqual({ product: product.id, label: { kind: "sold_out" }, waitlist: true });
    // A viewer connecting a moment later gets that same read.
    expect(pinnedStockAfter(live.id, "connect")).toBe(later);
  });

  it("a viewer's feed sends the stock on connecting, then only what changed", async () => {
    const { shop, product, live } = await pinnedLive(10);
    const sent: string[] = [];
    const errors: unknown[] = [];
    const onEvent = pinnedStockFeed(
      live.id,
      (json) => sent.push(json),
      (error) => errors.push(error),
    );
    await pinnedStockAfter(live.id, "connect");
    expect(sent.map((json) => JSON.parse(json) as unknown)).toEqual([{ product: product.id, label: null, waitlist: false }]);
    // A hold that changes nothing the page shows (10 -> 9 left): nothing sent.
    await order(shop, product.id, 1, 1000);
    onEvent(1);
    await pinnedStockAfter(live.id, 1);
    expect(sent).toHaveLength(1);
    await order(shop, product.id, 5, 1000);
    onEvent(2);
    await pinnedStockAfter(live.id, 2);
    expect(JSON.parse(sent[1]!)).toEqual({ product: product.id, label: { kind: "low", left: 4 }, waitlist: false });
    expect(errors).toEqual([]);
    // Nothing pinned any more: null.
    await pinLiveProduct(shop.id, live.id, null);
    expect(await readPinnedStock(live.id)).toBeNull();
  });
});
