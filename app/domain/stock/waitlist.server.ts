import crypto from "node:crypto";
import { and, asc, count, eq, gt, inArray, lte } from "drizzle-orm";
import { shopPublicUrl } from "~/domain/shops/shop-hosts.server";
import { hashToken } from "~/domain/accounts/tokens.server";
import { resolveOrderLines } from "~/domain/catalogue/variants.server";
import { ConflictError, NotFoundError, ValidationError } from "~/domain/errors.server";
import { sendMail } from "~/domain/mail/mailer.server";
import { renderMail } from "~/domain/mail/templates.server";
import type { Language } from "~/lib/i18n";
import { translatorFor } from "~/lib/translations.server";
import { getDatabase, lockRows, writeTransaction, type Transaction } from "~db/client";
import { claims, liveEvents, productVariants, products, shops, stockHolds, waitlistEntries } from "~db/schema";
import { holdEnd } from "./hold-time";
import { availableUnits, holdUnits, lockShopsForStock, releaseHolds } from "./holds.server";

/**
 * The waitlist of a sold-out variant: first come, first served. When units come back (a
 * hold ran out, an order was cancelled, a refund restocked, the seller added stock) the first
 * shopper waiting gets an offer: one unit held for the shop's hold time and a mailed link
 * that checks it out; an offer not taken in time goes to the next one (docs/stock.md).
 */

export type WaitlistEntryResource = { id: number; product: number; variant: number | null; email: string; created_at: string };

/**
 * A shopper asks to be told when a sold-out product (or variant) is back: idempotent per
 * email and variant (the same entry again), refused (409) while units can be bought.
 */
export async function joinWaitlist(request: {
  shopId: number;
  productId: number;
  variantId: number | null;
  email: string;
  language: Language;
}): Promise<{ entry: WaitlistEntryResource; created: boolean }> {
  const email = request.email.trim().toLowerCase();
  return writeTransaction(async (tx) => {
    const [line] = await resolveOrderLines(tx, request.shopId, [
      { productId: request.productId, variantId: request.variantId, quantity: 1 },
    ]).catch((error: unknown) => {
      if (error instanceof ValidationError) throw remapLineErrors(error);
      throw error;
    });
    const variant = line!.variant;
    // The variant's row, which every change freeing its units writes (PostgreSQL): units coming
    // back between the check below and the entry's commit were offered to nobody, the entry
    // left waiting while they were free.
    await lockRows(tx, productVariants, eq(productVariants.id, variant.id), "no key update");
    const left = (await availableUnits(tx, [variant.id], new Date())).get(variant.id);
    const buyable = line!.product.isInStock && (left === undefined || left > 0);
    if (buyable) throw new ConflictError("stock.errors.waitlist_available");
    const inserted = await tx
      .insert(waitlistEntries)
      .values({ shopId: request.shopId, productId: request.productId, variantId: variant.id, email, language: request.language })
      .onConflictDoNothing({ target: [waitlistEntries.variantId, waitlistEntries.email] })
      .returning();
    const entry =
      inserted[0] ??
      (
        await tx
          .select()
          .from(waitlistEntries)
          .where(and(eq(waitlistEntries.variantId, variant.id), eq(waitlistEntries.email, email)))
          .limit(1)
      )[0]!;
    const hasOptions = line!.product.options.length > 0;
    return {
      entry: {
        id: entry.id,
        product: entry.productId,
        variant: hasOptions ? entry.variantId : null,
        email,
        created_at: entry.createdAt.toISOString(),
      },
      created: inserted.length > 0,
    };
  });
}

/** The order-line errors of `resolveOrderLines` named as the waitlist's own fields. */
function remapLineErrors(error: ValidationError): Error {
  const fields = error.fieldErrors;
  if (fields["items.0.product"]) return new NotFoundError("catalogue.errors.product_not_found");
  const renamed = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace("items.0.", ""), v]));
  return new ValidationError(error.messageKey, renamed);
}

/** How many shoppers wait, per variant, for these products (the seller's restock signal). */
export async function waitingCounts(productIds: number[]): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await getDatabase()
    .select({ variantId: waitlistEntries.variantId, n: count() })
    .from(waitlistEntries)
    .where(and(inArray(waitlistEntries.productId, productIds), eq(waitlistEntries.state, "waiting")))
    .groupBy(waitlistEntries.variantId);
  return new Map(rows.map((r) => [r.variantId, r.n]));
}

/** An offer made: mailed to an email's entry; a claim's entry was made a held claim instead (its link shows it). */
type Offer = { entryId: number; token: string; variantId: number; claimed: boolean };

/**
 * Units came back for these variants: offers that ran out end, and while units are free
 * the next shopper waiting gets one held for them and a mail. Each offer is made in a
 * transaction of its own, so two nodes never offer the same unit or the same entry twice
 * (the hold takes the unit; the entry moves from "waiting" in the same transaction).
 */
export async function offerFreedUnits(variantIds: number[], now: Date): Promise<void> {
  for (const variantId of new Set(variantIds)) {
    for (let round = 0; round < 50; round++) {
      const offer = await writeTransaction((tx) => offerNextUnit(tx, variantId, now));
      if (!offer) break;
      if (offer !== ENTRY_GONE && !offer.claimed) await mailOffer(offer);
    }
  }
}

/** The entry read as next was no longer waiting once the shop's row was locked (released, offered by another node): the next one's turn. */
const ENTRY_GONE = "entry gone";

async function offerNextUnit(tx: Transaction, variantId: number, now: Date): Promise<Offer | typeof ENTRY_GONE | null> {
  // Offers past their end are over (their hold was released with the others).
  await tx
    .update(waitlistEntries)
    .set({ state: "done", updatedAt: now })
    .where(and(eq(waitlistEntries.variantId, variantId), eq(waitlistEntries.state, "offered"), lte(waitlistEntries.offerExpiresAt, now)));
  const [next] = await tx
    .select({ id: waitlistEntries.id, shopId: waitlistEntries.shopId, claimId: waitlistEntries.claimId, holdMinutes: shops.holdMinutes })
    .from(waitlistEntries)
    .innerJoin(shops, eq(shops.id, waitlistEntries.shopId))
    .where(and(eq(waitlistEntries.variantId, variantId), eq(waitlistEntries.state, "waiting")))
    .orderBy(asc(waitlistEntries.id))
    .limit(1);
  if (!next) return null;
  // The shop's row before the entry's, as every stock change and the seller's release of a
  // claim (which locks the shop, then the claim, then its entry): an offer that took the entry
  // first and then waited for the shop deadlocked with that release (PostgreSQL). Under the
  // lock the units left stay as read until the hold.
  await lockShopsForStock(tx, [next.shopId]);
  const left = (await availableUnits(tx, [variantId], now)).get(variantId);
  if (left === undefined || left <= 0) return null;
  const expiresAt = holdEnd(now, next.holdMinutes);
  if (next.claimId !== null) return offerToClaim(tx, { ...next, claimId: next.claimId }, variantId, left, expiresAt, now);
  const token = crypto.randomBytes(24).toString("base64url");
  // Moved only if still waiting: read before the lock, it may have been offered or released since.
  const [claimed] = await tx
    .update(waitlistEntries)
    .set({ state: "offered", offerTokenHash: hashToken(token), offerExpiresAt: expiresAt, updatedAt: now })
    .where(and(eq(waitlistEntries.id, next.id), eq(waitlistEntries.state, "waiting")))
    .returning({ id: waitlistEntries.id });
  if (!claimed) return ENTRY_GONE;
  await holdUnits(tx, {
    shopId: next.shopId,
    waitlistEntryId: next.id,
    lines: [{ variantId, quantity: 1, index: 0 }],
    expiresAt,
    now,
    shopLocked: true,
  });
  return { entryId: next.id, token, variantId, claimed: false };
}

/**
 * A viewer waiting by their chat handle (a "waitlisted" claim of a live, app/domain/claims):
 * the units come back as their claim, held for the hold time on their link (no mail), up to
 * the quantity they asked for. The entry is done at once (the claim now holds the units; its
 * expiry releases them to the next one).
 */
async function offerToClaim(
  tx: Transaction,
  entry: { id: number; shopId: number; claimId: number },
  variantId: number,
  left: number,
  expiresAt: Date,
  now: Date,
): Promise<Offer | typeof ENTRY_GONE> {
  const [done] = await tx
    .update(waitlistEntries)
    .set({ state: "done", updatedAt: now })
    .where(and(eq(waitlistEntries.id, entry.id), eq(waitlistEntries.state, "waiting")))
    .returning({ id: waitlistEntries.id });
  if (!done) return ENTRY_GONE;
  const [claim] = await tx
    .select({ id: claims.id, quantity: claims.quantity, liveId: claims.liveId })
    .from(claims)
    .where(and(eq(claims.id, entry.claimId), eq(claims.status, "waitlisted")))
    .limit(1);
  // A claim released meanwhile: the entry is over, the next one gets the unit.
  if (!claim) return { entryId: entry.id, token: "", variantId, claimed: true };
  const quantity = Math.min(claim.quantity, left);
  await holdUnits(tx, {
    shopId: entry.shopId,
    claimId: claim.id,
    lines: [{ variantId, quantity, index: 0 }],
    expiresAt,
    now,
    shopLocked: true,
  });
  await tx.update(claims).set({ status: "held", quantity, heldUntil: expiresAt, updatedAt: now }).where(eq(claims.id, claim.id));
  await tx.insert(liveEvents).values({ liveId: claim.liveId, kind: "claim" });
  return { entryId: entry.id, token: "", variantId, claimed: true };
}

async function mailOffer(offer: Offer): Promise<void> {
  const [row] = await getDatabase()
    .select({ entry: waitlistEntries, product: products, shop: shops })
    .from(waitlistEntries)
    .innerJoin(products, eq(products.id, waitlistEntries.productId))
    .innerJoin(shops, eq(shops.id, waitlistEntries.shopId))
    .where(eq(waitlistEntries.id, offer.entryId))
    .limit(1);
  // A viewer waiting by their chat handle is offered on their claim link, not by mail.
  if (!row?.entry.email) return;
  const t = translatorFor(row.entry.language);
  const variantQuery = row.product.options.length > 0 ? `&variant=${offer.variantId}` : "";
  const url = `${await shopPublicUrl(row.shop.id)}/?product_id=${row.product.id}${variantQuery}&offer=${offer.token}`;
  const until = new Intl.DateTimeFormat(row.entry.language, {
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(row.entry.offerExpiresAt ?? new Date());
  await sendMail({
    to: row.entry.email,
    template: "waitlist_offer",
    dedupeKey: `waitlist-offer:${offer.entryId}:${row.entry.offerExpiresAt?.getTime() ?? 0}`,
    ...renderMail(t, {
      subject: t("waitlist.mail.subject", { product: row.product.name, shop: row.shop.name }),
      greeting: t("waitlist.mail.greeting"),
      paragraphs: [t("waitlist.mail.back", { product: row.product.name, shop: row.shop.name }), t("waitlist.mail.held", { time: until })],
      action: { label: t("waitlist.mail.action"), url },
    }),
  });
}

/**
 * A checkout opened from an offer's link: the unit held for the offer becomes the order's
 * (released and taken again in the order's transaction, so nobody else gets it between).
 * Returns false when the link is unknown, used or past its end: the order then takes free
 * units like any other.
 */
/** The offer a waitlist mail's link names, for this variant, not yet used nor past its end. */
const offerStillValid = (token: string, variantId: number, now: Date) =>
  and(
    eq(waitlistEntries.offerTokenHash, hashToken(token)),
    eq(waitlistEntries.variantId, variantId),
    eq(waitlistEntries.state, "offered"),
    gt(waitlistEntries.offerExpiresAt, now),
  );

export async function redeemOffer(tx: Transaction, token: string, variantId: number, now: Date): Promise<boolean> {
  const [entry] = await tx
    .update(waitlistEntries)
    .set({ state: "done", updatedAt: now })
    .where(offerStillValid(token, variantId, now))
    .returning({ id: waitlistEntries.id });
  if (!entry) return false;
  await releaseHolds(tx, eq(stockHolds.waitlistEntryId, entry.id), now);
  return true;
}

/** A valid offer for this variant (the checkout page shows "held for you until ..."). */
export async function findOffer(token: string, variantId: number, now: Date): Promise<{ expiresAt: Date } | null> {
  const [entry] = await getDatabase()
    .select({ expiresAt: waitlistEntries.offerExpiresAt })
    .from(waitlistEntries)
    .innerJoin(productVariants, eq(productVariants.id, waitlistEntries.variantId))
    .where(offerStillValid(token, variantId, now))
    .limit(1);
  return entry?.expiresAt ? { expiresAt: entry.expiresAt } : null;
}
