import { claimLinkView, payableClaims, type ClaimLinkLine, type ClaimLinkView } from "~/domain/claims/claim-link.server";
import { ConflictError, NotFoundError } from "~/domain/errors.server";
import type { OrderWithItems } from "~/domain/orders/orders.server";
import { minimumOrderCents } from "~/domain/shops/customization.server";
import { OutOfStockError } from "~/domain/stock/holds.server";
import { messageKey } from "~/lib/messages";
import { orderItemName } from "~/lib/order-item-name";
import { itemsTotalCents } from "~/lib/order-total";
import type { CheckoutDetails } from "~/schemas/checkout";
import type { Shop } from "~db/schema";
import { placeOrder, type CheckoutShopper, type PaymentStart } from "./place-order.server";
import type { PurchaseLink } from "./purchase.server";

/**
 * The checkout of a viewer's claim link (issue 29): the claims held for their handle in a
 * live, paid as ONE order of that live through the bag's three steps (address once, shipping
 * once, one payment). A later claim after a payment is a second order of the same live, which
 * the shipping step offers to add to the parcel of the first (no second fee).
 */

/** What the link's checkout sells now: its payable claims as the bag's lines, and their total. */
export type ClaimsPurchase = NonNullable<PurchaseLink["claims"]>;

export function claimsPurchase(view: ClaimLinkView): ClaimsPurchase {
  const payable = payableClaims(view);
  return {
    lines: payable.map((c) => ({
      name: c.productName,
      variantName: c.variantName,
      quantity: c.quantity,
      priceCents: c.unitPriceCents,
      imageUrl: null,
    })),
    totalCents: claimsTotalCents(payable),
    liveId: view.live.id,
  };
}

const claimsTotalCents = (lines: ClaimLinkLine[]) =>
  itemsTotalCents(lines.map((c) => ({ unitPriceCents: c.unitPriceCents, quantity: c.quantity })));

/** The link's page: its claims, or NotFound for a token that is not this live's in this shop. */
export async function claimLinkPage(shopId: number, liveCode: string, token: string, now = new Date()): Promise<ClaimLinkView> {
  const view = await claimLinkView(shopId, liveCode, token, now);
  if (!view) throw new NotFoundError("claim_link.not_found");
  return view;
}

/**
 * What the link's shipping form is checked against: the shop's minimum and the total of the
 * claims payable now (a claim arriving after the page was drawn changes it: the form is refused
 * with the new total, nothing created).
 */
export async function claimsShippingForm(
  shop: Pick<Shop, "id" | "minimumOrderAmountCents">,
  liveCode: string,
  token: string,
): Promise<{ minimumCents: number; totalCents: number }> {
  const purchase = claimsPurchase(await claimLinkPage(shop.id, liveCode, token));
  // Paid already, released, or ordered from another tab: said as such, not as a wrong total.
  if (purchase.lines.length === 0) throw new ConflictError("claim_link.errors.nothing_to_pay");
  return { minimumCents: minimumOrderCents(shop), totalCents: purchase.totalCents };
}

/**
 * Places the order of the link's payable claims, at the prices of now (the total the form
 * showed is checked again by the order domain), with the live's id and code, and starts its
 * payment. Their holds become the order's in its transaction; a claim whose hold ran out is
 * taken again if units are left, else the order is refused ("Scarf (M): sold out", 409) and
 * nothing is created or charged. Nothing to pay (all paid, released, or a second tab already
 * ordered them) is a 409 too.
 */
export async function placeClaimsOrder(request: {
  shop: Pick<Shop, "id" | "currency">;
  liveCode: string;
  token: string;
  input: CheckoutDetails;
  shopper: CheckoutShopper;
}): Promise<{ order: OrderWithItems; payment: PaymentStart | null }> {
  const { shop, shopper } = request;
  const view = await claimLinkPage(shop.id, request.liveCode, request.token);
  const payable = payableClaims(view);
  if (payable.length === 0) throw new ConflictError("claim_link.errors.nothing_to_pay");
  const input = {
    ...request.input,
    liveId: view.live.id,
    liveReference: view.live.code,
    items: payable.map((c) => ({ productId: c.productId, variantId: c.variantId, quantity: c.quantity })),
    claims: { linkId: view.link.id, claimIds: payable.map((c) => c.id) },
  };
  return placeOrder({ shop, input, shopper, payment: "now" }).catch((error: unknown) => {
    throw error instanceof OutOfStockError ? claimsStockError(error, payable) : error;
  });
}

/** "Scarf (M): sold out": the order's line errors renamed after the claims they are. */
function claimsStockError(error: OutOfStockError, lines: ClaimLinkLine[]): OutOfStockError {
  const named: Record<string, string[]> = {};
  let first: string | null = null;
  for (const [key, messages] of Object.entries(error.fieldErrors)) {
    const line = lines[Number(/^items\.(\d+)\./.exec(key)?.[1] ?? -1)];
    if (!line) continue;
    const name = orderItemName({ name: line.productName, variantName: line.variantName });
    named[key] = messages.map((message) => {
      const left = /only_left\?count=(\d+)/.exec(message)?.[1];
      return left ? messageKey("bag.errors.line_only_left", { name, count: left }) : messageKey("bag.errors.line_sold_out", { name });
    });
    first ??= named[key][0]!;
  }
  return new OutOfStockError(named, error.messageKey === "stock.errors.sold_out", first ?? error.messageKey);
}
