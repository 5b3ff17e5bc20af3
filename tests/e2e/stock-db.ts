import crypto from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { holdEnd } from "../../app/domain/stock/hold-time";
import { holdUnits } from "../../app/domain/stock/holds.server";
import { markShopContentChanged } from "../../app/domain/shops/content-version.server";
import { getDatabase, writeTransaction } from "../../db/client";
import { insertProducts } from "../../db/products";
import { orderItems, orders, productVariants, products, shops, waitlistEntries } from "../../db/schema";
import "./db"; // points the domain's connection at the end-to-end server's database

/**
 * Arrangements for the stock end-to-end tests (issue 27), the shopper's and the seller's:
 * products whose units are counted, with or without sizes, and another shopper taking units,
 * through drizzle and the domain.
 */
async function shopOf(subdomain: string) {
  const [shop] = await getDatabase().select().from(shops).where(eq(shops.subdomain, subdomain)).limit(1);
  if (!shop) throw new Error(`no shop ${subdomain}`);
  return shop;
}

/** A product without options with `stock` units (null: not counted). */
export async function createCountedProduct(
  subdomain: string,
  name: string,
  stock: number | null,
  priceCents = 2000,
): Promise<{ id: number }> {
  const [product] = await insertProducts(getDatabase(), [{ shopId: (await shopOf(subdomain)).id, name, priceCents, stock }]);
  return { id: product!.id };
}

/** A product with one option, "Size", a variant per size with its units and, when given, its own price. */
export async function createSizedProduct(
  subdomain: string,
  name: string,
  priceCents: number,
  sizes: { size: string; stock: number | null; priceCents?: number }[],
): Promise<{ id: number; variants: Record<string, number> }> {
  const shop = await shopOf(subdomain);
  const [product] = await getDatabase()
    .insert(products)
    .values({ shopId: shop.id, name, priceCents, options: [{ name: "Size", values: sizes.map((s) => s.size) }] })
    .returning();
  const variants: Record<string, number> = {};
  for (const [position, size] of sizes.entries()) {
    const [variant] = await getDatabase()
      .insert(productVariants)
      .values({
        productId: product!.id,
        shopId: shop.id,
        options: { Size: size.size },
        optionKey: `size=${size.size.toLowerCase()}`,
        position,
        stock: size.stock,
        priceCents: size.priceCents ?? null,
      })
      .returning();
    variants[size.size] = variant!.id;
  }
  return { id: product!.id, variants };
}

/** The seller changes a product's price; as a save does, the shop's pages are rendered anew. */
export async function setProductPrice(productId: number, priceCents: number): Promise<void> {
  const [product] = await getDatabase()
    .update(products)
    .set({ priceCents, updatedAt: new Date() })
    .where(eq(products.id, productId))
    .returning({ shopId: products.shopId });
  if (!product) throw new Error(`no product ${productId}`);
  await markShopContentChanged(product.shopId);
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
 * Another shopper's unpaid order holds units of the product, in one transaction as the
 * shipping step does (the shop's next number, the order and its line, the hold and the live's
 * `stock` event, through the domain's `holdUnits`). The order functions themselves load the
 * mail texts, which this test process cannot import.
 */
export async function anotherShopperTakes(
  subdomain: string,
  item: { productId: number; variantId?: number; quantity: number; unitCents: number },
): Promise<void> {
  const shop = await shopOf(subdomain);
  const [variant] = await getDatabase()
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(item.variantId ? eq(productVariants.id, item.variantId) : eq(productVariants.productId, item.productId))
    .limit(1);
  const now = new Date();
  const expiresAt = holdEnd(now, shop.holdMinutes);
  await writeTransaction(async (tx) => {
    const [next] = await tx
      .update(shops)
      .set({ nextOrderNumber: sql`${shops.nextOrderNumber} + 1` })
      .where(eq(shops.id, shop.id))
      .returning({ number: shops.nextOrderNumber });
    const [order] = await tx
      .insert(orders)
      .values({
        shopId: shop.id,
        number: next!.number - 1,
        totalAmountCents: item.unitCents * item.quantity,
        fullName: "Other Shopper",
        email: `other-${crypto.randomUUID().slice(0, 8)}@example.test`,
        address: "1 rue du Test",
        city: "Paris",
        zipCode: "75001",
        country: "France",
        phone: "0600000000",
        reservedUntil: expiresAt,
      })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values({
      orderId: order!.id,
      productId: item.productId,
      productName: "Held",
      variantId: variant!.id,
      quantity: item.quantity,
      priceCents: item.unitCents,
    });
    await holdUnits(tx, {
      shopId: shop.id,
      orderId: order!.id,
      lines: [{ variantId: variant!.id, quantity: item.quantity, index: 0 }],
      expiresAt,
      now,
    });
  });
}

/** Who waits for the product, oldest first. */
export async function waitlistOf(productId: number): Promise<{ email: string | null; variantId: number; language: string }[]> {
  return getDatabase()
    .select({ email: waitlistEntries.email, variantId: waitlistEntries.variantId, language: waitlistEntries.language })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.productId, productId))
    .orderBy(waitlistEntries.id);
}

/** How many orders the shop has (placed by anyone). */
export async function orderCountOf(subdomain: string): Promise<number> {
  const [row] = await getDatabase()
    .select({ n: count() })
    .from(orders)
    .where(eq(orders.shopId, (await shopOf(subdomain)).id));
  return row?.n ?? 0;
}
