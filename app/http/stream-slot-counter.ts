import { getConfig } from "~/config.server";

/**
 * How many event streams (Server-Sent Events) a node holds, per client address and in all.
 * A stream holds a socket and a little memory for as long as the page is open, so one client
 * opening hundreds would take what every viewer of a live needs: each client address (its
 * /64 for IPv6, as the rate limits key it) gets EVENT_STREAMS_PER_ADDRESS, the node
 * MAX_EVENT_STREAMS. A slot is taken before the stream opens and given back when it closes.
 *
 * A node of several worker processes counts in its primary (the workers ask it over the
 * cluster's IPC channel), so the limits are the node's, whichever worker a connection lands on.
 */
export type StreamLimits = { perAddress: number; perNode: number };
/** Why a stream was refused: its address holds its share, or the node is full. */
export type StreamRefusal = "address" | "node";

export function streamLimits(): StreamLimits {
  const config = getConfig();
  return { perAddress: config.EVENT_STREAMS_PER_ADDRESS, perNode: config.MAX_EVENT_STREAMS };
}

/** The counts: open streams per address and in all. */
export class StreamSlotCounter {
  private readonly byAddress = new Map<string, number>();
  private total = 0;
  constructor(private readonly limits: StreamLimits) {}

  /** Takes a slot for `address`, or says why not. */
  take(address: string): StreamRefusal | null {
    const held = this.byAddress.get(address) ?? 0;
    if (held >= this.limits.perAddress) return "address";
    if (this.total >= this.limits.perNode) return "node";
    this.byAddress.set(address, held + 1);
    this.total += 1;
    return null;
  }

  release(address: string): void {
    const held = this.byAddress.get(address) ?? 0;
    if (held === 0) return;
    if (held === 1) this.byAddress.delete(address);
    else this.byAddress.set(address, held - 1);
    this.total -= 1;
  }

  get open(): number {
    return this.total;
  }
}

/** The messages between a worker and its primary (their IPC channel). */
export const TAG = "livecart:stream-slot";
export type SlotRequest =
  { tag: typeof TAG; op: "take"; id: number; address: string } | { tag: typeof TAG; op: "release"; address: string };
export type SlotAnswer = { tag: typeof TAG; op: "answer"; id: number; refused: StreamRefusal | null };

export function isSlotMessage(message: unknown): message is SlotRequest | SlotAnswer {
  return typeof message === "object" && message !== null && (message as { tag?: unknown }).tag === TAG;
}

/** Sent with a callback: a channel already closed (the node stopping) then reports to it instead of throwing. */
export const ignoreClosedChannel = () => {};

/** The primary's view of one worker (`cluster.Worker`, or a test's). */
export type WorkerChannel = {
  send(message: SlotAnswer, callback: (error: Error | null) => void): unknown;
  on(event: "message", listener: (message: unknown) => void): unknown;
  on(event: "exit", listener: () => void): unknown;
};

let primaryCounter: StreamSlotCounter | undefined;

/**
 * In a node's primary: answers a worker's slot requests from the node's counter. The slots a
 * worker holds are given back when it exits (its streams died with it).
 */
export function serveStreamSlots(
  worker: WorkerChannel,
  counter: StreamSlotCounter = (primaryCounter ??= new StreamSlotCounter(streamLimits())),
): void {
  const held = new Map<string, number>();
  worker.on("message", (message) => {
    if (!isSlotMessage(message)) return;
    if (message.op === "take") {
      const refused = counter.take(message.address);
      if (!refused) held.set(message.address, (held.get(message.address) ?? 0) + 1);
      // A worker gone meanwhile gives its slots back when it exits.
      worker.send({ tag: TAG, op: "answer", id: message.id, refused }, ignoreClosedChannel);
    } else if (message.op === "release") {
      const count = held.get(message.address) ?? 0;
      if (count === 0) return;
      if (count === 1) held.delete(message.address);
      else held.set(message.address, count - 1);
      counter.release(message.address);
    }
  });
  worker.on("exit", () => {
    for (const [address, count] of held) for (let i = 0; i < count; i++) counter.release(address);
    held.clear();
  });
}
