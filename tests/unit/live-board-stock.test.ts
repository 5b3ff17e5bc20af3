import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { ConflictError, NotFoundError } from "~/domain/errors.server";
import { liveBoardScreen } from "~/domain/lives/live-screens.server";
import { addPinnedStock, pinnedProductStock } from "~/domain/lives/live-stock.server";
import { createLive, endLive, pinLiveProduct } from "~/domain/lives/lives.server";
import { joinWaitlist } from "~/domain/stock/waitlist.server";
import { getDatabase } from "~db/client";
import { stockMovements } from "~db/schema";
import { createProduct, createShop } from "./factories";
import { onlyVariant, orderOf, productWithSizes, variantRow } from "./stock-fixtures";

// Issue 27, item 6: the live board shows the pinned product's stock and takes a "+N".

describe("the live board's stock of the pinned product", () => {
  it("shows per variant what is left, held, sold during the live and awaited; nothing when no product is pinned", async () => {
    const shop = await createShop();
    const live = await createLive(shop.id, { title: "Drop", platform: "tiktok", scheduledAt: null });
    expect((await liveBoardScreen(shop.id, live.id)).pinnedStock).toBeNull();
    const { product, variants } = await productWithSizes(shop.id, { S: 3, M: 1, L: null });
    await pinLiveProduct(shop.id, live.id, product.id);
    await orderOf(shop, product.id, variants.S!, 2, { paid: true, liveId: live.id });
    await orderOf(shop, product.id, variants.M!, 1, { liveId: live.id });
    await orderOf(shop, product.id, variants.S!, 1, { paid: true }); // not from the live
    await orderOf(shop, product.id, variants.L!, 4, { paid: true, liveId: live.id });
    await joinWaitlist({ shopId: shop.id, productId: product.id, variantId: variants.M!, email: "m@example.test", language: "en" });

    const board = await liveBoardScreen(shop.id, live.id);
    expect(board.pinnedStock).toMatchObject({ productId: product.id, hasOptions: true, tracked: true, sold: 6 });
    expect(board.pinnedStock?.variants.map((v) => [v.name, v.stock, v.held, v.available, v.sold, v.waiting])).toEqual([
      ["S", 0, 0, 0, 2, 0],
      ["M", 1, 1, 0, 0, 1],
      ["L", null, 0, null, 4, 0],
    ]);
  });

  it("+N adds units to the pinned variant as the seller's change, and refuses a changed pin, an ended live or bad input", async () => {
    const shop = await createShop();
    const live = await createLive(shop.id, { title: "Drop", platform: "tiktok", scheduledAt: null });
    const { product, variants } = await productWithSizes(shop.id, { S: 0, M: null });
    const plain = await createProduct(shop.id, { name: "Plain", stock: 1 });
    await pinLiveProduct(shop.id, live.id, product.id);
    await joinWaitlist({ shopId: shop.id, productId: product.id, variantId: variants.S!, email: "s@example.test", language: "en" });

    const added = await addPinnedStock(shop.id, live.id, { productId: product.id, variantId: variants.S!, quantity: 3 }, shop.ownerId);
    expect(added).toMatchObject({ variantId: variants.S, stock: 3, variantName: "S" });
    // The first unit went to the shopper who waited.
    expect(await variantRow(variants.S!)).toMatchObject({ stock: 3, reserved: 1 });
    const [movement] = await getDatabase().select().from(stockMovements).where(eq(stockMovements.variantId, variants.S!));
    expect(movement).toMatchObject({ kind: "manual", stockDelta: 3, actorUserId: shop.ownerId });
    expect((await pinnedProductStock({ ...live, pinnedProductId: product.id }))?.variants[0]).toMatchObject({
      available: 2,
      held: 1,
      waiting: 0,
    });

    const refused = (input: { productId: number; variantId: number | null; quantity: number }) =>
      addPinnedStock(shop.id, live.id, input, shop.ownerId).catch((error: unknown) => error);
    expect(await refused({ productId: plain.id, variantId: null, quantity: 1 })).toMatchObject({
      messageKey: "stock_admin.board.errors.pin_changed",
    });
    expect(await refused({ productId: product.id, variantId: null, quantity: 1 })).toMatchObject({
      messageKey: "stock_admin.board.errors.pin_changed",
    });
    expect(await refused({ productId: product.id, variantId: variants.M!, quantity: 1 })).toMatchObject({
      messageKey: "stock.errors.not_tracked",
    });
    await pinLiveProduct(shop.id, live.id, plain.id);
    expect(await addPinnedStock(shop.id, live.id, { productId: plain.id, variantId: 12345, quantity: 2 }, shop.ownerId)).toMatchObject({
      stock: 3,
      variantName: "",
    });
    await endLive(shop.id, live.id);
    expect(await refused({ productId: plain.id, variantId: null, quantity: 1 })).toBeInstanceOf(ConflictError);
    expect((await variantRow(variants.S!)).stock).toBe(3);
    expect((await variantRow(await onlyVariant(plain.id))).stock).toBe(3);
    const other = await createShop();
    await expect(
      addPinnedStock(other.id, live.id, { productId: plain.id, variantId: null, quantity: 1 }, other.ownerId),
    ).rejects.toBeInstanceOf(NotFoundError);
  });
});
