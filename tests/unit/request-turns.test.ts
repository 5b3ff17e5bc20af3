import { performance } from "node:perf_hooks";
import type { IncomingMessage, ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { takingTurns } from "../../server/request-turns";

const request = (name: string) => ({ name }) as unknown as IncomingMessage;
const response = {} as ServerResponse;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("takingTurns", () => {
  it("starts the requests in the order they arrived, none of them on arrival", async () => {
    const started: string[] = [];
    const listener = takingTurns((req) => started.push((req as unknown as { name: string }).name));
    listener(request("a"), response);
    listener(request("b"), response);
    listener(request("c"), response);
    expect(started).toEqual([]);
    await turn();
    await turn();
    await turn();
    await turn();
    expect(started).toEqual(["a", "b", "c"]);
  });

  it("lets the event loop go round between two requests (where Node accepts the next connection)", async () => {
    const events: string[] = [];
    const listener = takingTurns((req) => {
      const name = (req as unknown as { name: string }).name;
      events.push(name);
      // A timer due by the loop's next round runs before the next request only if the loop
      // went round in between (called directly, "b" would come before it).
      if (name !== "a") return;
      setTimeout(() => events.push("the loop went round"), 1);
      // The request's own work lasts until the timer is due.
      const until = performance.now() + 5;
      while (performance.now() < until);
    });
    listener(request("a"), response);
    listener(request("b"), response);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual(["a", "the loop went round", "b"]);
  });
});
