import { and, eq, isNull } from "drizzle-orm";
import { variantName } from "~/domain/catalogue/variants.server";
import { productAvailable, stockLabel, type StockLabel } from "~/lib/stock-label";
import type { ProductOption } from "~/lib/stock-kinds";
import { getDatabase } from "~db/client";
import { products, type Product } from "~db/schema";
import { productStock, type ProductStock } from "./holds.server";

/**
 * What the shop's pages tell a shopper of a product's stock (issue 27): the catalogue card,
 * the checkout's option picker and the live page's pinned product. Read with `productStock`
 * (one pass for a whole page) and told with `stockLabel`: "Sold out", "Only N left" at the
 * shop's threshold or fewer, or nothing.
 */
export type ShopperStock = {
  /** The product's label (all its variants together). */
  label: StockLabel;
  /** The product has options: the shopper picks a variant at the checkout. */
  hasOptions: boolean;
  /** Its price range: a variant's own price replaces the product's. */
  priceMinCents: number;
  priceMaxCents: number;
  /** Counted, on sale and nothing left: the shopper may ask to be told when it is back. */
  waitlist: boolean;
};

/** One variant as the checkout's picker shows it. */
export type ShopperVariant = {
  id: number;
  options: Record<string, string>;
  /** "M / Blue". */
  name: string;
  priceCents: number;
  label: StockLabel;
  /** Units can be bought (or it is not counted). */
  buyable: boolean;
  /** Counted and nothing left: the waitlist takes it. */
  waitlist: boolean;
};

/** A product's stock as its shoppers see it; `stock` absent (no live variant) reads as untracked. */
export function shopperStock(product: { priceCents: number; isInStock: boolean }, stock: ProductStock | undefined): ShopperStock {
  const variants = stock?.variants ?? [];
  const prices = variants.map((v) => v.priceCents ?? product.priceCents);
  const available = variants.length > 0 ? productAvailable(variants) : null;
  return {
    label: stockLabel(available, stock?.threshold ?? 0, product.isInStock),
    hasOptions: variants.some((v) => v.optionKey !== ""),
    priceMinCents: prices.length > 0 ? Math.min(...prices) : product.priceCents,
    priceMaxCents: prices.length > 0 ? Math.max(...prices) : product.priceCents,
    waitlist: product.isInStock && available === 0,
  };
}

/** The stock of a page's products, in one pass of queries whatever their number. */
export async function shopperStocks(
  items: readonly { id: number; priceCents: number; isInStock: boolean }[],
  now = new Date(),
): Promise<Map<number, ShopperStock>> {
  const stock = await productStock(
    getDatabase(),
    items.map((p) => p.id),
    now,
  );
  return new Map(items.map((p) => [p.id, shopperStock(p, stock.get(p.id))]));
}

/** A product's options and its variants as the checkout's picker shows them (null: not a live product of the shop). */
export type ProductChoice = { options: ProductOption[]; stock: ShopperStock; variants: ShopperVariant[] };

export async function productChoice(
  shopId: number,
  productId: number,
  now = new Date(),
  known?: Pick<Product, "options" | "priceCents" | "isInStock"> | null,
): Promise<ProductChoice | null> {
  // The caller may have read the product already (a live one of this shop): one read less.
  const [product] = known
    ? [known]
    : await getDatabase()
        .select({ options: products.options, priceCents: products.priceCents, isInStock: products.isInStock })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.shopId, shopId), isNull(products.archivedAt)))
        .limit(1);
  if (!product) return null;
  const stock = (await productStock(getDatabase(), [productId], now)).get(productId);
  const threshold = stock?.threshold ?? 0;
  return {
    options: product.options,
    stock: shopperStock(product, stock),
    variants: (stock?.variants ?? []).map((v) => ({
      id: v.id,
      options: v.options,
      name: variantName(v.options, product.options),
      priceCents: v.priceCents ?? product.priceCents,
      label: stockLabel(v.available, threshold, product.isInStock),
      buyable: product.isInStock && v.available !== 0,
      waitlist: product.isInStock && v.available === 0,
    })),
  };
}
