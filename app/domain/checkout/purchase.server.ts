import { findShopProduct } from "~/domain/catalogue/products.server";
import { parsePathId } from "~/lib/path-id";
import { ConflictError } from "~/domain/errors.server";
import { minimumQuantity } from "~/lib/order-total";
import { assertOrderEditable, listOrders, type OrderWithItems } from "~/domain/orders/orders.server";
import type { OrderViewer } from "~/domain/orders/visibility.server";
import type { CataloguePricing } from "~/schemas/checkout";

export type PurchaseProduct = { id: number; name: string; priceCents: number; imageUrl: string | null; isInStock: boolean };

/**
 * What a checkout sells. A live purchase: the shopper types the amount announced during
 * the live and says what it was (reference). A catalogue purchase: one product, a
 * quantity, and a total that is the product's price times that quantity. `product` is
 * null when the link names a product the shop does not sell (any more).
 */
export type CheckoutPurchase =
  { kind: "live" } | { kind: "catalogue"; productId: number; product: PurchaseProduct | null; quantity: number; minimumQuantity: number };

/**
 * An existing order decides for itself (its item, at the price it was ordered at; no item:
 * a live purchase). Otherwise the link does: `product_id` (the catalogue's "Buy now")
 * opens a catalogue purchase, its absence (the link shared during a live) a live purchase.
 */
export async function checkoutPurchase(
  shopId: number,
  minimumCents: number,
  productParam: string | null,
  order: OrderWithItems | null,
): Promise<CheckoutPurchase> {
  if (order) {
    const [item] = order.items;
    if (!item || order.items.length > 1) return { kind: "live" };
    // The product may have been deleted since (the item keeps its name and price).
    const productId = item.productId ?? 0;
    const current = await findShopProduct(shopId, productId);
    return {
      kind: "catalogue",
      productId,
      product: { id: productId, name: item.productName, priceCents: item.priceCents, imageUrl: current?.imageUrl ?? null, isInStock: true },
      quantity: item.quantity,
      minimumQuantity: minimumQuantity(item.priceCents, minimumCents),
    };
  }
  if (productParam === null || productParam.trim() === "") return { kind: "live" };
  const productId = parsePathId(productParam.trim()) ?? 0;
  const product = productId ? await findShopProduct(shopId, productId) : undefined;
  const fewest = product ? minimumQuantity(product.priceCents, minimumCents) : 1;
  return {
    kind: "catalogue",
    productId,
    product: product
      ? { id: product.id, name: product.name, priceCents: product.priceCents, imageUrl: product.imageUrl, isInStock: product.isInStock }
      : null,
    quantity: fewest,
    minimumQuantity: fewest,
  };
}

/**
 * The shopper's latest order in the shop, when it is still unpaid and is the same
 * purchase as the link (same product, or a live purchase): coming back to the link (the
 * browser's Back from the payment step, or later) continues that order instead of
 * showing an empty form and creating a second one.
 */
export async function resumableOrder(shopId: number, viewer: OrderViewer, purchase: CheckoutPurchase): Promise<OrderWithItems | null> {
  if (!viewer.shopperKeyHash && !viewer.user) return null;
  const scope = { kind: "shopper" as const, shopId, shopperKeyHash: viewer.shopperKeyHash, user: viewer.user };
  const { items } = await listOrders(scope, { page: 1, page_size: 1, status: undefined, payment_status: undefined, search: undefined });
  const [latest] = items;
  if (!latest) return null;
  try {
    assertOrderEditable(latest);
  } catch (error) {
    if (error instanceof ConflictError) return null;
    throw error;
  }
  const samePurchase =
    purchase.kind === "live" ? latest.items.length === 0 : latest.items.length === 1 && latest.items[0]!.productId === purchase.productId;
  return samePurchase ? latest : null;
}

/**
 * How the shipping form of this purchase is checked: a catalogue product's unit price, the
 * total verified against it (a live purchase has none). The browser builds the same schema.
 */
export function purchasePricing(purchase: CheckoutPurchase): CataloguePricing | undefined {
  return purchase.kind === "catalogue" && purchase.product ? { unitPriceCents: purchase.product.priceCents, verifyTotal: true } : undefined;
}

/**
 * The order's items for this purchase: the catalogue product whatever its stock (the order
 * domain refuses it if it is sold out), none for a live purchase.
 */
export function purchaseItems(purchase: CheckoutPurchase, quantity: number | undefined): { productId: number; quantity: number }[] {
  return purchase.kind === "catalogue" ? [{ productId: purchase.productId, quantity: quantity ?? 1 }] : [];
}
