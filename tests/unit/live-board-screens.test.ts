import { afterEach, describe, expect, it } from "vitest";
import { NotFoundError } from "~/domain/errors.server";
import { readEvents, recordLiveEvent, resetLiveEventReader, subscribeToLive, type LiveEvent } from "~/domain/lives/live-events.server";
import { liveQrSvg } from "~/domain/lives/live-qr.server";
import { liveBoardScreen, livesScreen } from "~/domain/lives/live-screens.server";
import { createLive } from "~/domain/lives/lives.server";
import { writeTransaction } from "~db/client";
import { createOrderRow, createShop } from "./factories";

afterEach(() => resetLiveEventReader());

describe("the live board's data", () => {
  it("adds the live's link on the shop host and its QR code, and tells paid orders apart", async () => {
    const shop = await createShop();
    const live = await createLive(shop.id, { title: "Drop", platform: "twitch", scheduledAt: null });
    await createOrderRow(shop.id, { liveId: live.id, number: 1, paymentStatus: "succeeded", socialNetworkHandle: "@ana" });
    await createOrderRow(shop.id, { liveId: live.id, number: 2, paymentStatus: "pending" });
    await createOrderRow(shop.id, { number: 3, paymentStatus: "succeeded" });

    const board = await liveBoardScreen(shop.id, live.id);
    expect(board.url).toBe(`http://${shop.subdomain}.localhost:3000/live/${live.code}`);
    expect(board.qrSvg.startsWith("<svg")).toBe(true);
    expect(board.live).toMatchObject({
      id: live.id,
      title: "Drop",
      platform: "twitch",
      endedAt: null,
      startedAt: live.createdAt.toISOString(),
    });
    expect(board.orders.map((o) => [o.number, o.paid])).toEqual([
      ["0002", false],
      ["0001", true],
    ]);
    expect((await livesScreen(shop.id)).map((l) => [l.id, l.stats.paidOrders])).toEqual([[live.id, 1]]);

    const other = await createShop();
    await expect(liveBoardScreen(other.id, live.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it("draws the QR code of the URL alone, the same each time", async () => {
    const svg = await liveQrSvg("http://demo.localhost:3000/live/abc234");
    expect(svg).toMatch(/^<svg[^>]*viewBox="0 0 \d+ \d+"/);
    expect(svg).not.toContain("<script");
    expect(await liveQrSvg("http://demo.localhost:3000/live/abc234")).toBe(svg);
    expect(await liveQrSvg("http://demo.localhost:3000/live/xyz234")).not.toBe(svg);
  });
});

describe("a board subscribing to its live", () => {
  it("gets an event committed right after it subscribed, before the reader's first round", async () => {
    const shop = await createShop();
    const live = await createLive(shop.id, { title: "Drop", platform: "other", scheduledAt: null });
    const received: LiveEvent[] = [];
    await subscribeToLive(live.id, (event) => received.push(event));
    await writeTransaction((tx) => recordLiveEvent(tx, live.id, "pin"));
    await readEvents();
    expect(received.map((e) => e.kind)).toEqual(["pin"]);
  });
});
