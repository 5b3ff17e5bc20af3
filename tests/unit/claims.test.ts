// Claims from a live's chat (issue 29): the one claim path, on both engines (unit, unit-pg).
// Only Date is faked where the test moves the clock. `writeTransaction` is the real one, spied
// on so that a test can run something just before a claim's transaction starts.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { claimFromComment, claimLinkByToken, liveClaims, releaseClaim, REPLY_MAX_LENGTH } from "~/domain/claims/claims.server";
import { LIVE_COMMENTS_LIMIT, acceptComment } from "~/domain/claims/comments.server";
import { shopBaseUrl } from "~/config.server";
import { NotFoundError, ValidationError } from "~/domain/errors.server";
import { createProduct as createCatalogueProduct } from "~/domain/catalogue/manage.server";
import { createLive, endLive } from "~/domain/lives/lives.server";
import { changeStock, releaseUnitsOfExpiredHolds } from "~/domain/stock/stock.server";
import { productInputSchema } from "~/schemas/catalogue-admin";
import { getDatabase, writeTransaction } from "~db/client";
import { claimLinks, claims, liveEvents, productVariants, products, shopDomains, stockHolds, waitlistEntries, type Shop } from "~db/schema";
import { createProduct, createShop } from "./factories";
import { productWithSizes, variantRow } from "./stock-fixtures";

vi.mock("~db/client", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~db/client")>();
  return { ...actual, writeTransaction: vi.fn(actual.writeTransaction) };
});

/** Runs `first` (committed) just before the next transaction opened starts, as a request landing in between would. */
function beforeNextTransaction(first: () => Promise<unknown>) {
  const original = vi.mocked(writeTransaction).getMockImplementation()!;
  vi.mocked(writeTransaction).mockImplementationOnce(async (work, db) => {
    await first();
    return original(work, db);
  });
}

async function setCode(productId: number, code: string) {
  await getDatabase().update(products).set({ code }).where(eq(products.id, productId));
}

async function setStock(variantId: number, stock: number | null) {
  await getDatabase().update(productVariants).set({ stock }).where(eq(productVariants.id, variantId));
}

let shop: Shop;
let liveId: number;
let liveCode: string;
let sweater: { product: { id: number }; variants: Record<string, number> };
let mugId: number;
let mugVariant: number;

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2031-03-14T20:00:00Z"));
  shop = await createShop();
  const live = await createLive(shop.id, { title: "Drop", platform: "twitch", scheduledAt: null });
  liveId = live.id;
  liveCode = live.code;
  sweater = await productWithSizes(shop.id, { S: 2, M: 1, L: null });
  await setCode(sweater.product.id, "A7");
  const mug = await createProduct(shop.id, { name: "Mug" });
  mugId = mug.id;
  await setCode(mug.id, "B12");
  mugVariant = (await getDatabase().select().from(productVariants).where(eq(productVariants.productId, mug.id)))[0]!.id;
});
afterEach(() => vi.useRealTimers());

const comment = (handle: string, text: string, extra: Partial<Parameters<typeof claimFromComment>[0]> = {}) =>
  claimFromComment({ shopId: shop.id, liveId, platform: "twitch", author: { handle }, text, ...extra });

const claimsOfLive = () => getDatabase().select().from(claims).where(eq(claims.liveId, liveId));
const holdsOfClaim = (claimId: number) => getDatabase().select().from(stockHolds).where(eq(stockHolds.claimId, claimId));

describe("claimFromComment", () => {
  it("gives the link at the shop's primary domain when it has one (issue 30)", async () => {
    await getDatabase().insert(shopDomains).values({
      shopId: shop.id,
      domain: "boutique-lea.test",
      status: "verified",
      isPrimary: true,
      verificationToken: "token",
      verifiedAt: new Date(),
      checkUntil: new Date(),
    });
    const link = new RegExp(
      `^${shopBaseUrl({ subdomain: shop.subdomain, primaryDomain: "boutique-lea.test" })}/live/${liveCode}/c/[A-Za-z0-9_-]{43}$`,
    );
    expect(await comment("lea", "SOLD B12")).toMatchObject({ claimed: true, claim: { link: expect.stringMatching(link) } });
    expect((await liveClaims(shop.id, liveId))[0]!.link).toMatch(link);
  });

  it("holds the units for the handle until the hold time ends, on their link, and tells the live", async () => {
    const before = (await getDatabase().select().from(liveEvents).where(eq(liveEvents.liveId, liveId))).length;
    const outcome = await comment("@Lea", "SOLD A7 m");
    expect(outcome).toMatchObject({
      claimed: true,
      claim: {
        handle: "lea",
        product: { id: sweater.product.id, name: "Sweater", code: "A7" },
        variant: { id: sweater.variants.M, name: "M" },
        quantity: 1,
        status: "held",
        held_until: "2031-03-14T20:10:00.000Z",
      },
    });
    if (!outcome.claimed) throw new Error("not claimed");
    expect(outcome.claim.link).toMatch(new RegExp(`^https?://${shop.subdomain}\\..+/live/${liveCode}/c/[A-Za-z0-9_-]{43}$`));
    expect(outcome.reply).toBe(`@lea A7 (M) is yours until 20:10 UTC, pay here: ${outcome.claim.link}`);
    expect(outcome.reply.length).toBeLessThan(REPLY_MAX_LENGTH);
    expect(await variantRow(sweater.variants.M!)).toMatchObject({ stock: 1, reserved: 1 });
    const [hold] = await holdsOfClaim(outcome.claim.id);
    expect(hold).toMatchObject({ quantity: 1, state: "held", variantId: sweater.variants.M, expiresAt: new Date("2031-03-14T20:10:00Z") });
    const after = (await getDatabase().select().from(liveEvents).where(eq(liveEvents.liveId, liveId))).map((e) => e.kind);
    expect(after.slice(before)).toContain("claim");

    // The same handle's next claim joins the same link.
    const second = await comment("lea", "je prends B12");
    expect(second).toMatchObject({ claimed: true, claim: { variant: null, product: { code: "B12" } } });
    if (!second.claimed) throw new Error("not claimed");
    expect(second.claim.link).toBe(outcome.claim.link);
    expect(await getDatabase().select().from(claimLinks).where(eq(claimLinks.liveId, liveId))).toHaveLength(1);
  });

  it("answers in the live's language", async () => {
    const { lives } = await import("~db/schema");
    await getDatabase().update(lives).set({ language: "fr" }).where(eq(lives.id, liveId));
    const outcome = await comment("lea", "je prends A7 S x2");
    if (!outcome.claimed) throw new Error("not claimed");
    expect(outcome.reply).toBe(`@lea 2 × A7 (S) est à toi jusqu’à 20:10 UTC, paie ici : ${outcome.claim.link}`);
    expect(await comment("lea", "moi Z9")).toEqual({ claimed: false, reason: "unknown_code", reply: "@lea aucun article n’a le code Z9." });
  });

  it("never takes more units than there are: the rest waits on the variant's waitlist by handle", async () => {
    expect(await comment("ann", "sold A7 M")).toMatchObject({ claimed: true });
    const late = await comment("bob", "sold A7 M");
    expect(late).toEqual({
      claimed: false,
      reason: "sold_out",
      waitlisted: true,
      reply: expect.stringContaining("@bob A7 (M) is sold out"),
    });
    expect(await variantRow(sweater.variants.M!)).toMatchObject({ stock: 1, reserved: 1 });
    const [entry] = await getDatabase().select().from(waitlistEntries).where(eq(waitlistEntries.variantId, sweater.variants.M!));
    expect(entry).toMatchObject({ email: null, state: "waiting" });
    const list = await liveClaims(shop.id, liveId);
    expect(list.map((c) => [c.handle, c.status, c.held_until === null])).toEqual([
      ["bob", "waitlisted", true],
      ["ann", "held", false],
    ]);
    expect(entry!.claimId).toBe(list[0]!.id);
  });

  it("gives a released unit to the first handle waiting: their claim is held on their link", async () => {
    const first = await comment("ann", "sold A7 M");
    await comment("bob", "sold A7 M");
    await comment("cat", "sold A7 M");
    if (!first.claimed) throw new Error("not claimed");
    await releaseClaim({ shopId: shop.id, liveId, claimId: first.claim.id, actorUserId: null });
    const list = await liveClaims(shop.id, liveId);
    expect(list.map((c) => [c.handle, c.status])).toEqual([
      ["cat", "waitlisted"],
      ["bob", "held"],
      ["ann", "released"],
    ]);
    expect(list[1]!.held_until).toBe("2031-03-14T20:10:00.000Z");
    expect(await holdsOfClaim(list[1]!.id)).toMatchObject([{ state: "held", quantity: 1 }]);
    expect(await holdsOfClaim(first.claim.id)).toMatchObject([{ state: "released" }]);
    expect(await variantRow(sweater.variants.M!)).toMatchObject({ stock: 1, reserved: 1 });
  });

  it("releases an expired claim's hold in the sweep and offers it to the next handle", async () => {
    await comment("ann", "sold A7 M");
    await comment("bob", "sold A7 M");
    vi.setSystemTime(new Date("2031-03-14T20:10:01Z"));
    expect((await liveClaims(shop.id, liveId)).map((c) => c.status)).toEqual(["waitlisted", "expired"]);
    await releaseUnitsOfExpiredHolds(new Date());
    const list = await liveClaims(shop.id, liveId);
    expect(list.map((c) => [c.handle, c.status])).toEqual([
      ["bob", "held"],
      ["ann", "expired"],
    ]);
    const stored = await getDatabase().select().from(claims).where(eq(claims.id, list[1]!.id));
    expect(stored[0]!.status).toBe("expired");
    expect(list[0]!.held_until).toBe("2031-03-14T20:20:01.000Z");
  });

  it("gives units the seller adds to the handles waiting, in turn", async () => {
    await comment("ann", "sold A7 M");
    await comment("bob", "sold A7 M x2");
    await comment("cat", "sold A7 M");
    await changeStock(shop.id, sweater.product.id, { variantId: sweater.variants.M!, adjust: 2 }, shop.ownerId);
    const list = await liveClaims(shop.id, liveId);
    expect(list.map((c) => [c.handle, c.status, c.quantity])).toEqual([
      ["cat", "waitlisted", 1],
      ["bob", "held", 2],
      ["ann", "held", 1],
    ]);
    expect(await variantRow(sweater.variants.M!)).toMatchObject({ stock: 3, reserved: 3 });
  });

  it("holds nothing of a product the seller switched off, and nobody waits for it", async () => {
    await getDatabase().update(products).set({ isInStock: false }).where(eq(products.id, mugId));
    expect(await comment("lea", "sold B12")).toEqual({ claimed: false, reason: "sold_out", reply: "@lea B12 is not for sale right now." });
    expect(await claimsOfLive()).toHaveLength(0);
    expect(await getDatabase().select().from(waitlistEntries).where(eq(waitlistEntries.variantId, mugVariant))).toHaveLength(0);
  });

  it("always holds untracked stock", async () => {
    for (const handle of ["a", "b", "c", "d"])
      expect(await comment(handle, "sold A7 L x3")).toMatchObject({ claimed: true, claim: { quantity: 3 } });
    expect(await variantRow(sweater.variants.L!)).toMatchObject({ stock: null, reserved: 0 });
  });

  it("caps what one handle claims of a product in a live (the shop's setting, default 3)", async () => {
    await setStock(mugVariant, 100);
    expect(await comment("lea", "sold B12 x2")).toMatchObject({ claimed: true });
    const over = await comment("LEA", "sold B12 x2");
    expect(over).toEqual({ claimed: false, reason: "cap_reached", reply: "@lea B12: at most 3 per viewer in this live." });
    expect(await comment("lea", "sold B12")).toMatchObject({ claimed: true });
    expect(await comment("lea", "sold B12 x50")).toMatchObject({ claimed: false, reason: "cap_reached" });
    expect(await variantRow(mugVariant)).toMatchObject({ reserved: 3 });
    // Another handle has a cap of their own.
    expect(await comment("max", "sold B12 x3")).toMatchObject({ claimed: true });
  });

  it("ignores what is no claim and says what is wrong with a near miss", async () => {
    expect(await comment("lea", "love it!!")).toEqual({ claimed: false, reason: "not_a_claim" });
    expect(await comment("lea", "sold out?")).toEqual({ claimed: false, reason: "not_a_claim" });
    expect(await comment("lea", "sold Z9")).toEqual({ claimed: false, reason: "unknown_code", reply: "@lea no item has the code Z9." });
    expect(await comment("lea", "sold A7")).toEqual({
      claimed: false,
      reason: "ambiguous_variant",
      reply: "@lea which A7? Say it with its options: S, M, L",
    });
    expect(await claimsOfLive()).toHaveLength(0);
  });

  it("reads a 10 kB comment and control characters without failing", async () => {
    const outcome = await comment("lea\u0000", "sold\u0007 B12 " + "x".repeat(10_000));
    expect(outcome).toMatchObject({ claimed: true, claim: { handle: "lea" } });
    const [stored] = await claimsOfLive();
    expect(stored!.comment.length).toBeLessThanOrEqual(500);
    expect(stored!.comment.startsWith("sold B12 x")).toBe(true);
    await expect(comment("@", "sold B12")).rejects.toThrow(ValidationError);
  });

  it("refuses claims once the live has ended", async () => {
    await endLive(shop.id, liveId);
    expect(await comment("lea", "sold B12")).toEqual({ claimed: false, reason: "live_ended", reply: expect.stringContaining("@lea") });
    expect(await comment("lea", "hello")).toEqual({ claimed: false, reason: "not_a_claim" });
    expect(await claimsOfLive()).toHaveLength(0);
  });

  it("refuses a claim when its size is removed between the claim's read and its transaction: nothing held, no error", async () => {
    // The seller's save dropped size S (never ordered, so deleted) just before the claim's transaction.
    beforeNextTransaction(() => getDatabase().delete(productVariants).where(eq(productVariants.id, sweater.variants.S!)));
    expect(await comment("lea", "sold A7 S")).toEqual({ claimed: false, reason: "sold_out", reply: expect.stringContaining("@lea") });
    expect(await claimsOfLive()).toHaveLength(0);
    expect(await getDatabase().select().from(claimLinks).where(eq(claimLinks.liveId, liveId))).toHaveLength(0);
    expect(await getDatabase().select().from(stockHolds).where(eq(stockHolds.shopId, shop.id))).toHaveLength(0);
  });

  it("refuses a claim when the live ends between its read of the live and its transaction: nothing held", async () => {
    await setStock(mugVariant, 5);
    // The claim read the live as running; the seller's end commits before the claim's transaction.
    beforeNextTransaction(() => endLive(shop.id, liveId));
    expect(await comment("lea", "sold B12")).toEqual({ claimed: false, reason: "live_ended", reply: expect.stringContaining("@lea") });
    expect(await claimsOfLive()).toHaveLength(0);
    expect(await getDatabase().select().from(claimLinks).where(eq(claimLinks.liveId, liveId))).toHaveLength(0);
    expect(await getDatabase().select().from(stockHolds).where(eq(stockHolds.variantId, mugVariant))).toHaveLength(0);
    expect(await variantRow(mugVariant)).toMatchObject({ stock: 5, reserved: 0 });
  });

  it("knows only the shop's own lives and claims", async () => {
    const other = await createShop();
    await expect(claimFromComment({ shopId: other.id, liveId, platform: "x", author: { handle: "a" }, text: "sold B12" })).rejects.toThrow(
      NotFoundError,
    );
    await expect(liveClaims(other.id, liveId)).rejects.toThrow(NotFoundError);
    await setStock(mugVariant, 5);
    const outcome = await comment("lea", "sold B12");
    if (!outcome.claimed) throw new Error("not claimed");
    await expect(releaseClaim({ shopId: other.id, liveId, claimId: outcome.claim.id, actorUserId: null })).rejects.toThrow(NotFoundError);
    const otherLive = await createLive(shop.id, { title: "Other", platform: "twitch", scheduledAt: null });
    await expect(releaseClaim({ shopId: shop.id, liveId: otherLive.id, claimId: outcome.claim.id, actorUserId: null })).rejects.toThrow(
      NotFoundError,
    );
    expect(await holdsOfClaim(outcome.claim.id)).toMatchObject([{ state: "held" }]);
    // A link's token names its own live only.
    const token = outcome.claim.link.split("/c/")[1]!;
    expect(await claimLinkByToken(shop.id, liveCode, token)).toMatchObject({ handle: "lea", liveId });
    expect(await claimLinkByToken(shop.id, otherLive.code, token)).toBeNull();
    expect(await claimLinkByToken(other.id, liveCode, token)).toBeNull();
    expect(await claimLinkByToken(shop.id, liveCode, token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"))).toBeNull();
  });

  it("takes a claim the seller types for a viewer without a claim word", async () => {
    expect(await comment("lea", "B12")).toEqual({ claimed: false, reason: "not_a_claim" });
    expect(await comment("@Lea", "b12 x2", { typedBySeller: true, actorUserId: shop.ownerId })).toMatchObject({
      claimed: true,
      claim: { handle: "lea", quantity: 2 },
    });
  });

  it("reads a product's options in its order, whichever engine: a value two options share is the first option's", async () => {
    const scarf = await createCatalogueProduct(
      shop.id,
      productInputSchema.parse({
        name: "Scarf",
        price: "20",
        code: "C3",
        variants: [
          { options: { Colour: "Blue", Trim: "Blue" }, stock: 2 },
          { options: { Colour: "Red", Trim: "Blue" }, stock: 2 },
        ],
      }),
      null,
    );
    const [blue] = await getDatabase()
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(and(eq(productVariants.productId, scarf.id), eq(productVariants.position, 0)));
    expect(await comment("lea", "SOLD C3 Blue")).toMatchObject({
      claimed: true,
      claim: { variant: { id: blue!.id, name: "Blue / Blue" } },
    });
  });

  it("takes 300 comments a second for a live through the API's path, refuses the rest with a retry time, loses none taken", async () => {
    await setStock(mugVariant, 1000);
    const sent = Array.from({ length: 305 }, (_, n) =>
      acceptComment({ shopId: shop.id, liveId, platform: "twitch", author: { handle: `v${n}` }, text: n % 10 === 0 ? "sold B12" : "hi" }),
    );
    const results = await Promise.allSettled(sent);
    const taken = results.flatMap((r, n) => (r.status === "fulfilled" ? [{ n, outcome: r.value }] : []));
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
    expect(taken).toHaveLength(LIVE_COMMENTS_LIMIT.limit);
    expect(refused).toHaveLength(5);
    for (const error of refused) expect(error).toMatchObject({ status: 429, retryAfterSeconds: 1 });
    // Every claim taken is held.
    const claimsTaken = taken.filter(({ outcome }) => outcome.claimed);
    expect(claimsTaken).toHaveLength(taken.filter(({ n }) => n % 10 === 0).length);
    expect(await claimsOfLive()).toHaveLength(claimsTaken.length);
    // A second later the live takes comments again.
    vi.setSystemTime(new Date("2031-03-14T20:00:01.001Z"));
    expect(await acceptComment({ shopId: shop.id, liveId, platform: "twitch", author: { handle: "later" }, text: "hi" })).toEqual({
      claimed: false,
      reason: "not_a_claim",
    });
  });

  it("uses the shop's own claim words", async () => {
    const { shops } = await import("~db/schema");
    await getDatabase()
      .update(shops)
      .set({ claimWords: ["dibs"] })
      .where(eq(shops.id, shop.id));
    expect(await comment("lea", "sold B12")).toEqual({ claimed: false, reason: "not_a_claim" });
    expect(await comment("lea", "DIBS b12")).toMatchObject({ claimed: true });
    expect(
      await getDatabase()
        .select()
        .from(claims)
        .where(and(eq(claims.productId, mugId))),
    ).toHaveLength(1);
  });
});
