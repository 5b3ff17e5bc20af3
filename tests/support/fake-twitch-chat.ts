import type { AddressInfo } from "node:net";
import { WebSocketServer, type WebSocket } from "ws";

/**
 * A local stand-in for Twitch's chat (IRC over WebSocket) that speaks the few lines a
 * read-only reader uses: it acknowledges CAP and NICK, echoes a JOIN, relays what the test
 * `say`s as PRIVMSG to the connections that joined that channel, and can PING or drop them.
 */
export type FakeTwitchChat = {
  url: string;
  /** Connections that joined `#channel` and are still open. */
  joined(channel: string): number;
  /** Every line the readers sent, in order. */
  received: string[];
  say(channel: string, message: { login: string; displayName?: string; text: string }): void;
  ping(): void;
  /** Closes every connection, as a network drop or a Twitch restart would. */
  dropAll(): void;
  /** Resolves once `condition()` holds (checked after each line from a reader and every 5 ms). */
  until(condition: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

export async function startFakeTwitchChat(): Promise<FakeTwitchChat> {
  const server = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const channels = new Map<WebSocket, Set<string>>();
  const received: string[] = [];

  server.on("connection", (socket) => {
    channels.set(socket, new Set());
    let nick = "justinfan0";
    socket.on("close", () => channels.delete(socket));
    socket.on("message", (data) => {
      for (const line of String(data).split("\r\n").filter(Boolean)) {
        received.push(line);
        const [command, argument = ""] = line.split(" ", 2);
        if (command === "CAP") socket.send(":tmi.twitch.tv CAP * ACK :twitch.tv/tags");
        else if (command === "NICK") {
          nick = argument;
          socket.send(`:tmi.twitch.tv 001 ${nick} :Welcome, GLHF!`);
        } else if (command === "JOIN") {
          channels.get(socket)?.add(argument.toLowerCase());
          socket.send(`:${nick}!${nick}@${nick}.tmi.twitch.tv JOIN ${argument}`);
        }
      }
    });
  });

  const escapeTag = (value: string) => value.replace(/\\/g, "\\\\").replace(/;/g, "\\:").replace(/ /g, "\\s");
  const fake: FakeTwitchChat = {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}`,
    joined: (channel) => [...channels.values()].filter((joined) => joined.has(`#${channel}`)).length,
    received,
    say(channel, { login, displayName, text }) {
      const tags = `@badge-info=;badges=;color=#1E90FF;display-name=${escapeTag(displayName ?? "")};emotes=;mod=0;tmi-sent-ts=1764268800000`;
      const line = `${tags} :${login}!${login}@${login}.tmi.twitch.tv PRIVMSG #${channel} :${text}`;
      for (const [socket, joined] of channels) if (joined.has(`#${channel}`)) socket.send(line);
    },
    ping() {
      for (const socket of channels.keys()) socket.send("PING :tmi.twitch.tv");
    },
    dropAll() {
      for (const socket of channels.keys()) socket.terminate();
    },
    async until(condition, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      while (!condition()) {
        if (Date.now() > deadline) throw new Error("the fake chat's condition did not hold in time");
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of channels.keys()) socket.terminate();
        server.close(() => resolve());
      }),
  };
  return fake;
}
