import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray, isNotNull, isNull, lte, or } from "drizzle-orm";
import { logger } from "~/lib/logger.server";
import type { TwitchChatMessage } from "~/lib/twitch-irc";
import { getDatabase } from "~db/client";
import { lives } from "~db/schema";
import { readTwitchChat, type TwitchChatConnection, type TwitchChatOptions } from "./twitch-chat.server";

/** A chat comment for the claim path (`claimFromComment`'s input). */
export type ChatComment = {
  shopId: number;
  liveId: number;
  platform: string;
  author: { handle: string; name?: string | null };
  text: string;
};

/** The one claim path the comments go through; its outcome is not the reader's business. */
export type ClaimComment = (comment: ChatComment) => Promise<unknown>;

export type ChatReadersOptions = {
  /** This process's name in `lives.chat_reader`: unique across nodes and restarts. */
  nodeId?: string;
  claim: ClaimComment;
  /** Twitch's chat (`wss://irc-ws.chat.twitch.tv:443`) or a test server. */
  url: string;
  /** How long a taken live stays this node's without renewal (30 s). */
  leaseMs?: number;
  /** How often the node renews its lives and looks for lives nobody reads (10 s). */
  renewEveryMs?: number;
  /** The most lives this process reads at once (200), so that many lives spread over the nodes. */
  maxLives?: number;
  /** The clock of the leases (tests move it on). */
  now?: () => Date;
  /** Reconnection waits of each chat connection. */
  backoff?: Pick<TwitchChatOptions, "firstBackoffMs" | "maxBackoffMs" | "silenceLimitMs">;
};

export type ChatReaders = {
  /** One round: renew this node's lives, give up those it lost or that ended, take the ones nobody reads. */
  tick(): Promise<void>;
  /** The lives this node reads now. */
  reading(): number[];
  /** Stops reading, waits for the claims under way, and gives the lives up for another node. */
  stop(): Promise<void>;
};

type Reader = {
  liveId: number;
  shopId: number;
  channel: string;
  until: Date;
  connection: TwitchChatConnection;
  /** Claims of one live are made in the order the chat had them: first come, first held. */
  queue: Promise<void>;
  pending: number;
};

// A flood the claim path cannot keep up with is cut here rather than held in memory.
const MAX_PENDING_CLAIMS = 1_000;

/** A name for this process in the lease: host, process and a random part (a restarted pid is another reader). */
export function chatReaderNodeId(): string {
  return `${hostname()}/${process.pid}/${randomBytes(4).toString("hex")}`;
}

/**
 * The readers of the Twitch chats of the running lives on this node. Each live with a channel
 * is read by exactly one node: the one holding its lease (`chat_reader`, `chat_reader_until`),
 * taken by a conditional UPDATE when it is free or past, renewed every round, given up on stop
 * or when the live ends. A reader claims only while its own lease lasts (it stops at once when
 * a renewal fails long enough), so a node that takes a live over after the lease passed never
 * reads it alongside the former holder. The rounds are `tick()`: `startChatReaders` runs them
 * on a timer; tests call them with their own clock.
 */
export function chatReaders(options: ChatReadersOptions): ChatReaders {
  const nodeId = options.nodeId ?? chatReaderNodeId();
  const leaseMs = options.leaseMs ?? 30_000;
  const maxLives = options.maxLives ?? 200;
  const now = options.now ?? (() => new Date());
  const readers = new Map<number, Reader>();
  // A copy: stopping a reader deletes it from the map.
  const current = () => [...readers].map(([, reader]) => reader);
  let stopped = false;

  const stopReading = (reader: Reader) => {
    reader.connection.close();
    readers.delete(reader.liveId);
  };

  const onMessage = (reader: Reader, message: TwitchChatMessage) => {
    if (readers.get(reader.liveId) !== reader) return;
    // Past its lease another node may read this live: not a message more from here.
    if (now() >= reader.until) {
      stopReading(reader);
      return;
    }
    if (reader.pending >= MAX_PENDING_CLAIMS) {
      logger().warn({ live_id: reader.liveId }, "chat message dropped: claims are not keeping up");
      return;
    }
    reader.pending += 1;
    const comment: ChatComment = {
      shopId: reader.shopId,
      liveId: reader.liveId,
      platform: "twitch",
      author: { handle: message.login, name: message.displayName },
      text: message.text,
    };
    reader.queue = reader.queue
      .then(() => options.claim(comment))
      .then(
        () => {},
        (error: unknown) => logger().error({ err: error, live_id: reader.liveId }, "claim from the chat failed"),
      )
      .finally(() => (reader.pending -= 1));
  };

  const startReading = (live: { id: number; shopId: number; chatChannel: string }, until: Date) => {
    const reader: Reader = {
      liveId: live.id,
      shopId: live.shopId,
      channel: live.chatChannel,
      until,
      queue: Promise.resolve(),
      pending: 0,
      connection: { close() {} },
    };
    readers.set(live.id, reader);
    reader.connection = readTwitchChat({
      url: options.url,
      channel: live.chatChannel,
      onMessage: (message) => onMessage(reader, message),
      ...options.backoff,
    });
  };

  /** Renews this node's leases; those it no longer holds (taken over, ended, channel changed) stop. */
  const renew = async (at: Date) => {
    if (readers.size === 0) return;
    const until = new Date(at.getTime() + leaseMs);
    try {
      const renewed = await getDatabase()
        .update(lives)
        .set({ chatReaderUntil: until })
        .where(
          and(inArray(lives.id, [...readers.keys()]), eq(lives.chatReader, nodeId), isNull(lives.endedAt), isNotNull(lives.chatChannel)),
        )
        .returning({ id: lives.id, chatChannel: lives.chatChannel });
      const channels = new Map(renewed.map((row) => [row.id, row.chatChannel]));
      for (const reader of current()) {
        if (channels.get(reader.liveId) === reader.channel) reader.until = until;
        else stopReading(reader);
      }
    } catch (error) {
      logger().error({ err: error }, "renewing the chat readers' leases failed");
    }
    // Not renewed in time (the database did not answer): stop before another node may start.
    for (const reader of current()) if (at >= reader.until) stopReading(reader);
  };

  /** Takes the running lives with a channel that nobody reads (never read, or their reader stopped renewing). */
  const takeFreeLives = async (at: Date) => {
    if (readers.size >= maxLives) return;
    const db = getDatabase();
    const free = or(isNull(lives.chatReaderUntil), lte(lives.chatReaderUntil, at));
    const candidates = await db
      .select({ id: lives.id, shopId: lives.shopId, chatChannel: lives.chatChannel })
      .from(lives)
      .where(and(isNull(lives.endedAt), isNotNull(lives.chatChannel), free))
      // Oldest first, on both engines (PostgreSQL's unordered rows follow storage, which updates reshuffle).
      .orderBy(asc(lives.id))
      .limit(maxLives - readers.size);
    const until = new Date(at.getTime() + leaseMs);
    for (const candidate of candidates) {
      if (stopped || readers.has(candidate.id) || !candidate.chatChannel) continue;
      // Another node may take it at the same instant: the condition lets one UPDATE apply.
      const [taken] = await db
        .update(lives)
        .set({ chatReader: nodeId, chatReaderUntil: until })
        .where(and(eq(lives.id, candidate.id), isNull(lives.endedAt), eq(lives.chatChannel, candidate.chatChannel), free))
        .returning({ id: lives.id, shopId: lives.shopId, chatChannel: lives.chatChannel });
      if (taken?.chatChannel && !stopped) startReading({ ...taken, chatChannel: taken.chatChannel }, until);
    }
  };

  return {
    async tick() {
      if (stopped) return;
      const at = now();
      await renew(at);
      if (!stopped) await takeFreeLives(at);
    },
    reading: () => [...readers.keys()],
    async stop() {
      stopped = true;
      const stopping = current();
      for (const reader of stopping) stopReading(reader);
      await Promise.all(stopping.map((reader) => reader.queue));
      if (stopping.length === 0) return;
      // Given up at once: another node takes these lives on its next round, not after the lease.
      await getDatabase()
        .update(lives)
        .set({ chatReader: null, chatReaderUntil: null })
        .where(
          and(
            inArray(
              lives.id,
              stopping.map((reader) => reader.liveId),
            ),
            eq(lives.chatReader, nodeId),
          ),
        );
    },
  };
}

/** The node's readers, on a timer (one round at a time); `stop()` ends them and gives their lives up. */
export function startChatReaders(options: ChatReadersOptions): ChatReaders {
  const readers = chatReaders(options);
  let round: Promise<void> | null = null;
  const runRound = () => {
    if (round) return;
    round = readers
      .tick()
      .catch((error: unknown) => logger().error({ err: error }, "chat readers' round failed"))
      .finally(() => (round = null));
  };
  runRound();
  const timer = setInterval(runRound, options.renewEveryMs ?? 10_000).unref();
  return {
    tick: readers.tick,
    reading: readers.reading,
    async stop() {
      clearInterval(timer);
      await round;
      await readers.stop();
    },
  };
}
