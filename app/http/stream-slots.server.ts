import cluster from "node:cluster";
import { clientAddressKey } from "~/domain/accounts/rate-limit.server";
import {
  ignoreClosedChannel,
  isSlotMessage,
  StreamSlotCounter,
  streamLimits,
  TAG,
  type SlotRequest,
  type StreamRefusal,
} from "./stream-slot-counter";

/** Where a process takes its slots: its own counter, or its node's primary. */
export type StreamSlots = { take(address: string): Promise<StreamRefusal | null>; release(address: string): void };

/** A process that is the whole node counts alone. */
export function localStreamSlots(counter: StreamSlotCounter): StreamSlots {
  return { take: (address) => Promise.resolve(counter.take(address)), release: (address) => counter.release(address) };
}

/**
 * The worker's end of the IPC channel (`process`), or a test's. Sent with a callback: a
 * channel already closed (the node stopping) then reports to it instead of throwing.
 */
export type ToPrimary = {
  send(message: SlotRequest, callback: (error: Error | null) => void): unknown;
  on(event: "message", listener: (message: unknown) => void): unknown;
};

/** A worker asks its primary, which holds the node's one counter. */
export function remoteStreamSlots(channel: ToPrimary): StreamSlots {
  let nextId = 0;
  const waiting = new Map<number, (refused: StreamRefusal | null) => void>();
  channel.on("message", (message) => {
    if (!isSlotMessage(message) || message.op !== "answer") return;
    waiting.get(message.id)?.(message.refused);
    waiting.delete(message.id);
  });
  return {
    take(address) {
      const id = ++nextId;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        channel.send({ tag: TAG, op: "take", id, address }, (error) => {
          // No primary to ask (the node is stopping): no stream either.
          if (error && waiting.delete(id)) resolve("node");
        });
      });
    },
    release(address) {
      channel.send({ tag: TAG, op: "release", address }, ignoreClosedChannel);
    },
  };
}

let slots: StreamSlots | undefined;
/** This process's way to its node's slots. */
export function streamSlots(): StreamSlots {
  if (!slots) {
    const channel = cluster.isWorker && process.send ? (process as unknown as ToPrimary) : null;
    slots = channel ? remoteStreamSlots(channel) : localStreamSlots(new StreamSlotCounter(streamLimits()));
  }
  return slots;
}

/** The key a client's streams count under. */
export function streamAddressKey(clientAddress: string): string {
  return clientAddressKey(clientAddress);
}
