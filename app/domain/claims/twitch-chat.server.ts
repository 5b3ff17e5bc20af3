import { randomInt } from "node:crypto";
import WebSocket from "ws";
import { anonymousJoinLines, chatMessageOf, parseIrcLine, type TwitchChatMessage } from "~/lib/twitch-irc";
import { logger } from "~/lib/logger.server";

export type TwitchChatOptions = {
  url: string;
  channel: string;
  onMessage: (message: TwitchChatMessage) => void;
  /** Called each time the channel is joined (the server echoes our JOIN). */
  onJoined?: () => void;
  /** The first wait before reconnecting, doubled after each failure up to `maxBackoffMs`. */
  firstBackoffMs?: number;
  maxBackoffMs?: number;
  /**
   * A connection silent this long is taken for dead and replaced (6 min: Twitch sends a PING
   * about every 5 minutes), for a network that drops it without closing it.
   */
  silenceLimitMs?: number;
};

export type TwitchChatConnection = { close(): void };

/**
 * Reads one channel's public chat, anonymously and read-only, until `close()`: reconnects
 * after a drop, a RECONNECT or a long silence with a growing, jittered wait (reset once a
 * join succeeds), answers PING. A small client over `ws` rather than tmi.js: decision 106.
 */
export function readTwitchChat(options: TwitchChatOptions): TwitchChatConnection {
  const firstBackoffMs = options.firstBackoffMs ?? 1_000;
  const maxBackoffMs = options.maxBackoffMs ?? 60_000;
  const silenceLimitMs = options.silenceLimitMs ?? 360_000;
  let backoffMs = firstBackoffMs;
  let closed = false;
  let socket: WebSocket | null = null;
  let retry: NodeJS.Timeout | null = null;

  const connect = () => {
    retry = null;
    if (closed) return;
    const ws = new WebSocket(options.url, { handshakeTimeout: 10_000 });
    socket = ws;
    let heardAt = Date.now();
    const watchdog = setInterval(
      () => {
        if (Date.now() - heardAt > silenceLimitMs) ws.terminate();
      },
      Math.min(30_000, silenceLimitMs / 2),
    ).unref();
    ws.on("open", () => {
      for (const line of anonymousJoinLines(options.channel, randomInt(10_000, 99_999_999))) ws.send(line);
    });
    ws.on("message", (data) => {
      heardAt = Date.now();
      for (const raw of String(data).split("\r\n")) {
        const line = parseIrcLine(raw);
        if (!line) continue;
        if (line.command === "PING") ws.send(`PONG :${line.params[0] ?? "tmi.twitch.tv"}`);
        else if (line.command === "RECONNECT") ws.terminate();
        else if (line.command === "JOIN" && line.params[0]?.toLowerCase() === `#${options.channel}`) {
          backoffMs = firstBackoffMs;
          options.onJoined?.();
        } else {
          const message = chatMessageOf(line);
          if (message && message.channel === options.channel) options.onMessage(message);
        }
      }
    });
    ws.on("error", (error) => logger().warn({ err: error, channel: options.channel }, "twitch chat connection failed"));
    ws.on("close", () => {
      clearInterval(watchdog);
      if (socket !== ws || closed) return;
      socket = null;
      // Jittered so that the readers of many lives do not all come back at the same instant.
      const wait = Math.round(backoffMs * (0.5 + Math.random() / 2));
      backoffMs = Math.min(maxBackoffMs, backoffMs * 2);
      retry = setTimeout(connect, wait);
      retry.unref();
    });
  };
  connect();

  return {
    close() {
      closed = true;
      if (retry) clearTimeout(retry);
      socket?.terminate();
      socket = null;
    },
  };
}
