import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { chatReaders, type ChatComment, type ChatReaders, type ClaimComment } from "~/domain/claims/chat-readers.server";
import { claimFromComment, liveClaims } from "~/domain/claims/claims.server";
import { createLive, endLive, setLiveChatChannel } from "~/domain/lives/lives.server";
import { getDatabase } from "~db/client";
import { lives, productVariants, products, type Shop } from "~db/schema";
import { startFakeTwitchChat, type FakeTwitchChat } from "../support/fake-twitch-chat";
import { createProduct, createShop } from "./factories";

// The Twitch chat readers (issue 29) against a local chat server: no network. The leases run
// on a clock the tests move on, so a takeover needs no real wait.
let chat: FakeTwitchChat;
let shop: Shop;
let clock: number;
let claims: (ChatComment & { node: string })[];
const started: ChatReaders[] = [];

function node(
  nodeId: string,
  claim: ClaimComment = async (comment) => void claims.push({ ...comment, node: nodeId }),
  silenceLimitMs?: number,
  maxLives?: number,
): ChatReaders {
  const readers = chatReaders({
    nodeId,
    maxLives,
    url: chat.url,
    now: () => new Date(clock),
    backoff: { firstBackoffMs: 5, maxBackoffMs: 20, silenceLimitMs },
    claim,
  });
  started.push(readers);
  return readers;
}

const twitchLive = (channel: string, title = "On Twitch") =>
  createLive(shop.id, { title, platform: "twitch", scheduledAt: null, chatChannel: channel });
const leaseOf = async (liveId: number) =>
  (await getDatabase().select({ reader: lives.chatReader, until: lives.chatReaderUntil }).from(lives).where(eq(lives.id, liveId)))[0]!;

beforeEach(async () => {
  chat = await startFakeTwitchChat();
  shop = await createShop();
  clock = Date.parse("2026-11-27T20:00:00Z");
  claims = [];
});

afterEach(async () => {
  for (const readers of started.splice(0)) await readers.stop();
  await chat.close();
  // The file's database is shared by its tests: the next one starts with no live to read.
  await getDatabase().delete(lives);
});

describe("a live's Twitch chat", () => {
  it("is joined anonymously, read-only, and each message goes to the claim path as the viewer's comment, in order", async () => {
    const live = await twitchLive("lea_shop");
    const other = await createLive(shop.id, { title: "Elsewhere", platform: "twitch", scheduledAt: null, chatChannel: "other_shop" });
    const a = node("node-a");
    await a.tick();
    expect(a.reading().sort()).toEqual([live.id, other.id].sort());
    await chat.until(() => chat.joined("lea_shop") === 1 && chat.joined("other_shop") === 1);
    const lines = chat.received.filter((line) => !line.includes("other_shop"));
    expect(lines.slice(0, 4)).toEqual([
      "CAP REQ :twitch.tv/tags",
      "PASS SCHMOOPIIE",
      expect.stringMatching(/^NICK justinfan\d+$/),
      "JOIN #lea_shop",
    ]);
    // Read-only: nothing but the login, the join and the answers to PING is ever sent.
    chat.ping();
    chat.say("lea_shop", { login: "lea", displayName: "Léa B", text: "SOLD A7 M" });
    chat.say("lea_shop", { login: "tom_42", text: "\u0001ACTION je prends B2\u0001" });
    chat.say("other_shop", { login: "zoe", displayName: "Zoe", text: "+1 C3" });
    chat.say("lea_shop", { login: "max", displayName: "Max", text: "mine A7 x2" });
    await chat.until(() => claims.length === 4);
    const forLive = claims.filter((c) => c.liveId === live.id);
    expect(forLive).toEqual([
      { node: "node-a", shopId: shop.id, liveId: live.id, platform: "twitch", author: { handle: "lea", name: "Léa B" }, text: "SOLD A7 M" },
      {
        node: "node-a",
        shopId: shop.id,
        liveId: live.id,
        platform: "twitch",
        author: { handle: "tom_42", name: null },
        text: "je prends B2",
      },
      { node: "node-a", shopId: shop.id, liveId: live.id, platform: "twitch", author: { handle: "max", name: "Max" }, text: "mine A7 x2" },
    ]);
    expect(claims.filter((c) => c.liveId === other.id).map((c) => c.author.handle)).toEqual(["zoe"]);
    await chat.until(() => chat.received.includes("PONG :tmi.twitch.tv"));
    expect(chat.received.every((line) => /^(CAP REQ|PASS|NICK|JOIN|PONG) /.test(line))).toBe(true);
  });

  it("turns claiming messages into claims through the one claim path, and ignores the rest of the chat", async () => {
    const live = await twitchLive("lea_shop");
    const mug = await createProduct(shop.id, { name: "Mug" });
    await getDatabase().update(products).set({ code: "B12" }).where(eq(products.id, mug.id));
    await getDatabase().update(productVariants).set({ stock: 1 }).where(eq(productVariants.productId, mug.id));
    const outcomes: unknown[] = [];
    const a = node("node-a", async (comment) => void outcomes.push(await claimFromComment(comment)));
    await a.tick();
    await chat.until(() => chat.joined("lea_shop") === 1);
    chat.say("lea_shop", { login: "lea", displayName: "Léa", text: "SOLD B12" });
    chat.say("lea_shop", { login: "tom", text: "hello everyone!" });
    chat.say("lea_shop", { login: "max", displayName: "Max", text: "+1 B12" });
    await chat.until(() => outcomes.length === 3);
    expect(outcomes).toMatchObject([
      { claimed: true, claim: { handle: "lea", product: { id: mug.id, code: "B12" }, quantity: 1, status: "held" } },
      { claimed: false, reason: "not_a_claim" },
      { claimed: false, reason: "sold_out", waitlisted: true },
    ]);
    const held = await liveClaims(shop.id, live.id);
    expect(held.map((c) => [c.handle, c.status]).sort()).toEqual([
      ["lea", "held"],
      ["max", "waitlisted"],
    ]);
  });

  it("reconnects after the connection drops, and reads on", async () => {
    await twitchLive("lea_shop");
    const a = node("node-a");
    await a.tick();
    await chat.until(() => chat.joined("lea_shop") === 1);
    chat.dropAll();
    await chat.until(() => chat.joined("lea_shop") === 0);
    await chat.until(() => chat.joined("lea_shop") === 1);
    chat.say("lea_shop", { login: "lea", text: "SOLD A7" });
    await chat.until(() => claims.length === 1);
    expect(chat.received.filter((line) => line === "JOIN #lea_shop")).toHaveLength(2);
  });

  it("replaces a connection that went silent (dropped without a close)", async () => {
    await twitchLive("lea_shop");
    const a = node("node-a", undefined, 100);
    await a.tick();
    await chat.until(() => chat.received.filter((line) => line === "JOIN #lea_shop").length === 2);
    await chat.until(() => chat.joined("lea_shop") === 1);
  });

  it("is read by one node only, whatever the number of nodes looking at once", async () => {
    const all = [await twitchLive("chan_one"), await twitchLive("chan_two"), await twitchLive("chan_three")];
    const a = node("node-a");
    const b = node("node-b");
    // Rounds at once, some within the leases, some after every lease passed (both race for each live).
    let lastRound = clock;
    for (let round = 0; round < 6; round++) {
      lastRound = clock;
      await Promise.all([a.tick(), b.tick()]);
      const both = a.reading().filter((id) => b.reading().includes(id));
      expect(both).toEqual([]);
      expect([...a.reading(), ...b.reading()].sort()).toEqual(all.map((l) => l.id).sort());
      clock += round % 2 === 0 ? 10_000 : 31_000;
    }
    for (const live of all) {
      const lease = await leaseOf(live.id);
      expect(lease.reader).toBe(a.reading().includes(live.id) ? "node-a" : "node-b");
      expect(lease.until!.getTime()).toBe(lastRound + 30_000);
    }
    await chat.until(() => ["chan_one", "chan_two", "chan_three"].every((c) => chat.joined(c) === 1));
    // Within the last round's leases (past them, a reader claims nothing: see the takeover).
    clock = lastRound + 1_000;
    chat.say("chan_two", { login: "lea", text: "SOLD A7" });
    await chat.until(() => claims.length === 1);
    expect(claims).toHaveLength(1);
  });

  it("is left to another node once a process reads as many lives as it may", async () => {
    const all = [await twitchLive("chan_one"), await twitchLive("chan_two"), await twitchLive("chan_three")];
    const a = node("node-a", undefined, undefined, 2);
    const b = node("node-b", undefined, undefined, 2);
    await a.tick();
    expect(a.reading()).toHaveLength(2);
    await b.tick();
    expect([...a.reading(), ...b.reading()].sort()).toEqual(all.map((l) => l.id).sort());
    expect(b.reading()).toHaveLength(1);
  });

  it("is taken over by another node once its holder stops renewing, and the former holder claims nothing more", async () => {
    const live = await twitchLive("lea_shop");
    const a = node("node-a");
    const b = node("node-b");
    await a.tick();
    await b.tick();
    expect(a.reading()).toEqual([live.id]);
    expect(b.reading()).toEqual([]);
    await chat.until(() => chat.joined("lea_shop") === 1);
    // Node a stops renewing (stuck, cut off from the database): within its lease b waits.
    clock += 29_999;
    await b.tick();
    expect(b.reading()).toEqual([]);
    // Past the lease: a message reaching a is not claimed there, and a lets go.
    clock += 1;
    chat.say("lea_shop", { login: "early", text: "SOLD A7" });
    await chat.until(() => chat.joined("lea_shop") === 0);
    await b.tick();
    expect(b.reading()).toEqual([live.id]);
    expect((await leaseOf(live.id)).reader).toBe("node-b");
    await chat.until(() => chat.joined("lea_shop") === 1);
    chat.say("lea_shop", { login: "lea", text: "SOLD A7" });
    await chat.until(() => claims.length === 1);
    expect(claims.map((c) => [c.node, c.author.handle])).toEqual([["node-b", "lea"]]);
    // When a comes back, its renewal finds the live taken: it does not read it again.
    await a.tick();
    expect(a.reading()).toEqual([]);
    expect((await leaseOf(live.id)).reader).toBe("node-b");
  });

  it("stops being read when the live ends, and is given up at once when its node stops", async () => {
    const ending = await twitchLive("ending_one");
    const kept = await twitchLive("kept_one");
    const a = node("node-a");
    const b = node("node-b");
    await a.tick();
    expect(a.reading().sort()).toEqual([ending.id, kept.id].sort());
    await chat.until(() => chat.joined("ending_one") === 1 && chat.joined("kept_one") === 1);
    await endLive(shop.id, ending.id);
    await a.tick();
    expect(a.reading()).toEqual([kept.id]);
    await chat.until(() => chat.joined("ending_one") === 0);
    await b.tick();
    expect(b.reading()).toEqual([]);

    // A stopping node (SIGTERM) gives its lives up: the next node takes them on its next round.
    await a.stop();
    expect(await leaseOf(kept.id)).toEqual({ reader: null, until: null });
    await chat.until(() => chat.joined("kept_one") === 0);
    await b.tick();
    expect(b.reading()).toEqual([kept.id]);
    await a.tick();
    expect(a.reading()).toEqual([]);
  });

  it("follows a change of channel, and is not read once the channel is cleared", async () => {
    const live = await twitchLive("old_channel");
    const a = node("node-a");
    await a.tick();
    await chat.until(() => chat.joined("old_channel") === 1);
    await setLiveChatChannel(shop.id, live.id, "new_channel");
    await a.tick();
    expect(a.reading()).toEqual([live.id]);
    await chat.until(() => chat.joined("old_channel") === 0 && chat.joined("new_channel") === 1);
    chat.say("new_channel", { login: "lea", text: "SOLD A7" });
    await chat.until(() => claims.length === 1);
    await setLiveChatChannel(shop.id, live.id, null);
    await a.tick();
    expect(a.reading()).toEqual([]);
    await chat.until(() => chat.joined("new_channel") === 0);
  });

  it("is taken oldest live first when a process may read fewer lives than are free", async () => {
    const oldest = await twitchLive("chan_first");
    await twitchLive("chan_second");
    // The oldest live edited since: on PostgreSQL its updated row is now stored after the other.
    await getDatabase().update(lives).set({ title: "Renamed" }).where(eq(lives.id, oldest.id));
    const a = node("node-a", undefined, undefined, 1);
    await a.tick();
    expect(a.reading()).toEqual([oldest.id]);
  });
});
