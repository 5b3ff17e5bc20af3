import { describe, expect, it } from "vitest";
import { anonymousJoinLines, chatMessageOf, parseIrcLine } from "~/lib/twitch-irc";

// The lines of Twitch's chat a read-only reader uses (https://dev.twitch.tv/docs/chat/irc/).
describe("Twitch chat lines", () => {
  it("reads a chat message with its tags: the login as the handle, the display name unescaped, the text whole", () => {
    const line = parseIrcLine(
      "@badge-info=;badges=subscriber/0;color=#0D4200;display-name=L\\séa\\:B;emotes=;id=b34ccfc7;mod=0 :lea_92!lea_92@lea_92.tmi.twitch.tv PRIVMSG #Lea_Shop :SOLD A7 M :) x2\r\n",
    );
    expect(line).toMatchObject({
      command: "PRIVMSG",
      prefix: "lea_92!lea_92@lea_92.tmi.twitch.tv",
      params: ["#Lea_Shop", "SOLD A7 M :) x2"],
    });
    expect(line!.tags["display-name"]).toBe("L éa;B");
    expect(chatMessageOf(line!)).toEqual({ channel: "lea_shop", login: "lea_92", displayName: "L éa;B", text: "SOLD A7 M :) x2" });
  });

  it("takes a /me action as its text, and a message without tags or display name with a null name", () => {
    const action = parseIrcLine(":tom!tom@tom.tmi.twitch.tv PRIVMSG #chan :\u0001ACTION je prends B2\u0001");
    expect(chatMessageOf(action!)).toEqual({ channel: "chan", login: "tom", displayName: null, text: "je prends B2" });
    const blankName = parseIrcLine("@display-name= :Max!max@max.tmi.twitch.tv PRIVMSG #chan :+1 A7");
    expect(chatMessageOf(blankName!)).toEqual({ channel: "chan", login: "max", displayName: null, text: "+1 A7" });
  });

  it("is not a chat message for PING, JOIN, notices or malformed lines", () => {
    expect(parseIrcLine("PING :tmi.twitch.tv")).toEqual({ tags: {}, prefix: null, command: "PING", params: ["tmi.twitch.tv"] });
    for (const raw of [
      "PING :tmi.twitch.tv",
      ":justinfan1!justinfan1@justinfan1.tmi.twitch.tv JOIN #chan",
      ":tmi.twitch.tv 001 justinfan1 :Welcome, GLHF!",
      "@msg-id=subs_on :tmi.twitch.tv NOTICE #chan :This room is in subscribers-only mode.",
      ":tmi.twitch.tv PRIVMSG #chan",
    ]) {
      expect(chatMessageOf(parseIrcLine(raw)!), raw).toBeNull();
    }
    for (const raw of ["", "   ", "@tags-without-command", ":prefix-only"]) expect(parseIrcLine(raw), raw).toBeNull();
  });

  it("joins anonymously: tags asked for, a justinfan nick, the channel", () => {
    expect(anonymousJoinLines("lea_shop", 4242)).toEqual([
      "CAP REQ :twitch.tv/tags",
      "PASS SCHMOOPIIE",
      "NICK justinfan4242",
      "JOIN #lea_shop",
    ]);
  });
});
