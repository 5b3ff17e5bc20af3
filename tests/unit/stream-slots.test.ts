import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { serveStreamSlots, StreamSlotCounter, type WorkerChannel } from "~/http/stream-slot-counter";
import { remoteStreamSlots, streamAddressKey, type StreamSlots, type ToPrimary } from "~/http/stream-slots.server";

describe("event stream slots", () => {
  it("counts per address and in all, and a released slot is free again", () => {
    const counter = new StreamSlotCounter({ perAddress: 2, perNode: 3 });
    expect([counter.take("a"), counter.take("a"), counter.take("a")]).toEqual([null, null, "address"]);
    expect(counter.take("b")).toBeNull();
    expect(counter.take("c")).toBe("node");
    counter.release("a");
    expect(counter.open).toBe(2);
    expect(counter.take("c")).toBeNull();
    expect(counter.take("a")).toBe("node");
    // Releasing what an address does not hold changes nothing.
    counter.release("d");
    expect(counter.open).toBe(3);
  });

  it("keys an IPv6 client by its /64, as the rate limits do", () => {
    expect(streamAddressKey("2001:db8:1:2::10")).toBe(streamAddressKey("2001:db8:1:2:ffff::1"));
    expect(streamAddressKey("::ffff:192.0.2.1")).toBe("192.0.2.1");
  });

  /** A worker and the node's primary joined by a channel that, like IPC, delivers later and copies. */
  function worker(counter: StreamSlotCounter): { slots: StreamSlots; exit: () => void } {
    const toWorker = new EventEmitter();
    const toPrimary = new EventEmitter();
    const deliver = (to: EventEmitter, message: unknown) => setImmediate(() => to.emit("message", structuredClone(message)));
    const workerEnd: ToPrimary = {
      send: (message, callback) => {
        deliver(toPrimary, message);
        callback(null);
      },
      on: (event, listener) => toWorker.on(event, listener),
    };
    const primaryEnd: WorkerChannel = {
      send: (message, callback) => {
        deliver(toWorker, message);
        callback(null);
      },
      on: (event: string, listener: (message: unknown) => void) => toPrimary.on(event, listener),
    };
    serveStreamSlots(primaryEnd, counter);
    return { slots: remoteStreamSlots(workerEnd), exit: () => toPrimary.emit("exit") };
  }

  it("holds for the whole node when its workers ask the primary; a worker that dies gives its slots back", async () => {
    const counter = new StreamSlotCounter({ perAddress: 20, perNode: 25 });
    const first = worker(counter);
    const second = worker(counter);
    const taken = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? first : second).slots.take("198.51.100.1")));
    expect(taken.every((refused) => refused === null)).toBe(true);
    expect(await first.slots.take("198.51.100.1")).toBe("address");
    expect(await second.slots.take("198.51.100.1")).toBe("address");
    // A closed stream frees its slot, whichever worker asks next.
    first.slots.release("198.51.100.1");
    expect(await second.slots.take("198.51.100.1")).toBeNull();
    // The node's cap: 25 streams whatever the addresses.
    for (let i = 0; i < 5; i++) expect(await first.slots.take(`198.51.100.${10 + i}`)).toBeNull();
    expect(await second.slots.take("198.51.100.99")).toBe("node");
    // The first worker held 9 + 5 of them; it dies, and they are free.
    first.exit();
    expect(counter.open).toBe(11);
    expect(await second.slots.take("198.51.100.1")).toBeNull();
    expect(await second.slots.take("198.51.100.99")).toBeNull();
  });

  it("refuses a stream when the primary cannot be asked (the node is stopping)", async () => {
    const closed: ToPrimary = { send: (_message, callback) => callback(new Error("channel closed")), on: () => undefined };
    expect(await remoteStreamSlots(closed).take("198.51.100.1")).toBe("node");
  });
});
