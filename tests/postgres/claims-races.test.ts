// Claims from a live's chat racing the seller on a real PostgreSQL server (READ COMMITTED, row
// locks): a claim made while the live is being ended, and a waitlisted claim the seller releases
// while the units coming back are being offered to it. Another connection holds a row for a
// moment (tests/support/lock-holder.ts) so that both sides are under way at once.
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { claimFromComment, releaseClaim } from "~/domain/claims/claims.server";
import { createLive } from "~/domain/lives/lives.server";
import { changeStock } from "~/domain/stock/stock.server";
import { offerFreedUnits } from "~/domain/stock/waitlist.server";
import { getDatabase } from "~db/client";
import { claims, lives, productVariants, products, stockHolds, waitlistEntries } from "~db/schema";
import { createProduct, createShop } from "../unit/factories";
import { onlyVariant, variantRow } from "../unit/stock-fixtures";
import { lockHolder } from "../support/lock-holder";

const { other, openTransaction, someoneWaitsForALock } = lockHolder();
afterAll(() => other.end());

/** A shop, a running live and a product "A7" with `stock` units. */
async function liveWithProduct(stock: number) {
  const shop = await createShop();
  const live = await createLive(shop.id, { title: "Drop", platform: "tiktok", scheduledAt: null });
  const product = await createProduct(shop.id, { name: "Scarf", priceCents: 1000, stock });
  await getDatabase().update(products).set({ code: "A7" }).where(eq(products.id, product.id));
  const claim = (handle: string) =>
    claimFromComment({ shopId: shop.id, liveId: live.id, platform: "tiktok", author: { handle }, text: "SOLD A7" });
  return { shop, live, product, variantId: await onlyVariant(product.id), claim };
}

describe("a claim made while the live is being ended", () => {
  it("waits for the end and is refused as live_ended: no claim, nothing held", async () => {
    const { live, variantId, claim } = await liveWithProduct(5);

    // The seller's end under way: the live's row written, not committed yet.
    const ending = await openTransaction((sql) => sql`update lives set ended_at = now(), updated_at = now() where id = ${live.id}`);
    // The claim read the live as running before its transaction (the end is not committed).
    const claiming = claim("lea");
    await someoneWaitsForALock(claiming);
    ending.release();
    await ending.done;

    expect(await claiming).toEqual({ claimed: false, reason: "live_ended", reply: expect.stringContaining("@lea") });
    expect(await getDatabase().select().from(claims).where(eq(claims.liveId, live.id))).toEqual([]);
    expect(await getDatabase().select().from(stockHolds).where(eq(stockHolds.variantId, variantId))).toEqual([]);
    expect(await variantRow(variantId)).toMatchObject({ stock: 5, reserved: 0 });
    expect((await getDatabase().select().from(lives).where(eq(lives.id, live.id)))[0]!.endedAt).not.toBeNull();
  });
});

describe("a waitlisted claim released by the seller while units come back", () => {
  it("does not deadlock: the offer and the release both go through, one after the other", async () => {
    const { shop, live, product, variantId, claim } = await liveWithProduct(1);
    expect(await claim("ann")).toMatchObject({ claimed: true });
    expect(await claim("bob")).toMatchObject({ claimed: false, reason: "sold_out", waitlisted: true });
    const [waiting] = await getDatabase()
      .select()
      .from(claims)
      .where(and(eq(claims.liveId, live.id), eq(claims.status, "waitlisted")));
    const [entry] = await getDatabase().select().from(waitlistEntries).where(eq(waitlistEntries.claimId, waiting!.id));

    // bob's waitlist entry held elsewhere a moment, so that both requests are under way together.
    const holding = await openTransaction((sql) => sql`select 1 from waitlist_entries where id = ${entry!.id} for update`);
    // The seller adds a unit: it is offered to bob, whose entry the offer is about to take.
    const restocking = changeStock(shop.id, product.id, { adjust: 1 }, shop.ownerId);
    await someoneWaitsForALock(restocking);
    // Meanwhile the seller releases bob's claim (they changed their mind).
    const releasing = releaseClaim({ shopId: shop.id, liveId: waiting!.liveId, claimId: waiting!.id, actorUserId: shop.ownerId });
    await someoneWaitsForALock(Promise.all([restocking, releasing]), 2);
    holding.release();
    await holding.done;
    const outcomes = await Promise.allSettled([restocking, releasing]);

    // Each one's error (PostgreSQL's "deadlock detected", a 500) shows if it failed.
    expect(outcomes.map((o) => (o.status === "fulfilled" ? o.status : errorText(o.reason)))).toEqual(["fulfilled", "fulfilled"]);
    // The offer made bob's claim held, then the release gave it up: the unit is free again.
    const [stored] = await getDatabase().select().from(claims).where(eq(claims.id, waiting!.id));
    expect(stored).toMatchObject({ status: "released", heldUntil: null });
    expect((await getDatabase().select().from(stockHolds).where(eq(stockHolds.claimId, waiting!.id))).map((h) => h.state)).toEqual([
      "released",
    ]);
    expect((await getDatabase().select().from(waitlistEntries).where(eq(waitlistEntries.id, entry!.id)))[0]!.state).toBe("done");
    expect(await variantRow(variantId)).toMatchObject({ stock: 2, reserved: 1 });
  });
});

describe("a waitlisted claim released just as the units coming back are offered to it", () => {
  it("gives the units to the next handle waiting", async () => {
    const { shop, live, variantId, claim } = await liveWithProduct(1);
    expect(await claim("ann")).toMatchObject({ claimed: true });
    expect(await claim("bob")).toMatchObject({ claimed: false, waitlisted: true });
    expect(await claim("cat")).toMatchObject({ claimed: false, waitlisted: true });
    const claimsOfLive = () => getDatabase().select().from(claims).where(eq(claims.liveId, live.id)).orderBy(claims.id);
    const bob = (await claimsOfLive())[1];

    // Another stock change under way holds the shop's row a moment.
    const holding = await openTransaction((sql) => sql`select 1 from shops where id = ${shop.id} for no key update`);
    // The seller releases bob's claim: it waits for the shop's row first.
    const releasing = releaseClaim({ shopId: shop.id, liveId: bob!.liveId, claimId: bob!.id, actorUserId: shop.ownerId });
    await someoneWaitsForALock(releasing);
    // A unit comes back and is offered: bob, still waiting as far as it can see, is next.
    await getDatabase().update(productVariants).set({ stock: 2 }).where(eq(productVariants.id, variantId));
    const offering = offerFreedUnits([variantId], new Date());
    await someoneWaitsForALock(Promise.all([releasing, offering]), 2);
    holding.release();
    await holding.done;
    const outcomes = await Promise.allSettled([releasing, offering]);

    expect(outcomes.map((o) => (o.status === "fulfilled" ? o.status : errorText(o.reason)))).toEqual(["fulfilled", "fulfilled"]);
    expect((await claimsOfLive()).map((c) => c.status)).toEqual(["held", "released", "held"]);
    expect(await variantRow(variantId)).toMatchObject({ stock: 2, reserved: 2 });
  });
});

/** An error and its causes (drizzle wraps the driver's), in one line. */
function errorText(error: unknown): string {
  const texts: string[] = [];
  for (let e = error; e instanceof Error && texts.length < 5; e = e.cause) texts.push(e.message);
  return texts.join(" <- ");
}
