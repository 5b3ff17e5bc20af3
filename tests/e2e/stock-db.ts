import { eq, max } from "drizzle-orm";
import { holdUnits } from "../../app/domain/stock/holds.server";
import { getDatabase, writeTransaction } from "../../db/client";
import { insertProducts } from "../../db/products";
import { orderItems, orders, productVariants, shops } from "../../db/schema";
import "./db"; // points the domain's connection at the end-to-end server's database

/** Arrangements for the seller's stock screens (issue 27), through drizzle and the domain. */

async function shopOf(subdomain: string) {
  const [shop] = await getDatabase().select().from(shops).where(eq(shops.subdomain, subdomain)).limit(1);
  if (!shop) throw new Error(`no shop ${subdomain}`);
  return shop;
}

/** A product of the shop whose stock is counted (`stock` units; null: not tracked), at €10. */
export async function createStockedProduct(subdomain: string, name: string, stock: number | null): Promise<number> {
  const [product] = await insertProducts(getDatabase(), [{ shopId: (await shopOf(subdomain)).id, name, priceCents: 1000, stock }]);
  return product!.id;
}

/** The units on hand and held of a product without options. */
export async function productUnits(productId: number): Promise<{ stock: number | null; reserved: number }> {
  const [variant] = await getDatabase()
    .select({ stock: productVariants.stock, reserved: productVariants.reserved })
    .from(productVariants)
    .where(eq(productVariants.productId, productId));
  if (!variant) throw new Error(`no variant of product ${productId}`);
  return variant;
}

/**
 * A shopper elsewhere places an order of `quantity` units, held until paid, in one
 * transaction as the checkout's shipping step does (the order, its line, the hold and the
 * live's `stock` event). The order functions themselves load the mail texts, which this
 * test process cannot import.
 */
export async function holdUnitsForShopper(subdomain: string, productId: number, quantity: number): Promise<void> {
  const shop = await shopOf(subdomain);
  const [variant] = await getDatabase().select().from(productVariants).where(eq(productVariants.productId, productId));
  const now = new Date();
  const expiresAt = new Date(now.getTime() + shop.holdMinutes * 60_000);
  await writeTransaction(async (tx) => {
    const [last] = await tx
      .select({ n: max(orders.number) })
      .from(orders)
      .where(eq(orders.shopId, shop.id));
    const [order] = await tx
      .insert(orders)
      .values({
        shopId: shop.id,
        number: (last?.n ?? 0) + 1,
        totalAmountCents: 1000 * quantity,
        fullName: "Quick Shopper",
        email: "quick@example.test",
        address: "1 rue du Test",
        city: "Paris",
        zipCode: "75001",
        country: "FR",
        phone: "0600000000",
        reservedUntil: expiresAt,
      })
      .returning();
    await tx
      .insert(orderItems)
      .values({ orderId: order!.id, productId, productName: "Held", variantId: variant!.id, quantity, priceCents: 1000 });
    await holdUnits(tx, { shopId: shop.id, orderId: order!.id, lines: [{ variantId: variant!.id, quantity, index: 0 }], expiresAt, now });
  });
}
