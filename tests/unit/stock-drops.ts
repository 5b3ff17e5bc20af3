// Builders and readers shared by the stock tests (races, expiry and payment paths): a shop
// that takes payments at the simulated provider, orders as the checkout places them, a
// payment made with the simulated success card (the provider's event path, as the card
// form does), and the rows that show where each unit is.
import { and, asc, eq } from "drizzle-orm";
import { placeOrder } from "~/domain/checkout/place-order.server";
import type { NewOrder } from "~/domain/orders/orders.server";
import { startPayment } from "~/domain/payments/intents.server";
import { payOrderWithSimulatedCard } from "~/domain/payments/simulated-actions.server";
import { SIMULATED_CARDS } from "~/domain/payments/simulated-provider.server";
import type { ProductOption } from "~/lib/stock-kinds";
import { getDatabase } from "~db/client";
import { insertProductWithVariants, type NewVariant } from "~db/products";
import { mailOutbox, orders, productVariants, sellerProfiles, stockHolds, stockMovements, type Shop } from "~db/schema";
import { createShop, createSimulatedAccount } from "./factories";

/** A live shop whose seller's simulated account takes payments. */
export async function payableShop(overrides: Partial<Pick<Shop, "holdMinutes" | "lowStockThreshold">> = {}): Promise<Shop> {
  const shop = await createShop(overrides);
  const account = await createSimulatedAccount(shop);
  await getDatabase().insert(sellerProfiles).values({
    userId: shop.ownerId,
    businessName: shop.name,
    businessType: "individual",
    stripeConnectAccountId: account,
    stripeChargesEnabled: true,
  });
  return shop;
}

/** A product with Size (and more) options and one variant per combination given. */
export async function productWithVariants(shopId: number, options: ProductOption[], variants: NewVariant[], priceCents = 1000) {
  return insertProductWithVariants(getDatabase(), { shopId, name: "Sweater", priceCents, options }, variants);
}

/** The shopper of the n-th order of a test: a browser of their own. */
export const shopperNo = (n: number) => ({ shopperKeyHash: `shopper-${n}`, userId: null, language: "en" as const });

/** What the shipping step sends for one line of `quantity` units at `unitPriceCents`. */
export function orderInput(
  line: { productId: number; variantId?: number | null; quantity?: number },
  unitPriceCents: number,
  options: { offerToken?: string; email?: string } = {},
): NewOrder {
  const quantity = line.quantity ?? 1;
  return {
    fullName: "Ada Drop",
    companyName: "",
    email: options.email ?? "ada@drop.test",
    address: "1 rue du Stock",
    city: "Paris",
    state: "",
    zipCode: "75001",
    country: "FR",
    phone: "0600000000",
    socialNetworkHandle: "",
    reference: "",
    content: "",
    liveReference: "",
    totalAmountCents: unitPriceCents * quantity,
    shippingRateId: null,
    amountStated: "subtotal",
    items: [{ productId: line.productId, variantId: line.variantId ?? null, quantity }],
    offerToken: options.offerToken ?? null,
  };
}

/** Places an order as the shipping step of the API does (the payment waits for `pay/`). */
export async function place(shop: Shop, n: number, input: NewOrder) {
  const { order } = await placeOrder({ shop, input, shopper: shopperNo(n), payment: "later" });
  return order;
}

/** The viewer who placed the n-th order. */
export const viewerNo = (n: number) => ({ shopperKeyHash: shopperNo(n).shopperKeyHash, user: null, ownedShopId: null });

/** The simulated provider's success card, valid for a few years after the (test's) clock. */
export const successCard = () => ({ number: SIMULATED_CARDS.success, expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: "123" });

/** The payment step: starts the order's payment (its units must still be held), then pays it with the success card. */
export async function pay(orderId: number, n: number, shopId: number) {
  await startPayment(orderId, viewerNo(n), "simulated", shopId);
  const paid = await payOrderWithSimulatedCard(orderId, successCard());
  return paid!.intent;
}

export async function variantRow(variantId: number) {
  const [row] = await getDatabase().select().from(productVariants).where(eq(productVariants.id, variantId));
  return row!;
}

/** The product's only variant (a product without options). */
export async function onlyVariant(productId: number) {
  const [row] = await getDatabase().select().from(productVariants).where(eq(productVariants.productId, productId));
  return row!;
}

export async function holdsOf(variantId: number) {
  return getDatabase().select().from(stockHolds).where(eq(stockHolds.variantId, variantId)).orderBy(asc(stockHolds.id));
}

export async function movementsOf(variantId: number, kind?: (typeof stockMovements.$inferSelect)["kind"]) {
  return getDatabase()
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.variantId, variantId), kind ? eq(stockMovements.kind, kind) : undefined))
    .orderBy(asc(stockMovements.id));
}

export async function orderRow(orderId: number) {
  const [row] = await getDatabase().select().from(orders).where(eq(orders.id, orderId));
  return row!;
}

export async function mailsTo(email: string) {
  return getDatabase().select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(asc(mailOutbox.id));
}
