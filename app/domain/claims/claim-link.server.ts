import { and, asc, eq } from "drizzle-orm";
import { variantName } from "~/domain/catalogue/variants.server";
import { formatOrderNumber } from "~/domain/orders/order-number";
import { isPaid } from "~/domain/orders/payment-state";
import { availableUnits } from "~/domain/stock/holds.server";
import { getDatabase } from "~db/client";
import { claims, lives, orders, productVariants, products, type Order } from "~db/schema";
import { claimLinkByToken } from "./claims.server";

/**
 * A viewer's personal link of a live (issue 29): `/live/{live code}/c/{token}` shows every
 * claim of that handle in that live, and checks out the ones held and not ordered yet. The
 * token is 32 random bytes: a link is found by its token AND its live's code in this shop
 * (`claimLinkByToken`), so a token of another live or shop finds nothing, never someone else's
 * claims.
 */

/**
 * A claim as its viewer sees it on the link: `held` (until `heldUntil`), `expired` (the hold
 * ran out: `available` says whether the units can still be taken at checkout), `ordered`
 * (in an order not paid yet: `order` is it), `paid` (with the order's status), `released`
 * (by the seller) or `waitlisted`.
 */
export type ClaimLinkStatus = "held" | "expired" | "ordered" | "paid" | "released" | "waitlisted";

export type ClaimLinkLine = {
  id: number;
  productId: number;
  /** The variant the order names: null for a product without options. */
  variantId: number | null;
  productName: string;
  code: string | null;
  variantName: string | null;
  quantity: number;
  /** The unit price of now (the variant's own, else the product's): what the checkout charges. */
  unitPriceCents: number;
  status: ClaimLinkStatus;
  heldUntil: string | null;
  available: boolean;
  order: { id: number; number: string; status: Order["status"]; paymentStatus: Order["paymentStatus"] } | null;
};

export type ClaimLinkView = {
  link: { id: number; handle: string };
  live: { id: number; code: string; title: string; ended: boolean };
  /** Oldest first, as they were claimed. */
  claims: ClaimLinkLine[];
};

/** Everything the handle claimed in the live, as the link shows it; null for a token that is not this live's. */
export async function claimLinkView(shopId: number, liveCode: string, token: string, now = new Date()): Promise<ClaimLinkView | null> {
  const link = await claimLinkByToken(shopId, liveCode, token);
  if (!link) return null;
  const [[live], rows] = await Promise.all([
    getDatabase()
      .select({ id: lives.id, code: lives.code, title: lives.title, endedAt: lives.endedAt })
      .from(lives)
      .where(eq(lives.id, link.liveId))
      .limit(1),
    getDatabase()
      .select({
        claim: claims,
        product: { name: products.name, code: products.code, options: products.options, priceCents: products.priceCents },
        variant: { options: productVariants.options, priceCents: productVariants.priceCents },
        order: { id: orders.id, number: orders.number, status: orders.status, paymentStatus: orders.paymentStatus },
      })
      .from(claims)
      .innerJoin(products, eq(products.id, claims.productId))
      .innerJoin(productVariants, eq(productVariants.id, claims.variantId))
      .leftJoin(orders, eq(orders.id, claims.orderId))
      .where(and(eq(claims.linkId, link.id), eq(claims.shopId, shopId)))
      .orderBy(asc(claims.id)),
  ]);
  // Whether a claim whose hold ran out can still be taken: one read for all of them.
  const lapsed = rows.filter((r) => r.order === null && r.claim.status !== "released" && r.claim.status !== "waitlisted");
  const left = await availableUnits(
    getDatabase(),
    lapsed.map((r) => r.claim.variantId),
    now,
  );
  const lines = rows.map(({ claim, product, variant, order }): ClaimLinkLine => {
    const status = lineStatus(claim, order, now);
    // Units left go to the oldest lapsed claims first: two of one variant with one unit left, the first gets it.
    const units = left.get(claim.variantId);
    if (status === "expired" && units !== undefined && units >= claim.quantity) left.set(claim.variantId, units - claim.quantity);
    return {
      id: claim.id,
      productId: claim.productId,
      variantId: product.options.length > 0 ? claim.variantId : null,
      productName: product.name,
      code: product.code,
      variantName: variantName(variant.options, product.options) || null,
      quantity: claim.quantity,
      unitPriceCents: variant.priceCents ?? product.priceCents,
      status,
      heldUntil: claim.heldUntil?.toISOString() ?? null,
      // Not counted (units === undefined) sells without limit.
      available: status === "held" || (status === "expired" && (units === undefined || units >= claim.quantity)),
      order: order ? { ...order, number: formatOrderNumber(order.number) } : null,
    };
  });
  return {
    link: { id: link.id, handle: link.handle },
    live: { id: live!.id, code: live!.code, title: live!.title, ended: live!.endedAt !== null },
    claims: lines,
  };
}

function lineStatus(
  claim: typeof claims.$inferSelect,
  order: { paymentStatus: Order["paymentStatus"]; status: Order["status"] } | null,
  now: Date,
): ClaimLinkStatus {
  // Its order decides once it has one (a paid order's claim is paid, whatever its hold did).
  if (order) return isPaid(order.paymentStatus) ? "paid" : order.status === "cancelled" ? "released" : "ordered";
  if (claim.status === "released" || claim.status === "waitlisted") return claim.status;
  if (claim.status === "expired" || (claim.heldUntil !== null && claim.heldUntil <= now)) return "expired";
  return "held";
}

/** The claims the link's checkout pays now: held, or whose hold ran out while units are left, not in an order yet. */
export function payableClaims(view: ClaimLinkView): ClaimLinkLine[] {
  return view.claims.filter((c) => c.available && c.order === null);
}
