import type { IncomingMessage, ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { REQUESTS_PER_TURN, takingTurns } from "../../server/request-turns";

const request = (name: string) => ({ name }) as unknown as IncomingMessage;
const response = {} as ServerResponse;
const nameOf = (req: IncomingMessage) => (req as unknown as { name: string }).name;
const settled = () => new Promise((resolve) => setTimeout(resolve, 30));

/**
 * A listener recording the requests it starts, and "the loop went round" when the event loop
 * turned between two of them: the first request sets a timer due by the loop's next round and
 * works until it is due, so the timer runs before the next request only if that request
 * starts on a later turn (started in the same turn, it comes before the timer).
 */
function recording() {
  const events: string[] = [];
  const listener = (req: IncomingMessage) => {
    events.push(nameOf(req));
    if (events.length !== 1) return;
    setTimeout(() => events.push("the loop went round"), 1);
    const until = performance.now() + 5;
    while (performance.now() < until);
  };
  return { events, listener };
}

describe("takingTurns", () => {
  it("starts the requests in the order they arrived, none of them on arrival", async () => {
    const started: string[] = [];
    const taking = takingTurns((req) => started.push(nameOf(req)));
    for (const name of ["a", "b", "c"]) taking(request(name), response);
    expect(started).toEqual([]);
    await settled();
    expect(started).toEqual(["a", "b", "c"]);
  });

  it("starts a few requests per turn, and lets the event loop go round (where Node accepts the next connection) before the next ones", async () => {
    const { events, listener } = recording();
    const taking = takingTurns(listener);
    const names = Array.from({ length: REQUESTS_PER_TURN + 1 }, (_, index) => `r${index + 1}`);
    for (const name of names) taking(request(name), response);
    await settled();
    expect(events).toEqual([...names.slice(0, REQUESTS_PER_TURN), "the loop went round", names.at(-1)]);
  });

  it("starts one request per turn after a connection arrived, so that the next ones are accepted sooner", async () => {
    const { events, listener } = recording();
    const taking = takingTurns(listener);
    taking.connectionArrived();
    taking(request("a"), response);
    taking(request("b"), response);
    await settled();
    expect(events).toEqual(["a", "the loop went round", "b"]);
  });
});
