import crypto from "node:crypto";
import { onPostgres, sql, sqlNow } from "./app";

/**
 * Claims from a live's chat (issue 29) arranged by direct inserts, as the claim path writes
 * them: the handle's link (one per live and handle), the claim, and the stock hold of its
 * units (`stock_holds.claim_id`, counted in the variant's `reserved`) when its stock is counted.
 */
const at = (ms: number) => (onPostgres() ? new Date(ms) : ms);

export async function claimLinkToken(liveId: number, handle: string, shopId = 1): Promise<{ id: number; token: string }> {
  const [found] = await sql<{ id: number; token: string }[]>(
    "select id, token from claim_links where live_id = ? and handle = ?",
    liveId,
    handle,
  );
  if (found) return found;
  const token = crypto.randomBytes(32).toString("base64url");
  await sql(
    `insert into claim_links (shop_id, live_id, handle, platform, token, created_at, updated_at) values (?, ?, ?, 'tiktok', ?, ${sqlNow()}, ${sqlNow()})`,
    shopId,
    liveId,
    handle,
    token,
  );
  return (await sql<{ id: number; token: string }[]>("select id, token from claim_links where token = ?", token))[0]!;
}

export type ClaimArrangement = {
  liveId: number;
  handle: string;
  /** The product's variant (its only one for a product without options). */
  variantId: number;
  quantity?: number;
  /** Minutes from now the hold ends (negative: it ran out). */
  minutes?: number;
  status?: "held" | "released" | "waitlisted";
  shopId?: number;
};

/** A claim of the handle in the live; a held one holds its units. Returns the claim's id and the link's token. */
export async function insertClaim(claim: ClaimArrangement): Promise<{ id: number; token: string }> {
  const shopId = claim.shopId ?? 1;
  const quantity = claim.quantity ?? 1;
  const status = claim.status ?? "held";
  const link = await claimLinkToken(claim.liveId, claim.handle, shopId);
  const [variant] = await sql<{ product_id: number; stock: number | null }[]>(
    "select product_id, stock from product_variants where id = ?",
    claim.variantId,
  );
  const until = status === "held" ? Date.now() + (claim.minutes ?? 10) * 60_000 : null;
  await sql(
    `insert into claims (shop_id, live_id, link_id, product_id, variant_id, quantity, status, held_until, comment, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, 'SOLD', ${sqlNow()}, ${sqlNow()})`,
    shopId,
    claim.liveId,
    link.id,
    variant!.product_id,
    claim.variantId,
    quantity,
    status,
    until === null ? null : at(until),
  );
  const [{ id }] = (await sql<{ id: number }[]>("select max(id) as id from claims where link_id = ?", link.id)) as [{ id: number }];
  if (status === "held" && variant!.stock !== null) {
    const taken = await sql<{ changes: number }>(
      "update product_variants set reserved = reserved + ? where id = ? and stock - reserved >= ?",
      quantity,
      claim.variantId,
      quantity,
    );
    if (taken.changes !== 1) throw new Error(`not enough units of variant ${claim.variantId} for the claim`);
    await sql(
      `insert into stock_holds (shop_id, variant_id, claim_id, quantity, state, expires_at, created_at, updated_at)
       values (?, ?, ?, ?, 'held', ?, ${sqlNow()}, ${sqlNow()})`,
      shopId,
      claim.variantId,
      id,
      quantity,
      at(until!),
    );
  }
  return { id, token: link.token };
}

/** What the node's sweep does to a claim's hold that ran out: released, its units free again. */
export async function sweepClaimHold(claimId: number): Promise<void> {
  const [hold] = await sql<{ variant_id: number; quantity: number }[]>(
    "select variant_id, quantity from stock_holds where claim_id = ? and state = 'held'",
    claimId,
  );
  if (!hold) return;
  await sql("update stock_holds set state = 'released' where claim_id = ?", claimId);
  await sql("update product_variants set reserved = reserved - ? where id = ?", hold.quantity, hold.variant_id);
}
