import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { holdEnd } from "../../app/domain/stock/hold-time";
import { holdUnits } from "../../app/domain/stock/holds.server";
import { getDatabase, writeTransaction } from "../../db/client";
import { insertProducts } from "../../db/products";
import { claimLinks, claims, productVariants, products, shops } from "../../db/schema";
import "./db"; // points the domain's connection at the end-to-end server's database

/**
 * Claims from a live's chat (issue 29) for the end-to-end tests, written as the claim path
 * writes them: the handle's link, the claim, and its units held through the stock's own
 * `holdUnits`. (`claimFromComment` translates its reply, and Playwright cannot load the
 * translations' JSON.)
 */
async function shopOf(subdomain: string): Promise<{ id: number; holdMinutes: number }> {
  const [shop] = await getDatabase()
    .select({ id: shops.id, holdMinutes: shops.holdMinutes })
    .from(shops)
    .where(eq(shops.subdomain, subdomain))
    .limit(1);
  if (!shop) throw new Error(`no shop ${subdomain}`);
  return shop;
}

/** A product with a claim code and counted stock in the shop (a seller made by `createLiveSeller` has none); its id. */
export async function createCodedProduct(
  subdomain: string,
  product: { name: string; code: string; priceCents: number; stock: number },
): Promise<number> {
  const [created] = await insertProducts(getDatabase(), [{ shopId: (await shopOf(subdomain)).id, ...product }]);
  return created!.id;
}

/**
 * The handle claims the product (one without options) in the live: its units held for the
 * shop's hold time on the handle's link. Answers the link's path on the shop host.
 */
export async function claimOnLive(
  subdomain: string,
  live: { id: number; code: string },
  claim: { handle: string; productId: number; quantity?: number },
): Promise<string> {
  const shop = await shopOf(subdomain);
  const quantity = claim.quantity ?? 1;
  const now = new Date();
  const heldUntil = holdEnd(now, shop.holdMinutes);
  const token = await writeTransaction(async (tx) => {
    const [variant] = await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(and(eq(productVariants.productId, claim.productId), eq(productVariants.shopId, shop.id)))
      .limit(1);
    const [existing] = await tx
      .select({ id: claimLinks.id, token: claimLinks.token })
      .from(claimLinks)
      .where(and(eq(claimLinks.liveId, live.id), eq(claimLinks.handle, claim.handle)))
      .limit(1);
    const link =
      existing ??
      (
        await tx
          .insert(claimLinks)
          .values({
            shopId: shop.id,
            liveId: live.id,
            handle: claim.handle,
            platform: "tiktok",
            token: crypto.randomBytes(32).toString("base64url"),
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: claimLinks.id, token: claimLinks.token })
      )[0]!;
    const [created] = await tx
      .insert(claims)
      .values({
        shopId: shop.id,
        liveId: live.id,
        linkId: link.id,
        productId: claim.productId,
        variantId: variant!.id,
        quantity,
        heldUntil,
        comment: "SOLD",
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: claims.id });
    await holdUnits(tx, {
      shopId: shop.id,
      claimId: created!.id,
      lines: [{ variantId: variant!.id, quantity, index: 0 }],
      expiresAt: heldUntil,
      now,
    });
    return link.token;
  });
  return `/live/${live.code}/c/${token}`;
}

/** The product's claim code, given one first when it has none (the sweep's product). */
export async function productCode(subdomain: string, productId: number, code: string): Promise<string> {
  const where = and(eq(products.shopId, (await shopOf(subdomain)).id), eq(products.id, productId));
  const [product] = await getDatabase().select({ code: products.code }).from(products).where(where).limit(1);
  if (product?.code) return product.code;
  await getDatabase().update(products).set({ code }).where(where);
  return code;
}
