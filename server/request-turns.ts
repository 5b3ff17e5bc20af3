import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Requests take turns of the event loop, in the order they arrived (issue 31; decision 015).
 *
 * Node 20's event loop accepts one new connection per turn (libuv, `uv__server_io`), and a
 * turn runs every request that arrived on the connections it already holds. Under a drop the
 * shoppers already connected kept it busy (a turn of 30 to 40 ms), so the ones just arriving
 * (a viewer who tapped the live's link) waited in the kernel's accept queue, about 1 s in the
 * benchmark for their first page while the next ones took 20 ms. Here requests start a few
 * per turn (`setImmediate`), and one per turn while connections keep arriving: the loop goes
 * round between two and accepts the next, so a newcomer queues behind the requests already
 * there, not behind every request of every shopper connected. A few per turn otherwise,
 * because the writes of the requests started in one turn commit together (SQLite's group
 * commit, db/client.ts): one request per turn would sync the disk once per write.
 */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/** Requests started in one turn when no connection arrived in the turn before. */
export const REQUESTS_PER_TURN = 5;

export function takingTurns(listener: RequestListener): RequestListener & { connectionArrived(): void } {
  const waiting: (() => void)[] = [];
  let turning = false;
  let arrived = false;
  const nextTurn = () => {
    // A connection accepted during the last turn: more may be waiting to be accepted.
    const starts = waiting.splice(0, arrived ? 1 : REQUESTS_PER_TURN);
    arrived = false;
    if (waiting.length) setImmediate(nextTurn);
    else turning = false;
    for (const start of starts) start();
  };
  const taking: RequestListener = (req, res) => {
    waiting.push(() => listener(req, res));
    if (turning) return;
    turning = true;
    setImmediate(nextTurn);
  };
  return Object.assign(taking, {
    /** For the server's `connection` event. */
    connectionArrived() {
      arrived = true;
    },
  });
}
