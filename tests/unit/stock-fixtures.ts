import { eq } from "drizzle-orm";
import { createOrder } from "~/domain/orders/orders.server";
import { sellOrderUnits } from "~/domain/stock/holds.server";
import { getDatabase, writeTransaction } from "~db/client";
import { orders, productVariants, type Order, type Shop } from "~db/schema";
import { createProduct, CHECKOUT_DETAILS, TEST_SHOPPER } from "./factories";

/** Builders for the stock tests (issue 27): products with sizes, orders that hold or buy units. */

const details = CHECKOUT_DETAILS;
const shopper = TEST_SHOPPER;

/** A product with a Size option, one variant per size with its stock (null: not tracked). */
export async function productWithSizes(shopId: number, sizes: Record<string, number | null>, name = "Sweater") {
  const product = await createProduct(shopId, { name, options: [{ name: "Size", values: Object.keys(sizes) }] });
  const db = getDatabase();
  await db.delete(productVariants).where(eq(productVariants.productId, product.id));
  const variants = await db
    .insert(productVariants)
    .values(
      Object.entries(sizes).map(([size, stock], position) => ({
        productId: product.id,
        shopId,
        options: { Size: size },
        optionKey: `size=${size.toLowerCase()}`,
        position,
        stock,
      })),
    )
    .returning();
  return { product, variants: Object.fromEntries(variants.map((v) => [v.options.Size!, v.id])) };
}

/** An order of `quantity` units of a variant (held), made a paid one when `paid` (its units sold). */
export async function orderOf(
  shop: Shop,
  productId: number,
  variantId: number | null,
  quantity: number,
  extra: { paid?: boolean; liveId?: number } = {},
) {
  const order = await createOrder(
    shop,
    { ...details, totalAmountCents: 1000 * quantity, items: [{ productId, variantId, quantity }], liveId: extra.liveId ?? null },
    shopper,
  );
  if (extra.paid) {
    await writeTransaction(async (tx) => {
      await sellOrderUnits(
        tx,
        { id: order.id, shopId: shop.id, items: [{ variantId: variantId ?? (await onlyVariant(productId)), quantity }] },
        new Date(),
      );
      await tx.update(orders).set({ paymentStatus: "succeeded", paidAt: new Date() }).where(eq(orders.id, order.id));
    });
  }
  return order;
}

export async function onlyVariant(productId: number): Promise<number> {
  const [variant] = await getDatabase().select().from(productVariants).where(eq(productVariants.productId, productId));
  return variant!.id;
}

export const variantRow = async (id: number) => (await getDatabase().select().from(productVariants).where(eq(productVariants.id, id)))[0]!;

/** An order's number as the screens show it ("0012"). */
export const formatted = (order: Order) => String(order.number).padStart(4, "0");
