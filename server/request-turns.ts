import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * Requests take turns, one per turn of the event loop, in the order they arrived (issue 31).
 *
 * Node 20's event loop accepts one new connection per turn (libuv, `uv__server_io`), and a
 * turn runs every request that arrived on the connections it already holds. Under a drop the
 * shoppers already connected kept it busy (a turn of 30 to 40 ms), so the ones just arriving
 * (a viewer who tapped the live's link) waited in the kernel's accept queue, about 1 s in the
 * benchmark for their first page while the next ones took 20 ms. Each request here waits for
 * its turn (a `setImmediate`), one per turn: the loop goes round between two requests and
 * accepts the next connection, so a newcomer queues behind the requests already there, not
 * behind every request of every shopper already connected. The CPU each request costs is the
 * same; only who waits changes.
 */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

export function takingTurns(listener: RequestListener): RequestListener {
  const waiting: (() => void)[] = [];
  let turning = false;
  const nextTurn = () => {
    const start = waiting.shift();
    if (waiting.length) setImmediate(nextTurn);
    else turning = false;
    start?.();
  };
  return (req, res) => {
    waiting.push(() => listener(req, res));
    if (turning) return;
    turning = true;
    setImmediate(nextTurn);
  };
}
