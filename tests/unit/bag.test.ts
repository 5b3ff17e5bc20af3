import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  addToBag,
  bagOrderLines,
  bagStockError,
  BAG_KEPT_DAYS,
  changeBagLine,
  confirmBagPrices,
  MAX_BAG_LINES,
  removeBagLine,
  shopperBag,
  sweepExpiredBags,
  type BagOwner,
} from "~/domain/bag/bag.server";
import { placeBagOrder } from "~/domain/checkout/place-order.server";
import { createLive } from "~/domain/lives/lives.server";
import { sweepExpiredRecords } from "~/domain/accounts/housekeeping.server";
import { NotFoundError, ValidationError } from "~/domain/errors.server";
import { OutOfStockError } from "~/domain/stock/holds.server";
import { getDatabase } from "~db/client";
import { bagLines, bags, orders, productVariants, products } from "~db/schema";
import { CHECKOUT_DETAILS, createProduct, createShop } from "./factories";
import { onlyVariant, productWithSizes } from "./stock-fixtures";

/** Issue 28: the shopper's bag, on the server, per shop and browser. */
let keys = 0;
const ownerIn = (shopId: number): BagOwner => ({ shopId, shopperKeyHash: `bag-shopper-${++keys}` });
const db = () => getDatabase();
const linesStored = async () => (await db().select().from(bagLines)).length;
const DAY_MS = 24 * 60 * 60 * 1000;

describe("adding to the bag", () => {
  it("merges the same variant into one line, and keeps other variants apart", async () => {
    const shop = await createShop();
    const { product, variants } = await productWithSizes(shop.id, { S: 10, M: 10 });
    const owner = ownerIn(shop.id);
    await addToBag(owner, { productId: product.id, variantId: variants.S!, quantity: 1 });
    expect(await addToBag(owner, { productId: product.id, variantId: variants.S!, quantity: 2 })).toEqual({ count: 3 });
    expect(await addToBag(owner, { productId: product.id, variantId: variants.M!, quantity: 1 })).toEqual({ count: 4 });
    const bag = await shopperBag(owner);
    expect(bag.lines.map((l) => [l.variantName, l.quantity])).toEqual([
      ["S", 3],
      ["M", 1],
    ]);
    expect(bag).toMatchObject({ count: 4, subtotalCents: 4000, ready: true, priceChanged: false });
  });

  it("caps a line at 99 and a bag at 50 lines (400, nothing stored)", async () => {
    const shop = await createShop();
    const product = await createProduct(shop.id);
    const owner = ownerIn(shop.id);
    await addToBag(owner, { productId: product.id, quantity: 98 });
    const over = await addToBag(owner, { productId: product.id, quantity: 2 }).catch((e: unknown) => e);
    expect(over).toBeInstanceOf(ValidationError);
    expect((over as ValidationError).messageKey).toBe("bag.errors.quantity?max=99");
    await expect(changeBagLine(owner, (await shopperBag(owner)).lines[0]!.id, 100)).rejects.toBeInstanceOf(ValidationError);
    expect((await shopperBag(owner)).count).toBe(98);

    const many = await Promise.all(Array.from({ length: MAX_BAG_LINES }, (_, i) => createProduct(shop.id, { name: `P${i}` })));
    const full = ownerIn(shop.id);
    for (const p of many) await addToBag(full, { productId: p.id, quantity: 1 });
    const before = await linesStored();
    const refused = await addToBag(full, { productId: product.id, quantity: 1 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).messageKey).toBe("bag.errors.full?max=50");
    expect(await linesStored()).toBe(before);
    // The same variant again still merges into its line.
    await addToBag(full, { productId: many[0]!.id, quantity: 1 });
    expect((await shopperBag(full)).lines).toHaveLength(MAX_BAG_LINES);
  });

  it("refuses more units than are left, naming the line (409), nothing stored", async () => {
    const shop = await createShop();
    const { product, variants } = await productWithSizes(shop.id, { S: 2, M: 0 });
    const owner = ownerIn(shop.id);
    await addToBag(owner, { productId: product.id, variantId: variants.S!, quantity: 1 });
    const short = await addToBag(owner, { productId: product.id, variantId: variants.S!, quantity: 2 }).catch((e: unknown) => e);
    expect(short).toBeInstanceOf(OutOfStockError);
    expect((short as OutOfStockError).messageKey).toBe("bag.errors.line_only_left?name=Sweater+%28S%29&count=2");
    const soldOut = await addToBag(owner, { productId: product.id, variantId: variants.M!, quantity: 1 }).catch((e: unknown) => e);
    expect((soldOut as OutOfStockError).messageKey).toBe("bag.errors.line_sold_out?name=Sweater+%28M%29");
    expect((await shopperBag(owner)).lines.map((l) => l.quantity)).toEqual([1]);
    await expect(changeBagLine(owner, (await shopperBag(owner)).lines[0]!.id, 3)).rejects.toBeInstanceOf(OutOfStockError);
  });

  it("refuses another shop's product, a product with options without its variant, a switched-off product", async () => {
    const shop = await createShop();
    const other = await createShop();
    const theirs = await createProduct(other.id);
    const { product } = await productWithSizes(shop.id, { S: 1 });
    const off = await createProduct(shop.id, { isInStock: false });
    const owner = ownerIn(shop.id);
    await expect(addToBag(owner, { productId: theirs.id, quantity: 1 })).rejects.toMatchObject({
      status: 400,
      messageKey: "checkout.errors.product_not_found",
      fieldErrors: { product: ["checkout.errors.product_not_found"] },
    });
    await expect(addToBag(owner, { productId: product.id, quantity: 1 })).rejects.toMatchObject({
      status: 400,
      fieldErrors: { variant: ["stock.errors.variant_required"] },
    });
    await expect(addToBag(owner, { productId: off.id, quantity: 1 })).rejects.toMatchObject({ status: 409 });
    expect(await db().select().from(bags).where(eq(bags.shopperKeyHash, owner.shopperKeyHash))).toEqual([]);
  });
});

describe("whose bag", () => {
  it("another shopper never sees nor changes your bag, nor does the same browser in another shop", async () => {
    const shop = await createShop();
    const product = await createProduct(shop.id);
    const mine = ownerIn(shop.id);
    await addToBag(mine, { productId: product.id, quantity: 2 });
    const lineId = (await shopperBag(mine)).lines[0]!.id;
    const stranger = ownerIn(shop.id);
    expect((await shopperBag(stranger)).lines).toEqual([]);
    await expect(changeBagLine(stranger, lineId, 5)).rejects.toBeInstanceOf(NotFoundError);
    await expect(removeBagLine(stranger, lineId)).rejects.toBeInstanceOf(NotFoundError);
    const elsewhere = { ...mine, shopId: (await createShop()).id };
    expect((await shopperBag(elsewhere)).lines).toEqual([]);
    await expect(removeBagLine(elsewhere, lineId)).rejects.toBeInstanceOf(NotFoundError);
    expect((await shopperBag(mine)).count).toBe(2);
  });
});

describe("before paying", () => {
  it("shows a price that changed since, and orders nothing until the shopper confirms it", async () => {
    const shop = await createShop();
    const product = await createProduct(shop.id, { priceCents: 1000 });
    const owner = ownerIn(shop.id);
    await addToBag(owner, { productId: product.id, quantity: 2 });
    await db().update(products).set({ priceCents: 1200 }).where(eq(products.id, product.id));
    const changed = await shopperBag(owner);
    expect(changed.lines[0]).toMatchObject({ priceCents: 1000, currentPriceCents: 1200 });
    expect(changed).toMatchObject({ priceChanged: true, ready: false, subtotalCents: 2000 });
    await expect(bagOrderLines(owner)).rejects.toMatchObject({ messageKey: "bag.errors.review" });
    // Adding more of it keeps the price agreed: the change is still the shopper's to confirm.
    await addToBag(owner, { productId: product.id, quantity: 1 });
    expect((await shopperBag(owner)).lines[0]).toMatchObject({ quantity: 3, priceCents: 1000 });
    await confirmBagPrices(owner);
    expect(await shopperBag(owner)).toMatchObject({ priceChanged: false, ready: true, subtotalCents: 3600 });
  });

  it("flags lines sold out, short or gone since they were added", async () => {
    const shop = await createShop();
    const { product, variants } = await productWithSizes(shop.id, { S: 3, M: 1 });
    const gone = await createProduct(shop.id, { name: "Gone" });
    const owner = ownerIn(shop.id);
    await addToBag(owner, { productId: product.id, variantId: variants.S!, quantity: 3 });
    await addToBag(owner, { productId: product.id, variantId: variants.M!, quantity: 1 });
    await addToBag(owner, { productId: gone.id, quantity: 1 });
    await db().update(productVariants).set({ stock: 1 }).where(eq(productVariants.id, variants.S!));
    await db().update(productVariants).set({ stock: 0 }).where(eq(productVariants.id, variants.M!));
    await db().update(products).set({ archivedAt: new Date() }).where(eq(products.id, gone.id));
    const bag = await shopperBag(owner);
    expect(bag.lines.map((l) => l.problem)).toEqual([{ kind: "not_enough", left: 1 }, { kind: "sold_out" }, { kind: "unavailable" }]);
    expect(bag.ready).toBe(false);
  });
});

describe("checking the bag out", () => {
  const shopper = (owner: BagOwner) => ({ shopperKeyHash: owner.shopperKeyHash, userId: null, language: "en" as const });

  it("orders every line in one order, holds all their units, and empties the bag", async () => {
    const shop = await createShop();
    const { product, variants } = await productWithSizes(shop.id, { S: 5 });
    const mug = await createProduct(shop.id, { name: "Mug", priceCents: 1500, stock: 4 });
    const owner = ownerIn(shop.id);
    await addToBag(owner, { productId: product.id, variantId: variants.S!, quantity: 2 });
    await addToBag(owner, { productId: mug.id, quantity: 3 });
    const placed = await placeBagOrder({ shop, input: { ...CHECKOUT_DETAILS, totalAmountCents: 6500 }, shopper: shopper(owner) });
    expect(placed.bagCount).toBe(0);
    expect(placed.order.items.map((i) => [i.productName, i.variantName, i.quantity, i.priceCents])).toEqual([
      ["Sweater", "S", 2, 1000],
      ["Mug", "", 3, 1500],
    ]);
    expect(placed.order.reservedUntil).toBeInstanceOf(Date);
    const reserved = async (id: number) => (await db().select().from(productVariants).where(eq(productVariants.id, id)))[0]?.reserved;
    expect(await reserved(variants.S!)).toBe(2);
    expect(await reserved(await onlyVariant(mug.id))).toBe(3);
    expect((await shopperBag(owner)).lines).toEqual([]);
  });

  it("makes one order of one bag checked out twice at once (two tabs, a double submit); the other is refused", async () => {
    const shop = await createShop();
    const mug = await createProduct(shop.id, { name: "Mug", priceCents: 1500, stock: 10 });
    const owner = ownerIn(shop.id);
    await addToBag(owner, { productId: mug.id, quantity: 2 });
    const checkOut = () => placeBagOrder({ shop, input: { ...CHECKOUT_DETAILS, totalAmountCents: 3000 }, shopper: shopper(owner) });
    const results = await Promise.allSettled([checkOut(), checkOut()]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    expect(results.find((r) => r.status === "rejected")?.reason).toMatchObject({ messageKey: "bag.errors.empty" });
    expect(await db().select().from(orders).where(eq(orders.shopId, shop.id))).toHaveLength(1);
    expect((await db().select().from(productVariants).where(eq(productVariants.productId, mug.id)))[0]?.reserved).toBe(2);
  });

  it("refuses the whole bag when a line is short at the shipping step, naming it; nothing ordered, the bag kept", async () => {
    const shop = await createShop();
    const { product, variants } = await productWithSizes(shop.id, { S: 5, M: 2 });
    const owner = ownerIn(shop.id);
    await addToBag(owner, { productId: product.id, variantId: variants.S!, quantity: 1 });
    await addToBag(owner, { productId: product.id, variantId: variants.M!, quantity: 2 });
    // Another shopper's order holds one M meanwhile (a bag holds nothing).
    const other = ownerIn(shop.id);
    await addToBag(other, { productId: product.id, variantId: variants.M!, quantity: 1 });
    await placeBagOrder({ shop, input: { ...CHECKOUT_DETAILS, totalAmountCents: 1000 }, shopper: shopper(other) });
    const ordersBefore = (await db().select().from(orders)).length;
    const input = { ...CHECKOUT_DETAILS, totalAmountCents: 3000 };
    await expect(placeBagOrder({ shop, input, shopper: shopper(owner) })).rejects.toMatchObject({ messageKey: "bag.errors.review" });
    expect((await db().select().from(orders)).length).toBe(ordersBefore);
    expect((await shopperBag(owner)).count).toBe(3);
  });

  it("keeps the live it was filled from on a live's page: its checkout elsewhere is that live's order, and the live goes with it", async () => {
    const shop = await createShop();
    const mug = await createProduct(shop.id, { name: "Mug", priceCents: 1500 });
    const live = await createLive(shop.id, { title: "Mugs night", platform: "tiktok", scheduledAt: null });
    const owner = ownerIn(shop.id);
    await addToBag(owner, { productId: mug.id, variantId: null, quantity: 1, liveId: live.id });
    // An add elsewhere (the catalogue) keeps it.
    await addToBag(owner, { productId: mug.id, variantId: null, quantity: 1 });
    expect((await shopperBag(owner)).liveId).toBe(live.id);
    const placed = await placeBagOrder({ shop, input: { ...CHECKOUT_DETAILS, totalAmountCents: 3000 }, shopper: shopper(owner) });
    expect([placed.order.liveId, placed.order.liveReference]).toEqual([live.id, live.code]);
    expect(
      (await db().select({ liveId: bags.liveId }).from(bags).where(eq(bags.shopperKeyHash, owner.shopperKeyHash)))[0]!.liveId,
    ).toBeNull();

    // A bag filled outside any live makes a plain order; a live deleted since is forgotten.
    await addToBag(owner, { productId: mug.id, variantId: null, quantity: 1 });
    const plain = await placeBagOrder({ shop, input: { ...CHECKOUT_DETAILS, totalAmountCents: 1500 }, shopper: shopper(owner) });
    expect(plain.order.liveId).toBeNull();
    await addToBag(owner, { productId: mug.id, variantId: null, quantity: 1, liveId: 999_999 });
    const gone = await placeBagOrder({ shop, input: { ...CHECKOUT_DETAILS, totalAmountCents: 1500 }, shopper: shopper(owner) });
    expect(gone.order.liveId).toBeNull();
  });

  it("names the bag's line in the order's stock refusal (a hold taken between the bag's read and its order)", async () => {
    const shop = await createShop();
    const { product, variants } = await productWithSizes(shop.id, { S: 5, M: 2 });
    const owner = ownerIn(shop.id);
    await addToBag(owner, { productId: product.id, variantId: variants.S!, quantity: 1 });
    await addToBag(owner, { productId: product.id, variantId: variants.M!, quantity: 2 });
    const bag = await shopperBag(owner);
    const short = new OutOfStockError({ "items.1.quantity": ["stock.errors.only_left?count=1"] }, false);
    const named = bagStockError(short, bag);
    expect(named).toBeInstanceOf(OutOfStockError);
    expect(named.status).toBe(409);
    expect(named.messageKey).toBe("bag.errors.line_only_left?name=Sweater+%28M%29&count=1");
    expect(named.fieldErrors).toEqual({ "items.1.quantity": ["bag.errors.line_only_left?name=Sweater+%28M%29&count=1"] });
    const gone = bagStockError(new OutOfStockError({ "items.0.quantity": ["stock.errors.sold_out"] }, true), bag);
    expect(gone.messageKey).toBe("bag.errors.line_sold_out?name=Sweater+%28S%29");
  });
});

describe("kept 30 days", () => {
  it("the housekeeping sweep deletes bags untouched for 30 days, with their lines", async () => {
    const shop = await createShop();
    const product = await createProduct(shop.id);
    const old = ownerIn(shop.id);
    const recent = ownerIn(shop.id);
    const now = Date.now();
    await addToBag(old, { productId: product.id, quantity: 1 }, new Date(now - (BAG_KEPT_DAYS + 1) * DAY_MS));
    await addToBag(recent, { productId: product.id, quantity: 1 }, new Date(now - (BAG_KEPT_DAYS - 1) * DAY_MS));
    await sweepExpiredRecords(now);
    expect((await shopperBag(old)).lines).toEqual([]);
    expect((await shopperBag(recent)).count).toBe(1);
    expect(await db().select().from(bags).where(eq(bags.shopperKeyHash, old.shopperKeyHash))).toEqual([]);
    expect(await sweepExpiredBags(new Date(now + 2 * DAY_MS))).toBe(1);
    expect((await shopperBag(recent)).lines).toEqual([]);
  });
});
