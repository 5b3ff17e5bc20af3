import crypto from "node:crypto";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { shopBaseUrl, type ShopAddress } from "~/config.server";
import { orderedVariantOptions, variantName } from "~/domain/catalogue/variants.server";
import { ConflictError, NotFoundError, ValidationError } from "~/domain/errors.server";
import { recordLiveEvent } from "~/domain/lives/live-events.server";
import { shopPrimaryDomain } from "~/domain/shops/shop-hosts.server";
import { PAID_PAYMENT_STATUSES } from "~/domain/orders/payment-state";
import { holdEnd } from "~/domain/stock/hold-time";
import { holdUnits, lockShopsForStock, OutOfStockError, releaseHolds } from "~/domain/stock/holds.server";
import { offerFreedUnits } from "~/domain/stock/waitlist.server";
import { cleanComment, parseClaim, readClaimComment, type ClaimableProduct } from "~/lib/claim-parser";
import { shopClaimWords } from "~/lib/claim-words";
import { intlLocale, type Language } from "~/lib/languages";
import { translatorFor } from "~/lib/translations.server";
import { getDatabase, lockRows, readLocked, writeTransaction, type Transaction } from "~db/client";
import { isForeignKeyViolation } from "~db/errors";
import { claimLinks, claims, lives, orders, productVariants, products, shops, stockHolds, waitlistEntries } from "~db/schema";

/**
 * Claims from a live's chat (issue 29, docs/claims.md): a comment such as "SOLD A7 M" holds
 * the units for the viewer's handle, on their personal link of the live; when the units are
 * gone the handle waits on the variant's waitlist. The one claim path of the comments API,
 * the live board and the chat reader.
 */

export type ClaimStatus = "held" | "paid" | "released" | "expired" | "waitlisted";

/** A claim as the API shows it (snake case); `link` is the handle's page of the live. */
export type ClaimResource = {
  id: number;
  handle: string;
  product: { id: number; name: string; code: string | null };
  variant: { id: number; name: string } | null;
  quantity: number;
  status: ClaimStatus;
  held_until: string | null;
  link: string;
};

export type ClaimRefusal = "not_a_claim" | "unknown_code" | "ambiguous_variant" | "sold_out" | "live_ended" | "cap_reached";

/** What a comment did: a claim with the reply a bot posts back, or why not (with a reply when the viewer should be told). */
export type ClaimOutcome =
  { claimed: true; claim: ClaimResource; reply: string } | { claimed: false; reason: ClaimRefusal; waitlisted?: true; reply?: string };

export type CommentInput = {
  shopId: number;
  liveId: number;
  platform: string;
  author: { handle: string; name?: string | null };
  text: string;
  actorUserId?: number | null;
  /** The seller typed it for a viewer (the live board's "@lea A7 M"): no claim word needed. */
  typedBySeller?: boolean;
};

/** A handle as kept: without "@", lower case, no control characters, at most this long. */
export const HANDLE_MAX_LENGTH = 64;
/** The longest reply: within every chat platform's limit (Twitch 500, Instagram DMs 1,000, YouTube 200). */
export const REPLY_MAX_LENGTH = 200;

/** "@Lea_92 " -> "lea_92"; "" when nothing is left. */
export function normalizeHandle(handle: string): string {
  return cleanComment(handle).replace(/^@+/, "").replace(/\s+/g, "").toLowerCase().slice(0, HANDLE_MAX_LENGTH);
}

/** The handle's personal link of a live, at the shop's address (its primary domain when it has one). */
export function claimLinkUrl(shop: ShopAddress, liveCode: string, token: string): string {
  return `${shopBaseUrl(shop)}/live/${liveCode}/c/${token}`;
}

type ClaimContext = {
  live: { id: number; code: string; language: Language; endedAt: Date | null };
  shop: ShopAddress & { id: number; claimWords: string[] | null; claimCapPerProduct: number; holdMinutes: number };
};

async function claimContext(shopId: number, liveId: number): Promise<ClaimContext> {
  const [row] = await getDatabase()
    .select({
      live: { id: lives.id, code: lives.code, language: lives.language, endedAt: lives.endedAt },
      shop: {
        id: shops.id,
        subdomain: shops.subdomain,
        primaryDomain: shopPrimaryDomain,
        claimWords: shops.claimWords,
        claimCapPerProduct: shops.claimCapPerProduct,
        holdMinutes: shops.holdMinutes,
      },
    })
    .from(lives)
    .innerJoin(shops, eq(shops.id, lives.shopId))
    .where(and(eq(lives.id, liveId), eq(lives.shopId, shopId)))
    .limit(1);
  if (!row) throw new NotFoundError("lives.not_found");
  return row;
}

type CodedProduct = ClaimableProduct & { name: string; isInStock: boolean; options: { name: string; values: string[] }[] };

/** The shop's products (on sale, not archived) with these codes, and their live variants: two indexed queries. */
async function productsWithCodes(shopId: number, codes: string[]): Promise<CodedProduct[]> {
  if (codes.length === 0) return [];
  const db = getDatabase();
  const found = await db
    .select({ id: products.id, code: products.code, name: products.name, isInStock: products.isInStock, options: products.options })
    .from(products)
    .where(and(eq(products.shopId, shopId), inArray(products.code, codes), isNull(products.archivedAt)));
  if (found.length === 0) return [];
  const variants = await db
    .select({ id: productVariants.id, productId: productVariants.productId, options: productVariants.options })
    .from(productVariants)
    .where(
      and(
        inArray(
          productVariants.productId,
          found.map((p) => p.id),
        ),
        isNull(productVariants.archivedAt),
      ),
    )
    .orderBy(productVariants.position, productVariants.id);
  return found.map((p) => ({
    id: p.id,
    code: p.code!,
    name: p.name,
    isInStock: p.isInStock,
    options: p.options,
    variants: variants.filter((v) => v.productId === p.id).map((v) => ({ id: v.id, options: orderedVariantOptions(v.options, p.options) })),
  }));
}

/**
 * A comment of a live's chat. Not a claim (no claim word, no known code): ignored, never an
 * error. A claim holds its units for the shop's hold time on the handle's link (created on
 * its first claim of the live), in one transaction with the claim and the live's "claim"
 * event: the shop's row first, then the variant's (docs/stock.md), so claims through any
 * number of nodes never take more units than there are. A live ended meanwhile, even while the
 * claim is under way, takes none (its row is read again in the transaction). Sold out: the handle waits on the
 * variant's waitlist (a "waitlisted" claim). Beyond the shop's cap per product and handle:
 * refused. Untracked stock always holds.
 */
export async function claimFromComment(input: CommentInput): Promise<ClaimOutcome> {
  const handle = normalizeHandle(input.author.handle);
  if (!handle) throw new ValidationError("errors.validation", { "author.handle": ["validation.required"] });
  const { live, shop } = await claimContext(input.shopId, input.liveId);
  const comment = cleanComment(input.text);
  const reading = readClaimComment(comment, shopClaimWords(shop.claimWords), { claimWordNeeded: !input.typedBySeller });
  if (!reading) return { claimed: false, reason: "not_a_claim" };
  const t = translatorFor(live.language);
  const to = `@${handle}`;
  const ended: ClaimOutcome = { claimed: false, reason: "live_ended", reply: fitReply(t("claims.reply.live_ended", { to })) };
  if (live.endedAt) return ended;
  const parsed = parseClaim(reading, await productsWithCodes(shop.id, reading.codeCandidates));
  if (parsed.kind === "not_a_claim") return { claimed: false, reason: "not_a_claim" };
  if (parsed.kind === "unknown_code") {
    return { claimed: false, reason: "unknown_code", reply: fitReply(t("claims.reply.unknown_code", { to, code: parsed.code })) };
  }
  if (parsed.kind === "ambiguous_variant") {
    const choices = parsed.product.options.map((o) => o.values.join(", ")).join(" / ");
    return {
      claimed: false,
      reason: "ambiguous_variant",
      reply: fitReply(t("claims.reply.ambiguous_variant", { to, code: parsed.product.code, choices })),
    };
  }
  const { product, variantId, quantity } = parsed;
  const variantOptions = product.variants.find((v) => v.id === variantId)!.options;
  const name = variantName(variantOptions, product.options);
  const item = quantity > 1 ? `${quantity} × ${product.code}` : product.code;
  const what = name ? `${item} (${name})` : item;
  const notOnSale: ClaimOutcome = {
    claimed: false,
    reason: "sold_out",
    reply: fitReply(t("claims.reply.not_on_sale", { to, what: shorten(what, 60) })),
  };
  // The seller switched the product off: nothing of it sells, and nobody waits for it.
  if (!product.isInStock) return notOnSale;
  const now = new Date();

  const outcome = await writeTransaction(
    async (tx): Promise<{ claimId: number; token: string; status: "held" | "waitlisted" } | "cap_reached" | "live_ended"> => {
      // The live as it is now: ended since the read above, it takes no claim. Its row is
      // shared (PostgreSQL): claims do not wait for one another here, but an end under way
      // (its UPDATE) is waited for and seen, and an end waits for the claims under way.
      const [current] = await readLocked(tx, tx.select({ endedAt: lives.endedAt }).from(lives).where(eq(lives.id, live.id)), "share");
      if (!current || current.endedAt) return "live_ended";
      const link = await findOrCreateLink(tx, {
        shopId: shop.id,
        liveId: live.id,
        handle,
        name: input.author.name ?? null,
        platform: input.platform,
        now,
      });
      // One handle's claims of a live queue on its link's row (the cap counts what came
      // before); other handles' do not wait here. The shop's row, which every order and
      // stock change of the shop queues for, is locked only by the hold itself (holdUnits:
      // the shop's row, then the variant's), the transaction's last statements.
      await lockRows(tx, claimLinks, eq(claimLinks.id, link.id), "no key update");
      const [claimed] = await tx
        .select({ units: sql<number>`coalesce(sum(${claims.quantity}), 0)`.mapWith(Number) })
        .from(claims)
        .where(and(eq(claims.linkId, link.id), eq(claims.productId, product.id), activeClaim(now)));
      if ((claimed?.units ?? 0) + quantity > shop.claimCapPerProduct) return "cap_reached";
      const heldUntil = holdEnd(now, shop.holdMinutes);
      const [claim] = await tx
        .insert(claims)
        .values({
          shopId: shop.id,
          liveId: live.id,
          linkId: link.id,
          productId: product.id,
          variantId,
          quantity,
          status: "held",
          heldUntil,
          comment,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: claims.id });
      await recordLiveEvent(tx, live.id, "claim");
      let status: "held" | "waitlisted" = "held";
      try {
        await holdUnits(tx, {
          shopId: shop.id,
          claimId: claim!.id,
          lines: [{ variantId, quantity, index: 0 }],
          expiresAt: heldUntil,
          now,
        });
      } catch (error) {
        // Not enough units: holdUnits gave back what it took; the handle waits for them.
        if (!(error instanceof OutOfStockError)) throw error;
        status = "waitlisted";
        await tx.update(claims).set({ status, heldUntil: null }).where(eq(claims.id, claim!.id));
        await tx.insert(waitlistEntries).values({
          shopId: shop.id,
          productId: product.id,
          variantId,
          claimId: claim!.id,
          language: live.language,
          createdAt: now,
          updatedAt: now,
        });
      }
      return { claimId: claim!.id, token: link.token, status };
    },
  ).catch((error: unknown) => {
    // The seller's save removed the size (or the product) since the read above: nothing was kept.
    if (isForeignKeyViolation(error)) return "gone" as const;
    throw error;
  });

  if (outcome === "gone") return notOnSale;

  if (outcome === "live_ended") return ended;
  if (outcome === "cap_reached") {
    return {
      claimed: false,
      reason: "cap_reached",
      reply: fitReply(t("claims.reply.cap_reached", { to, code: product.code, count: shop.claimCapPerProduct })),
    };
  }
  const link = claimLinkUrl(shop, live.code, outcome.token);
  if (outcome.status === "waitlisted") {
    return {
      claimed: false,
      reason: "sold_out",
      waitlisted: true,
      reply: fitReply(t("claims.reply.waitlisted", { to, what: shorten(what, 60) })),
    };
  }
  const until = new Intl.DateTimeFormat(intlLocale(live.language), {
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(holdEnd(now, shop.holdMinutes));
  const [claim] = await claimResources(shop, live, eq(claims.id, outcome.claimId), now);
  // The link is never cut: the rest of the text gives way to it.
  const fixed = t("claims.reply.held", { to: "", what: "", until, link });
  const room = Math.max(10, REPLY_MAX_LENGTH - fixed.length);
  const reply = t("claims.reply.held", {
    to: shorten(to, Math.floor(room / 3)),
    what: shorten(what, room - Math.min(to.length, Math.floor(room / 3))),
    until,
    link,
  });
  return { claimed: true, claim: claim!, reply };
}

/** A claim that still counts towards the cap: held (not past its end unless an order took it), paid or waiting. */
function activeClaim(now: Date) {
  return sql`(${claims.status} in ('paid', 'waitlisted') or (${claims.status} = 'held' and (${claims.orderId} is not null or ${claims.heldUntil} > ${sql.param(now, claims.heldUntil)})))`;
}

/** The handle's link of the live, created on their first claim (two first claims at once: one link, the unique index's). */
async function findOrCreateLink(
  tx: Transaction,
  request: { shopId: number; liveId: number; handle: string; name: string | null; platform: string; now: Date },
): Promise<{ id: number; token: string }> {
  const where = and(eq(claimLinks.liveId, request.liveId), eq(claimLinks.handle, request.handle));
  const [existing] = await tx.select({ id: claimLinks.id, token: claimLinks.token }).from(claimLinks).where(where).limit(1);
  if (existing) return existing;
  const [created] = await tx
    .insert(claimLinks)
    .values({
      shopId: request.shopId,
      liveId: request.liveId,
      handle: request.handle,
      name: request.name ? cleanComment(request.name).slice(0, 100) : null,
      platform: cleanComment(request.platform).slice(0, 40) || "other",
      token: crypto.randomBytes(32).toString("base64url"),
      createdAt: request.now,
      updatedAt: request.now,
    })
    .onConflictDoNothing({ target: [claimLinks.liveId, claimLinks.handle] })
    .returning({ id: claimLinks.id, token: claimLinks.token });
  if (created) return created;
  const [other] = await tx.select({ id: claimLinks.id, token: claimLinks.token }).from(claimLinks).where(where).limit(1);
  return other!;
}

/** At most `max` characters, "…" when cut. */
function shorten(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, Math.max(1, max - 1)).join("")}…`;
}

function fitReply(text: string): string {
  return shorten(text, REPLY_MAX_LENGTH);
}

/** A claim's status as shown: paid when its order is, expired once a held claim's end passed. */
function shownStatus(row: { status: ClaimStatus; heldUntil: Date | null; orderPaymentStatus: string | null }, now: Date): ClaimStatus {
  if (row.orderPaymentStatus && (PAID_PAYMENT_STATUSES as readonly string[]).includes(row.orderPaymentStatus)) return "paid";
  if (row.status === "held" && row.heldUntil && row.heldUntil <= now) return "expired";
  return row.status;
}

async function claimResources(
  shop: ShopAddress,
  live: { code: string },
  where: ReturnType<typeof eq>,
  now: Date,
): Promise<ClaimResource[]> {
  const rows = await getDatabase()
    .select({
      claim: claims,
      handle: claimLinks.handle,
      token: claimLinks.token,
      product: { id: products.id, name: products.name, code: products.code, options: products.options },
      variantOptions: productVariants.options,
      orderPaymentStatus: orders.paymentStatus,
    })
    .from(claims)
    .innerJoin(claimLinks, eq(claimLinks.id, claims.linkId))
    .innerJoin(products, eq(products.id, claims.productId))
    .innerJoin(productVariants, eq(productVariants.id, claims.variantId))
    .leftJoin(orders, eq(orders.id, claims.orderId))
    .where(where)
    .orderBy(desc(claims.id));
  return rows.map((row) => ({
    id: row.claim.id,
    handle: row.handle,
    product: { id: row.product.id, name: row.product.name, code: row.product.code },
    variant:
      row.product.options.length > 0 ? { id: row.claim.variantId, name: variantName(row.variantOptions, row.product.options) } : null,
    quantity: row.claim.quantity,
    status: shownStatus({ status: row.claim.status, heldUntil: row.claim.heldUntil, orderPaymentStatus: row.orderPaymentStatus }, now),
    held_until: row.claim.status === "held" && row.claim.heldUntil ? row.claim.heldUntil.toISOString() : null,
    link: claimLinkUrl(shop, live.code, row.token),
  }));
}

/** The live's claims, newest first (404 for another shop's live). */
export async function liveClaims(shopId: number, liveId: number): Promise<ClaimResource[]> {
  const { shop, live } = await claimContext(shopId, liveId);
  return claimResources(shop, live, and(eq(claims.liveId, live.id), eq(claims.shopId, shop.id))!, new Date());
}

/**
 * The seller gives a claim up (the viewer changed their mind): its units go back on sale and
 * to the next one waiting, a waiting claim leaves the waitlist. 404 for a claim of another
 * live or shop; a paid claim is refused (409: cancel or refund its order instead). Releasing a
 * claim already over does nothing.
 */
export async function releaseClaim(input: { shopId: number; liveId: number; claimId: number; actorUserId: number | null }): Promise<void> {
  const now = new Date();
  const freed = await writeTransaction(async (tx) => {
    // The shop's row first, as a checkout moving the claim to its order takes it: the claim is
    // read after that one committed, not released from under its order.
    await lockShopsForStock(tx, [input.shopId]);
    const [claim] = await tx
      .select({
        id: claims.id,
        status: claims.status,
        variantId: claims.variantId,
        liveId: claims.liveId,
        orderId: claims.orderId,
        orderStatus: orders.status,
        orderPaymentStatus: orders.paymentStatus,
      })
      .from(claims)
      .leftJoin(orders, eq(orders.id, claims.orderId))
      .where(and(eq(claims.id, input.claimId), eq(claims.liveId, input.liveId), eq(claims.shopId, input.shopId)))
      .limit(1);
    if (!claim) throw new NotFoundError("claims.errors.not_found");
    if (
      claim.status === "paid" ||
      (claim.orderPaymentStatus && (PAID_PAYMENT_STATUSES as readonly string[]).includes(claim.orderPaymentStatus))
    ) {
      throw new ConflictError("claims.errors.paid");
    }
    // Checked out: its units are the order's now (the viewer may be paying); the order is what to cancel.
    if (claim.orderId !== null && claim.orderStatus !== null && claim.orderStatus !== "cancelled") {
      throw new ConflictError("claims.errors.in_order");
    }
    if (claim.status !== "held" && claim.status !== "waitlisted") return [];
    await tx.update(claims).set({ status: "released", heldUntil: null, updatedAt: now }).where(eq(claims.id, claim.id));
    await tx
      .update(waitlistEntries)
      .set({ state: "done", updatedAt: now })
      .where(and(eq(waitlistEntries.claimId, claim.id), eq(waitlistEntries.state, "waiting")));
    // releaseHolds locks the shop's row before the variant's.
    const released = await releaseHolds(tx, eq(stockHolds.claimId, claim.id), now);
    await recordLiveEvent(tx, claim.liveId, "claim");
    return released.map((r) => r.variantId);
  });
  await offerFreedUnits(freed, now);
}

/** The link a token names, in this shop and this live (a token of another live is no link: null). */
export async function claimLinkByToken(
  shopId: number,
  liveCode: string,
  token: string,
): Promise<{ id: number; liveId: number; handle: string } | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await getDatabase()
    .select({ id: claimLinks.id, liveId: claimLinks.liveId, handle: claimLinks.handle })
    .from(claimLinks)
    .innerJoin(lives, eq(lives.id, claimLinks.liveId))
    .where(and(eq(claimLinks.token, token), eq(claimLinks.shopId, shopId), eq(lives.code, liveCode), eq(lives.shopId, shopId)))
    .limit(1);
  return row ?? null;
}
