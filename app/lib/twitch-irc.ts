/**
 * The few lines of Twitch's chat (IRC over WebSocket, https://dev.twitch.tv/docs/chat/irc/)
 * an anonymous, read-only reader needs: a chat message (PRIVMSG, with the `display-name`
 * tag once `twitch.tv/tags` is granted), PING, and RECONNECT. Pure: the connection is in
 * `app/domain/claims/twitch-chat.server.ts`.
 */

/** One IRC line: `@tags :prefix COMMAND params :trailing`. */
export type IrcLine = { tags: Record<string, string>; prefix: string | null; command: string; params: string[] };

/** A chat message of a channel: the author's login (the handle), their display name, the text. */
export type TwitchChatMessage = { channel: string; login: string; displayName: string | null; text: string };

const TAG_ESCAPES: Record<string, string> = { ":": ";", s: " ", "\\": "\\", r: "\r", n: "\n" };

/** A tag value as IRCv3 escapes it (`\s` a space, `\:` a semicolon...). */
function unescapeTag(value: string): string {
  return value.replace(/\\(.?)/g, (_, c: string) => TAG_ESCAPES[c] ?? c);
}

/** Parses one line (without its CRLF); null for an empty or malformed one. */
export function parseIrcLine(raw: string): IrcLine | null {
  let rest = raw.trimEnd();
  const tags: Record<string, string> = {};
  if (rest.startsWith("@")) {
    const space = rest.indexOf(" ");
    if (space < 0) return null;
    for (const pair of rest.slice(1, space).split(";")) {
      const equals = pair.indexOf("=");
      if (equals < 0) tags[pair] = "";
      else tags[pair.slice(0, equals)] = unescapeTag(pair.slice(equals + 1));
    }
    rest = rest.slice(space + 1).trimStart();
  }
  let prefix: string | null = null;
  if (rest.startsWith(":")) {
    const space = rest.indexOf(" ");
    if (space < 0) return null;
    prefix = rest.slice(1, space);
    rest = rest.slice(space + 1).trimStart();
  }
  const params: string[] = [];
  const trailingAt = rest.indexOf(" :");
  const middle = trailingAt >= 0 ? rest.slice(0, trailingAt) : rest;
  const [command, ...middleParams] = middle.split(" ").filter(Boolean);
  if (!command) return null;
  params.push(...middleParams);
  if (trailingAt >= 0) params.push(rest.slice(trailingAt + 2));
  return { tags, prefix, command: command.toUpperCase(), params };
}

/** A PRIVMSG line as a chat message (`/me` actions as their text); null for anything else. */
export function chatMessageOf(line: IrcLine): TwitchChatMessage | null {
  if (line.command !== "PRIVMSG" || !line.prefix || line.params.length < 2) return null;
  const login = line.prefix.split("!")[0]!.toLowerCase();
  const channel = line.params[0]!.replace(/^#/, "").toLowerCase();
  let text = line.params[1]!;
  // "/me ..." arrives as a CTCP ACTION: \x01ACTION text\x01.
  const ACTION = "\u0001ACTION ";
  if (text.startsWith(ACTION) && text.endsWith("\u0001")) text = text.slice(ACTION.length, -1);
  const displayName = line.tags["display-name"]?.trim() || null;
  if (!login) return null;
  return { channel, login, displayName, text };
}

/** The lines an anonymous reader sends to join a channel's chat: tags, a `justinfan` nick, JOIN. */
export function anonymousJoinLines(channel: string, nickNumber: number): string[] {
  return ["CAP REQ :twitch.tv/tags", "PASS SCHMOOPIIE", `NICK justinfan${nickNumber}`, `JOIN #${channel}`];
}
