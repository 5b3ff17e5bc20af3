import { findShopProduct } from "~/domain/catalogue/products.server";
import { parsePathId } from "~/lib/path-id";
import { ConflictError } from "~/domain/errors.server";
import { minimumQuantity } from "~/lib/order-total";
import type { StockLabel } from "~/lib/stock-label";
import type { ProductOption } from "~/lib/stock-kinds";
import { assertOrderEditable, listOrders, type OrderWithItems } from "~/domain/orders/orders.server";
import type { OrderViewer } from "~/domain/orders/visibility.server";
import { productChoice, type ShopperVariant } from "~/domain/stock/shopper-stock.server";
import { findOffer } from "~/domain/stock/waitlist.server";
import type { CataloguePricing } from "~/schemas/checkout";
import { shopperBag } from "~/domain/bag/bag.server";

export type PurchaseProduct = {
  id: number;
  name: string;
  /** The chosen variant's price when it has its own. */
  priceCents: number;
  imageUrl: string | null;
  isInStock: boolean;
  /** The variant bought ("M / Blue"); null for a product without options, or before one is picked. */
  variant: { id: number; name: string } | null;
  /** What is left of it (the chosen variant's, else the product's): "Sold out", "Only 2 left" or nothing. */
  label: StockLabel;
};

/**
 * The options of a product with variants, for a new order: the picker's radio groups, the
 * values picked so far (by option, null where none) and the price range. `waitlist` lists
 * the variants nothing is left of (the "tell me when it is back" form offers them).
 */
export type PurchaseChoice = {
  options: ProductOption[];
  variants: ShopperVariant[];
  picked: (string | null)[];
  priceMinCents: number;
  priceMaxCents: number;
};

/**
 * What a checkout link names (each value null when absent): the product, its variant (by
 * id, or by the values picked per option, `o0`..`o2`, as the picker's form sends them
 * without JavaScript) and a waitlist offer's token.
 */
export type PurchaseLink = {
  productId: string | null;
  variant?: string | null;
  picks?: (string | null)[];
  offer?: string | null;
  /** The bag's checkout (`?bag=1`): the bag of this browser's shopper key (none without one). */
  bag?: { shopperKeyHash: string | null } | null;
  /** A viewer's claim link (issue 29): its payable claims, sold as the bag's lines (`claimsPurchase`). */
  claims?: { lines: PurchaseLine[]; totalCents: number; liveId: number } | null;
};

/** A line of a bag's checkout (the bag's, or an existing order's lines). */
export type PurchaseLine = { name: string; variantName: string | null; quantity: number; priceCents: number; imageUrl: string | null };

/**
 * What a checkout sells. A live purchase: the shopper types the amount announced during
 * the live and says what it was (reference). A catalogue purchase: one product (and its
 * variant when it has options), a quantity, and a total that is the price times that
 * quantity. `product` is null when the link names a product the shop does not sell (any
 * more). `blocked` says why a new order cannot be placed yet: no variant picked
 * (`choose`), or nothing left of it (`sold_out`: the waitlist takes an email instead).
 * `offer` is a waitlist offer the link carries: its unit is held for this shopper until then.
 */
export type CheckoutPurchase =
  | { kind: "live" }
  /**
   * The whole bag (issue 28), or an order of several lines: its lines at the prices the
   * shopper agreed to. `ready` is false while the bag is empty or needs the shopper's review
   * (a price changed, a line gone or short): the checkout then links to the bag instead.
   */
  | {
      kind: "bag";
      lines: PurchaseLine[];
      totalCents: number;
      ready: boolean;
      /** The live the bag was filled from (its order will be that live's), or the order's live. */
      liveId: number | null;
    }
  | {
      kind: "catalogue";
      productId: number;
      product: PurchaseProduct | null;
      quantity: number;
      minimumQuantity: number;
      choice: PurchaseChoice | null;
      /** The variants the waitlist form offers (sold out), none when nothing is sold out. */
      waitlist: { id: number; name: string }[];
      blocked: "choose" | "sold_out" | null;
      offer: { token: string; expiresAt: string } | null;
    };

/**
 * An existing order decides for itself (its item and variant, at the price it was ordered
 * at; no item: a live purchase). Otherwise the link does: `product_id` (the catalogue's "Buy
 * now") opens a catalogue purchase, its absence (the link shared during a live) a live purchase.
 */
export async function checkoutPurchase(
  shopId: number,
  minimumCents: number,
  link: PurchaseLink,
  order: OrderWithItems | null,
  now = new Date(),
): Promise<CheckoutPurchase> {
  if (order) {
    const [item] = order.items;
    if (!item) return { kind: "live" };
    if (order.items.length > 1) {
      return {
        kind: "bag",
        lines: order.items.map((i) => ({
          name: i.productName,
          variantName: i.variantName,
          quantity: i.quantity,
          priceCents: i.priceCents,
          imageUrl: null,
        })),
        totalCents: order.totalAmountCents,
        ready: true,
        liveId: order.liveId,
      };
    }
    // The product may have been deleted since (the item keeps its name and price).
    const productId = item.productId ?? 0;
    const current = await findShopProduct(shopId, productId);
    return {
      kind: "catalogue",
      productId,
      product: {
        id: productId,
        name: item.productName,
        priceCents: item.priceCents,
        imageUrl: current?.imageUrl ?? null,
        isInStock: true,
        variant: item.variantName ? { id: item.variantId ?? 0, name: item.variantName } : null,
        label: null,
      },
      quantity: item.quantity,
      minimumQuantity: minimumQuantity(item.priceCents, minimumCents),
      choice: null,
      waitlist: [],
      blocked: null,
      offer: null,
    };
  }
  if (link.claims) return { kind: "bag", ...link.claims, ready: link.claims.lines.length > 0 };
  if (link.bag) {
    const bag = await shopperBag(link.bag.shopperKeyHash ? { shopId, shopperKeyHash: link.bag.shopperKeyHash } : null, now);
    return {
      kind: "bag",
      lines: bag.lines.map((l) => ({
        name: l.name,
        variantName: l.variantName || null,
        quantity: l.quantity,
        priceCents: l.priceCents,
        imageUrl: l.imageUrl,
      })),
      totalCents: bag.subtotalCents,
      ready: bag.ready,
      liveId: bag.liveId,
    };
  }
  const productParam = link.productId;
  if (productParam === null || productParam.trim() === "") return { kind: "live" };
  const productId = parsePathId(productParam.trim()) ?? 0;
  const product = productId ? await findShopProduct(shopId, productId) : null;
  const choice = product ? await productChoice(shopId, productId, now, product) : null;
  if (!product || !choice) {
    return {
      kind: "catalogue",
      productId,
      product: null,
      quantity: 1,
      minimumQuantity: 1,
      choice: null,
      waitlist: [],
      blocked: null,
      offer: null,
    };
  }
  const hasOptions = choice.stock.hasOptions;
  const { variant, picked } = hasOptions ? pickVariant(choice.options, choice.variants, link) : { variant: choice.variants[0], picked: [] };
  const offerUntil = variant && link.offer ? await findOffer(link.offer, variant.id, now) : null;
  const soldOut = product.isInStock && !offerUntil && (variant ? variant.waitlist : choice.stock.waitlist);
  const priceCents = variant?.priceCents ?? choice.stock.priceMinCents;
  const fewest = minimumQuantity(priceCents, minimumCents);
  return {
    kind: "catalogue",
    productId,
    product: {
      id: product.id,
      name: product.name,
      priceCents,
      imageUrl: product.imageUrl,
      isInStock: product.isInStock,
      variant: hasOptions && variant ? { id: variant.id, name: variant.name } : null,
      label: variant ? variant.label : choice.stock.label,
    },
    // A waitlist offer holds one unit.
    quantity: offerUntil ? 1 : fewest,
    minimumQuantity: fewest,
    choice: hasOptions
      ? {
          options: choice.options,
          variants: choice.variants,
          picked,
          priceMinCents: choice.stock.priceMinCents,
          priceMaxCents: choice.stock.priceMaxCents,
        }
      : null,
    waitlist: product.isInStock ? choice.variants.filter((v) => v.waitlist).map((v) => ({ id: v.id, name: v.name })) : [],
    blocked: soldOut ? "sold_out" : hasOptions && !variant ? "choose" : null,
    offer: offerUntil && link.offer ? { token: link.offer, expiresAt: offerUntil.expiresAt.toISOString() } : null,
  };
}

/**
 * The variant a link names: `variant=<id>` of this product, else the values picked per
 * option (all of them, an existing combination). Values of other products or options are
 * ignored, so a stale or tampered link shows the picker with nothing picked.
 */
function pickVariant(
  options: ProductOption[],
  variants: ShopperVariant[],
  link: PurchaseLink,
): { variant: ShopperVariant | undefined; picked: (string | null)[] } {
  const byId = variants.find((v) => v.id === parsePathId(link.variant ?? null));
  if (byId) return { variant: byId, picked: options.map((option) => byId.options[option.name] ?? null) };
  const picked = options.map((option, index) => {
    const value = link.picks?.[index] ?? null;
    return value !== null && option.values.includes(value) ? value : null;
  });
  const variant = picked.every((value) => value !== null)
    ? variants.find((v) => options.every((option, index) => v.options[option.name] === picked[index]))
    : undefined;
  return { variant, picked };
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
  // A link naming a variant continues only that variant's order (another size is another purchase).
  const variantId = purchase.kind === "catalogue" ? (purchase.product?.variant?.id ?? null) : null;
  const samePurchase =
    purchase.kind === "live"
      ? latest.items.length === 0
      : purchase.kind === "bag"
        ? // The bag was emptied into that order (the browser's Back from its payment step).
          purchase.lines.length === 0 && latest.items.length > 1
        : latest.items.length === 1 &&
          latest.items[0]!.productId === purchase.productId &&
          (variantId === null || latest.items[0]!.variantId === variantId);
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
 * The order's items for this purchase: the catalogue product (and its chosen variant)
 * whatever its stock (the order domain holds its units or refuses it), none for a live purchase.
 */
export function purchaseItems(
  purchase: CheckoutPurchase,
  quantity: number | undefined,
): { productId: number; variantId: number | null; quantity: number }[] {
  return purchase.kind === "catalogue"
    ? [{ productId: purchase.productId, variantId: purchase.product?.variant?.id ?? null, quantity: quantity ?? 1 }]
    : [];
}
