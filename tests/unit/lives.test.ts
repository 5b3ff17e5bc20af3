import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ConflictError, NotFoundError, ValidationError } from "~/domain/errors.server";
import { latestLiveEventId, readEvents, resetLiveEventReader, subscribeToLive, type LiveEvent } from "~/domain/lives/live-events.server";
import {
  createLive,
  endLive,
  getShopLive,
  LIVE_CODE_PATTERN,
  liveStats,
  pinLiveProduct,
  publicLive,
  setLiveReminder,
} from "~/domain/lives/lives.server";
import { sendDueLiveReminders } from "~/domain/lives/reminders.server";
import { flushLiveVisits, MAX_VIEWERS, recordLiveVisit, rememberedViewers } from "~/domain/lives/visits.server";
import { orderIdForStatusLink } from "~/domain/orders/status-links.server";
import { liveCreateApiSchema, liveCreateSchema } from "~/schemas/lives";
import { getDatabase } from "~db/client";
import { liveEvents, lives, mailOutbox, orderEvents, orders, products, type Live, type Shop } from "~db/schema";
import { createOrderRow, createProduct, createShop } from "./factories";

/** Draws that `createLive`'s code generator takes before the real random ones (to force a collision). */
const forcedDraws = vi.hoisted(() => [] as number[]);
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:crypto")>();
  const randomInt = (max: number) => (forcedDraws.length > 0 ? forcedDraws.shift()! : actual.randomInt(max));
  return { ...actual, default: actual, randomInt };
});

const newLive = (shop: Pick<Shop, "id">, title = "Drop") => createLive(shop.id, { title, platform: "instagram", scheduledAt: null });
let nextNumber = 1;
const order = (shop: Shop, overrides: Parameters<typeof createOrderRow>[1] = {}) =>
  createOrderRow(shop.id, { number: nextNumber++, ...overrides });
const liveEventCount = async (liveId: number, kind: LiveEvent["kind"]) =>
  (await getDatabase().select().from(liveEvents).where(eq(liveEvents.liveId, liveId))).filter((e) => e.kind === kind).length;

describe("createLive", () => {
  it("gives each live a six-character code a viewer can type", async () => {
    const shop = await createShop();
    const codes = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const live = await newLive(shop, `Live ${i}`);
      expect(live.code).toMatch(LIVE_CODE_PATTERN);
      expect(live.code).not.toMatch(/[01ilo]/);
      codes.add(live.code);
    }
    expect(codes.size).toBe(20);
  });

  it("draws again when the shop already has the code; another shop may have the same", async () => {
    const shop = await createShop();
    const other = await createShop();
    forcedDraws.push(...Array<number>(6).fill(0));
    const first = await newLive(shop);
    expect(first.code).toBe("aaaaaa");
    // The same code drawn again in that shop, then "bbbbbb".
    forcedDraws.push(...Array<number>(6).fill(0), ...Array<number>(6).fill(1));
    const second = await newLive(shop);
    expect(second.code).toBe("bbbbbb");
    forcedDraws.push(...Array<number>(6).fill(0));
    expect((await newLive(other)).code).toBe("aaaaaa");
    expect(forcedDraws).toEqual([]);
    expect((await getDatabase().select().from(lives).where(eq(lives.shopId, shop.id))).map((l) => l.code).sort()).toEqual([
      "aaaaaa",
      "bbbbbb",
    ]);
  });
});

describe("liveStats", () => {
  it("counts checkouts, paid orders, open checkouts, revenue net of refunds, and conversion over visits", async () => {
    const shop = await createShop();
    const live = await newLive(shop);
    const otherLive = await newLive(shop);
    await order(shop, { liveId: live.id, paymentStatus: "succeeded", totalAmountCents: 5000 });
    const partly = await order(shop, { liveId: live.id, paymentStatus: "partially_refunded", totalAmountCents: 3000 });
    const refunded = await order(shop, { liveId: live.id, paymentStatus: "refunded", totalAmountCents: 2000 });
    await order(shop, { liveId: live.id, paymentStatus: "pending" });
    await order(shop, { liveId: live.id, paymentStatus: "requires_payment_method" });
    await order(shop, { liveId: live.id, paymentStatus: "pending", status: "cancelled" });
    await order(shop, { liveId: live.id, paymentStatus: "canceled" });
    await order(shop, { liveId: otherLive.id, paymentStatus: "succeeded", totalAmountCents: 9900 });
    await order(shop, { paymentStatus: "succeeded", totalAmountCents: 7700 });
    await getDatabase()
      .insert(orderEvents)
      .values([
        { orderId: partly.id, shopId: shop.id, kind: "refund", amountCents: 1000 },
        // A refund recorded before partial refunds existed gave back the whole order.
        { orderId: refunded.id, shopId: shop.id, kind: "refund", amountCents: null },
      ]);
    await getDatabase().update(lives).set({ visits: 10 }).where(eq(lives.id, live.id));

    const stats = await liveStats([await getShopLive(shop.id, live.id), await getShopLive(shop.id, otherLive.id)]);
    expect(stats.get(live.id)).toEqual({
      visits: 10,
      checkouts: 7,
      paidOrders: 3,
      openCheckouts: 2,
      revenueCents: 5000 + 3000 + 2000 - 1000 - 2000,
      conversion: 0.3,
    });
    expect(stats.get(otherLive.id)).toEqual({
      visits: 0,
      checkouts: 1,
      paidOrders: 1,
      openCheckouts: 0,
      revenueCents: 9900,
      conversion: null,
    });
  });

  it("counts this node's visits not written yet, once, and never more than one order per visit", async () => {
    const shop = await createShop();
    const live = await newLive(shop);
    const page = (headers: Record<string, string> = {}) =>
      new Request(`http://${shop.subdomain}.localhost:3000/live/${live.code}`, { headers });
    recordLiveVisit(live.shopId, live.code, page(), "192.0.2.1");
    recordLiveVisit(live.shopId, live.code, page({ "Sec-Fetch-Dest": "document" }), "192.0.2.2");
    recordLiveVisit(live.shopId, live.code, page({ "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }), "192.0.2.3"); // not a viewer
    recordLiveVisit(live.shopId, live.code, page({ "Sec-Purpose": "prefetch" }), "192.0.2.4"); // not a visit yet
    await order(shop, { liveId: live.id, paymentStatus: "succeeded" });
    const current = async () => (await liveStats([await getShopLive(shop.id, live.id)])).get(live.id)!;
    expect(await current()).toMatchObject({ visits: 2, paidOrders: 1, conversion: 0.5 });
    await flushLiveVisits();
    expect((await getShopLive(shop.id, live.id)).visits).toBe(2);
    expect(await current()).toMatchObject({ visits: 2, conversion: 0.5 });
    // More paid orders than counted visits (a viewer opened the link on another node a second ago): capped at 1.
    await order(shop, { liveId: live.id, paymentStatus: "succeeded" });
    await order(shop, { liveId: live.id, paymentStatus: "succeeded" });
    expect((await current()).conversion).toBe(1);
  });

  it("counts a viewer once per live and half hour, however often they reload", async () => {
    const shop = await createShop();
    const live = await newLive(shop);
    const other = await newLive(shop, "Other drop");
    const phone = { "User-Agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)" };
    const page = (code: string, headers: Record<string, string> = phone) =>
      new Request(`http://${shop.subdomain}.localhost:3000/live/${code}`, { headers });
    const visits = async (of: Live) => (await liveStats([await getShopLive(shop.id, of.id)])).get(of.id)!.visits;
    const t0 = Date.now();
    for (let i = 0; i < 100; i++) recordLiveVisit(shop.id, live.code, page(live.code), "198.51.100.7", t0 + i * 1000);
    expect(await visits(live)).toBe(1);
    // Another client: another address, or another device behind the same address.
    recordLiveVisit(shop.id, live.code, page(live.code), "198.51.100.8", t0);
    recordLiveVisit(shop.id, live.code, page(live.code, { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64)" }), "198.51.100.7", t0);
    expect(await visits(live)).toBe(3);
    // The same client on another live is a visit of that live.
    recordLiveVisit(shop.id, other.code, page(other.code), "198.51.100.7", t0);
    expect(await visits(other)).toBe(1);
    // Half an hour after its counted visit, the same client counts again (its reloads meanwhile did not move that).
    recordLiveVisit(shop.id, live.code, page(live.code), "198.51.100.7", t0 + 30 * 60 * 1000 - 1);
    expect(await visits(live)).toBe(3);
    recordLiveVisit(shop.id, live.code, page(live.code), "198.51.100.7", t0 + 30 * 60 * 1000);
    expect(await visits(live)).toBe(4);
    // An IPv6 client is its /64: another address of it is the same viewer.
    recordLiveVisit(shop.id, live.code, page(live.code), "2001:db8:1:2::10", t0);
    recordLiveVisit(shop.id, live.code, page(live.code), "2001:db8:1:2::99", t0);
    expect(await visits(live)).toBe(5);
  });

  it("remembers a bounded number of viewers", async () => {
    const shop = await createShop();
    const live = await newLive(shop);
    const request = new Request(`http://${shop.subdomain}.localhost:3000/live/${live.code}`);
    const now = Date.now();
    for (let i = 0; i <= MAX_VIEWERS; i++)
      recordLiveVisit(shop.id, live.code, request, `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, now);
    expect(rememberedViewers()).toBe(MAX_VIEWERS);
    // The least recently seen was forgotten: it counts again; the latest did not.
    const before = (await liveStats([await getShopLive(shop.id, live.id)])).get(live.id)!.visits;
    recordLiveVisit(shop.id, live.code, request, `10.0.0.0`, now + 1);
    recordLiveVisit(shop.id, live.code, request, `10.0.195.80`, now + 1);
    expect((await liveStats([await getShopLive(shop.id, live.id)])).get(live.id)!.visits).toBe(before + 1);
  });

  it("counts only orders of the live's own shop", async () => {
    const shop = await createShop();
    const stranger = await createShop();
    const live = await newLive(shop);
    await order(stranger, { liveId: live.id, paymentStatus: "succeeded", totalAmountCents: 4000 });
    expect((await liveStats([live])).get(live.id)).toMatchObject({ checkouts: 0, paidOrders: 0, revenueCents: 0 });
  });
});

describe("endLive", () => {
  it("ends once: a second call changes nothing and records no second event", async () => {
    const shop = await createShop();
    const live = await newLive(shop);
    const at = new Date("2026-11-20T21:00:00Z");
    const ended = await endLive(shop.id, live.id, at);
    expect(ended.endedAt).toEqual(at);
    const again = await endLive(shop.id, live.id, new Date("2026-11-20T22:00:00Z"));
    expect(again.endedAt).toEqual(at);
    expect((await getShopLive(shop.id, live.id)).endedAt).toEqual(at);
    expect(await liveEventCount(live.id, "end")).toBe(1);
  });

  it("is NotFound for another shop's live", async () => {
    const shop = await createShop();
    const live = await newLive(shop);
    const other = await createShop();
    await expect(endLive(other.id, live.id)).rejects.toBeInstanceOf(NotFoundError);
    expect((await getShopLive(shop.id, live.id)).endedAt).toBeNull();
    expect(await liveEventCount(live.id, "end")).toBe(0);
  });
});

describe("pinLiveProduct", () => {
  it("pins the shop's product on sale and unpins, each recording a pin event", async () => {
    const shop = await createShop();
    const live = await newLive(shop);
    const product = await createProduct(shop.id);
    expect((await pinLiveProduct(shop.id, live.id, product.id)).pinnedProductId).toBe(product.id);
    expect((await pinLiveProduct(shop.id, live.id, null)).pinnedProductId).toBeNull();
    expect(await liveEventCount(live.id, "pin")).toBe(2);
  });

  it("refuses an archived product, another shop's, an unknown one, an ended live and another shop's live", async () => {
    const shop = await createShop();
    const other = await createShop();
    const live = await newLive(shop);
    const kept = await createProduct(shop.id);
    await pinLiveProduct(shop.id, live.id, kept.id);
    const archived = await createProduct(shop.id, { archivedAt: new Date() });
    const foreign = await createProduct(other.id);
    for (const productId of [archived.id, foreign.id, 999_999]) {
      const refusal = pinLiveProduct(shop.id, live.id, productId);
      await expect(refusal).rejects.toBeInstanceOf(ValidationError);
      await expect(refusal).rejects.toMatchObject({ fieldErrors: { product_id: ["lives.errors.product"] } });
    }
    await expect(pinLiveProduct(other.id, live.id, foreign.id)).rejects.toBeInstanceOf(NotFoundError);
    await endLive(shop.id, live.id);
    await expect(pinLiveProduct(shop.id, live.id, kept.id)).rejects.toBeInstanceOf(ConflictError);
    await expect(pinLiveProduct(shop.id, live.id, null)).rejects.toMatchObject({ messageKey: "lives.errors.ended" });
    expect((await getShopLive(shop.id, live.id)).pinnedProductId).toBe(kept.id);
    expect(await liveEventCount(live.id, "pin")).toBe(1);
  });

  it("never pins on a live ended at the same moment: the pin comes before the end, or is refused", async () => {
    const shop = await createShop();
    const live = await newLive(shop);
    const product = await createProduct(shop.id);
    await Promise.allSettled([endLive(shop.id, live.id), pinLiveProduct(shop.id, live.id, product.id)]);
    // The pin read the live as open, then wrote after its end.
    const kinds = (await getDatabase().select().from(liveEvents).where(eq(liveEvents.liveId, live.id)))
      .sort((a, b) => a.id - b.id)
      .map((event) => event.kind);
    expect(kinds.slice(kinds.indexOf("end") + 1)).toEqual([]);
  });
});

describe("publicLive", () => {
  it("shows an open live with its pinned product, hides an archived one, says when it ended, and knows no other code", async () => {
    const shop = await createShop();
    const other = await createShop();
    const live = await newLive(shop, "Sunday sale");
    const product = await createProduct(shop.id, { name: "Silk scarf", priceCents: 3900 });
    expect(await publicLive(shop.id, live.code)).toEqual({
      id: live.id,
      code: live.code,
      title: "Sunday sale",
      platform: "instagram",
      ended: false,
      pinned: null,
    });
    await pinLiveProduct(shop.id, live.id, product.id);
    expect((await publicLive(shop.id, live.code))?.pinned).toMatchObject({ id: product.id, name: "Silk scarf", priceCents: 3900 });
    await getDatabase().update(products).set({ archivedAt: new Date() }).where(eq(products.id, product.id));
    expect((await publicLive(shop.id, live.code))?.pinned).toBeNull();

    await endLive(shop.id, live.id);
    expect(await publicLive(shop.id, live.code)).toMatchObject({ ended: true });
    expect(await publicLive(other.id, live.code)).toBeNull();
    const unknown = live.code === "zzzzzz" ? "yyyyyy" : "zzzzzz";
    expect(await publicLive(shop.id, unknown)).toBeNull();
    expect(await publicLive(shop.id, live.code.toUpperCase())).toBeNull();
    expect(await publicLive(shop.id, "../x")).toBeNull();
  });
});

describe("liveCreateSchema", () => {
  const base = { title: " Friday drop ", platform: "tiktok" };
  const errors = (schema: typeof liveCreateSchema | typeof liveCreateApiSchema, input: Record<string, unknown>) =>
    Object.fromEntries((schema.safeParse(input).error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

  it("reads the form's local time with the browser's offset, or an ISO date-time with its zone", () => {
    // Paris in winter: getTimezoneOffset() is -60, so 20:30 there is 19:30 UTC.
    expect(liveCreateSchema.parse({ ...base, scheduled_at: "2026-12-01T20:30", timezone_offset: "-60" })).toEqual({
      title: "Friday drop",
      platform: "tiktok",
      scheduledAt: new Date("2026-12-01T19:30:00Z"),
      chatChannel: null,
    });
    expect(liveCreateSchema.parse({ ...base, scheduled_at: "2026-12-01T20:30", timezone_offset: "300" }).scheduledAt).toEqual(
      new Date("2026-12-02T01:30:00Z"),
    );
    expect(liveCreateSchema.parse({ ...base, scheduled_at: "2026-12-01T20:30:00+01:00" }).scheduledAt).toEqual(
      new Date("2026-12-01T19:30:00Z"),
    );
    expect(liveCreateSchema.parse({ ...base, scheduled_at: "2026-12-01T19:30:00.000Z" }).scheduledAt).toEqual(
      new Date("2026-12-01T19:30:00Z"),
    );
  });

  it("takes an empty time as not scheduled and refuses what is not a date-time", () => {
    expect(liveCreateSchema.parse({ ...base, scheduled_at: "" }).scheduledAt).toBeNull();
    expect(liveCreateSchema.parse({ ...base, scheduled_at: "   " }).scheduledAt).toBeNull();
    expect(liveCreateSchema.parse(base).scheduledAt).toBeNull();
    for (const scheduled_at of ["2026-12-01 20:30", "tomorrow", "2026-13-01T20:30:00Z", "2026-12-01T20:30:00+1"]) {
      expect(errors(liveCreateSchema, { ...base, scheduled_at }), scheduled_at).toEqual({ scheduled_at: "lives.errors.scheduled_at" });
    }
    expect(errors(liveCreateSchema, { title: "", platform: "myspace" })).toEqual({
      title: "lives.errors.title",
      platform: "lives.errors.platform",
    });
    expect(errors(liveCreateSchema, { ...base, title: "x".repeat(101) })).toEqual({ title: "lives.errors.title_too_long" });
  });

  it("the API's version wants the zone: a local time is refused, null is not scheduled", () => {
    expect(errors(liveCreateApiSchema, { ...base, scheduled_at: "2026-12-01T20:30" })).toEqual({
      scheduled_at: "lives.errors.scheduled_at",
    });
    expect(liveCreateApiSchema.parse({ ...base, scheduled_at: null }).scheduledAt).toBeNull();
    expect(liveCreateApiSchema.parse({ ...base, scheduled_at: "2026-12-01T20:30Z" }).scheduledAt).toEqual(new Date("2026-12-01T20:30:00Z"));
  });
});

describe("the event reader", () => {
  let shop: Shop;
  let liveA: Live;
  let liveB: Live;
  let seen: { a: number[]; b: number[] };
  let nextId: number;

  /** An event committed with the id PostgreSQL handed out (which may commit after a higher one). */
  const commit = (id: number, live: Live, kind: LiveEvent["kind"] = "order") =>
    getDatabase().insert(liveEvents).values({ id, liveId: live.id, kind });

  beforeEach(async () => {
    // The reader's own half-second timer stays off: each read is called with its clock.
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    resetLiveEventReader();
    shop = await createShop();
    liveA = await newLive(shop, "A");
    liveB = await newLive(shop, "B");
    seen = { a: [], b: [] };
    // Ids well above any written so far, so that the gaps are the test's own.
    nextId = (await latestLiveEventId()) + 1000;
    await commit(nextId, liveA, "pin"); // committed before the screens subscribed: not theirs
    await subscribeToLive(liveA.id, (event) => seen.a.push(event.id));
    // Subscribing fixes where "now" is: what commits from here on is delivered, even before the reader's first round.
    await subscribeToLive(liveB.id, (event) => seen.b.push(event.id));
  });

  afterEach(() => {
    resetLiveEventReader();
    vi.useRealTimers();
  });

  it("delivers each new event once, to the screens of its live only", async () => {
    await commit(nextId + 1, liveA);
    await commit(nextId + 2, liveB, "pin");
    await readEvents(1000);
    await readEvents(1500);
    expect(seen).toEqual({ a: [nextId + 1], b: [nextId + 2] });
    const stranger = await newLive(shop, "Nobody watches");
    await commit(nextId + 3, stranger);
    await readEvents(2000);
    expect(seen).toEqual({ a: [nextId + 1], b: [nextId + 2] });
  });

  it("with an id missing, delivers later events at once and nothing twice, takes the missing one if it comes, and moves on after the wait", async () => {
    const t0 = 1_000_000;
    await commit(nextId + 2, liveA); // nextId + 1 is still being committed somewhere
    await commit(nextId + 3, liveB);
    await readEvents(t0);
    expect(seen).toEqual({ a: [nextId + 2], b: [nextId + 3] });
    await commit(nextId + 4, liveA);
    await readEvents(t0 + 500);
    await readEvents(t0 + 1000);
    expect(seen).toEqual({ a: [nextId + 2, nextId + 4], b: [nextId + 3] });

    // The missing event commits late, within the wait: delivered, and only it.
    await commit(nextId + 1, liveB);
    await readEvents(t0 + 5000);
    expect(seen).toEqual({ a: [nextId + 2, nextId + 4], b: [nextId + 3, nextId + 1] });

    // Another gap that never fills (a rolled-back insert): past the wait, the reader moves over it...
    await commit(nextId + 6, liveA);
    await readEvents(t0 + 6000);
    await readEvents(t0 + 6000 + 9_999);
    expect(seen.a).toEqual([nextId + 2, nextId + 4, nextId + 6]);
    await readEvents(t0 + 6000 + 10_000);
    // ...so an event with that id showing up later is not read, and nothing is delivered again.
    await commit(nextId + 5, liveA);
    await commit(nextId + 7, liveB);
    await readEvents(t0 + 20_000);
    expect(seen).toEqual({ a: [nextId + 2, nextId + 4, nextId + 6], b: [nextId + 3, nextId + 1, nextId + 7] });
  });
});

describe("sendDueLiveReminders", () => {
  const minutes = (n: number, from: Date) => new Date(from.getTime() - n * 60_000);
  const mailsTo = (to: string) => getDatabase().select().from(mailOutbox).where(eq(mailOutbox.to, to));

  it("mails each unpaid, open checkout of a live with a delay once, past the delay, with the link to that order", async () => {
    const now = new Date();
    const shop = await createShop({ name: "Reminder Shop" });
    const live = await newLive(shop, "Evening live");
    await setLiveReminder(shop.id, live.id, 30);
    const quiet = await newLive(shop, "No reminder");
    const due = await order(shop, { liveId: live.id, email: "due@example.test", fullName: "Dora Due", createdAt: minutes(40, now) });
    const failed = await order(shop, {
      liveId: live.id,
      email: "failed@example.test",
      paymentStatus: "failed",
      createdAt: minutes(31, now),
    });
    const early = await order(shop, { liveId: live.id, email: "early@example.test", createdAt: minutes(10, now) });
    const skipped = [
      await order(shop, { liveId: live.id, email: "paid@example.test", paymentStatus: "succeeded", createdAt: minutes(40, now) }),
      await order(shop, { liveId: live.id, email: "cancelled@example.test", status: "cancelled", createdAt: minutes(40, now) }),
      await order(shop, { liveId: live.id, email: "canceled@example.test", paymentStatus: "canceled", createdAt: minutes(40, now) }),
      await order(shop, { liveId: live.id, email: "processing@example.test", paymentStatus: "processing", createdAt: minutes(40, now) }),
      await order(shop, { liveId: quiet.id, email: "quiet@example.test", createdAt: minutes(40, now) }),
      await order(shop, { email: "nolive@example.test", createdAt: minutes(40, now) }),
    ];

    expect(await sendDueLiveReminders(now)).toBe(2);
    expect(await sendDueLiveReminders(now)).toBe(0);
    const [mail, ...more] = await mailsTo("due@example.test");
    expect(more).toEqual([]);
    expect(mail!.subject).toContain("Reminder Shop");
    expect(mail!.text).toContain("Evening live");
    const link = new RegExp(`http://${shop.subdomain}\\.localhost:3000/order-status/([\\w-]+)`).exec(mail!.text);
    expect(link).not.toBeNull();
    // The link opens that order, in that shop, and no other.
    expect(await orderIdForStatusLink(link![1]!, shop.id)).toBe(due.id);
    expect(await mailsTo("failed@example.test")).toHaveLength(1);
    expect(await mailsTo("early@example.test")).toHaveLength(0);
    for (const other of skipped) expect(await mailsTo(other.email), other.email).toHaveLength(0);
    const sentAt = async (id: number) => (await getDatabase().select().from(orders).where(eq(orders.id, id)))[0]!.reminderSentAt;
    expect(await sentAt(due.id)).toEqual(now);
    expect(await sentAt(early.id)).toBeNull();
    expect(await sentAt(failed.id)).toEqual(now);

    // Twenty minutes later the early checkout is due too; the others are not mailed again.
    const later = new Date(now.getTime() + 20 * 60_000);
    expect(await sendDueLiveReminders(later)).toBe(1);
    expect(await mailsTo("early@example.test")).toHaveLength(1);
    expect(await mailsTo("due@example.test")).toHaveLength(1);
    expect(await sendDueLiveReminders(later)).toBe(0);
  });
});
