import crypto from "node:crypto";
import { and, eq, max } from "drizzle-orm";
import { recordLiveEvent } from "../../app/domain/lives/live-events.server";
import { getDatabase, writeTransaction } from "../../db/client";
import { insertProducts, insertProductWithVariants } from "../../db/products";
import { claimLinks, claims, lives, orders, products, productVariants, shops } from "../../db/schema";
import "./db"; // points the domain's connection at the end-to-end server's database

/**
 * Arrangements for the live board's end-to-end tests, through drizzle and the domain's own
 * event recorder, so that the server's event reader sees them as it sees a real payment.
 */
async function shopOf(subdomain: string) {
  const [shop] = await getDatabase().select({ id: shops.id }).from(shops).where(eq(shops.subdomain, subdomain)).limit(1);
  if (!shop) throw new Error(`no shop ${subdomain}`);
  return shop.id;
}

/** A product in the shop's catalogue (a seller made by `createLiveSeller` has none). */
export async function createCatalogueProduct(subdomain: string, name: string, priceCents = 2500): Promise<void> {
  await insertProducts(getDatabase(), [{ shopId: await shopOf(subdomain), name, priceCents }]);
}

/** The seller's latest live (the one the test just started through the form). */
export async function latestLiveId(subdomain: string): Promise<number> {
  const [row] = await getDatabase()
    .select({ id: max(lives.id) })
    .from(lives)
    .where(eq(lives.shopId, await shopOf(subdomain)));
  if (!row?.id) throw new Error(`no live in ${subdomain}`);
  return row.id;
}

/**
 * A paid order of the live, committed with its `order` event in one transaction, as the
 * payment would: what the board must show within 2 seconds.
 */
export async function createPaidLiveOrder(
  subdomain: string,
  liveId: number,
  order: { handle: string; reference: string; content: string; totalCents: number },
): Promise<void> {
  const shopId = await shopOf(subdomain);
  const [last] = await getDatabase()
    .select({ n: max(orders.number) })
    .from(orders)
    .where(and(eq(orders.shopId, shopId)));
  const now = new Date();
  await writeTransaction(async (tx) => {
    await tx.insert(orders).values({
      shopId,
      liveId,
      number: (last?.n ?? 0) + 1,
      status: "pending",
      paymentStatus: "succeeded",
      totalAmountCents: order.totalCents,
      currency: "EUR",
      reference: order.reference,
      content: order.content,
      socialNetworkHandle: order.handle,
      fullName: "Live Buyer",
      email: `live-${crypto.randomUUID().slice(0, 8)}@example.test`,
      address: "1 rue du Test",
      city: "Paris",
      zipCode: "75001",
      country: "France",
      phone: "0600000000",
      paidAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await recordLiveEvent(tx, liveId, "order");
  });
}

/** A product in sizes S and M (two units each) with its claim code, as viewers type it in a live's chat (issue 29). */
export async function createCodedProductInSizes(subdomain: string, name: string, code: string): Promise<void> {
  await insertProductWithVariants(
    getDatabase(),
    { shopId: await shopOf(subdomain), name, priceCents: 4500, code, options: [{ name: "Size", values: ["S", "M"] }] },
    [
      { options: { Size: "S" }, stock: 2 },
      { options: { Size: "M" }, stock: 2 },
    ],
  );
}

/**
 * A viewer's held claim of the product with `code` (its first variant) on the live, with its
 * `claim` event, written as rows: what the board lists (the claim path itself is tested by
 * the integration tests; its replies read translation files Playwright does not load).
 */
export async function insertHeldClaim(subdomain: string, liveId: number, handle: string, code: string): Promise<void> {
  const shopId = await shopOf(subdomain);
  const [variant] = await getDatabase()
    .select({ productId: products.id, variantId: productVariants.id })
    .from(products)
    .innerJoin(productVariants, eq(productVariants.productId, products.id))
    .where(and(eq(products.shopId, shopId), eq(products.code, code)))
    .orderBy(productVariants.position)
    .limit(1);
  if (!variant) throw new Error(`no product ${code} in ${subdomain}`);
  await writeTransaction(async (tx) => {
    const [link] = await tx
      .insert(claimLinks)
      .values({ shopId, liveId, handle, platform: "tiktok", token: crypto.randomBytes(32).toString("base64url") })
      .returning({ id: claimLinks.id });
    await tx.insert(claims).values({
      shopId,
      liveId,
      linkId: link!.id,
      productId: variant.productId,
      variantId: variant.variantId,
      quantity: 1,
      status: "held",
      heldUntil: new Date(Date.now() + 10 * 60_000),
    });
    await recordLiveEvent(tx, liveId, "claim");
  });
}
