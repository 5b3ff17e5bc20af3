import type { RouterContextProvider } from "react-router";
import { getI18nInstance } from "~/middleware/i18n.server";
import { clientAddressContext } from "~/middleware/request.server";
import { streamAddressKey, streamSlots } from "./stream-slots.server";

/**
 * Server-Sent Events: a response that stays open and carries `event:`/`data:` messages. The
 * browser's EventSource reconnects by itself (after `retry` ms) when the connection drops,
 * a node stops, or a proxy cuts an idle one (a comment line every HEARTBEAT_MS keeps it busy).
 */
const HEARTBEAT_MS = 20_000;
const RETRY_MS = 1_500;

export type SendEvent = (event: string, data: string) => void;

/** Streams open on this node: a stopping node closes them so its HTTP server can close. */
const openStreams = new Set<() => void>();

/** A refused stream's client may try again after this (EventSource itself gives up on a refusal). */
const REFUSED_RETRY_SECONDS = 30;

/**
 * Opens an event stream for `request`, once the client's address and the node have a slot
 * for it (`stream-slots.server.ts`): else a 429 (this address holds its share) or a 503 (the
 * node is full), JSON with a translated message and Retry-After. The page then refreshes its
 * data on a timer instead. `start` subscribes to whatever feeds the stream and returns its
 * unsubscribe, called when the client goes away or the node stops; the slot is given back then.
 */
export async function eventStream(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  start: (send: SendEvent) => (() => void) | Promise<() => void>,
): Promise<Response> {
  const slots = streamSlots();
  const address = streamAddressKey(context.get(clientAddressContext));
  const refused = await slots.take(address);
  if (refused) {
    const t = getI18nInstance(context).t;
    const message = t(refused === "address" ? "lives.errors.too_many_streams" : "lives.errors.streams_full");
    return Response.json(
      { message },
      {
        status: refused === "address" ? 429 : 503,
        headers: { "Retry-After": String(REFUSED_RETRY_SECONDS), "Cache-Control": "no-store" },
      },
    );
  }
  const encoder = new TextEncoder();
  let close = () => {};
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      let unsubscribe: (() => void) | null = null;
      const write = (text: string) => {
        if (!closed) controller.enqueue(encoder.encode(text));
      };
      const heartbeat = setInterval(() => write(": ping\n\n"), HEARTBEAT_MS);
      heartbeat.unref();
      close = () => {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        slots.release(address);
        unsubscribe?.();
        openStreams.delete(close);
        request.signal.removeEventListener("abort", close);
        try {
          controller.close();
        } catch {
          // Already closed by the client going away.
        }
      };
      openStreams.add(close);
      request.signal.addEventListener("abort", close);
      // A client gone while the slot was being taken fires no abort any more.
      if (request.signal.aborted) close();
      const send: SendEvent = (event, data) => write(`event: ${event}\ndata: ${data.replace(/\n/g, "\ndata: ")}\n\n`);
      try {
        unsubscribe = await start(send);
      } catch (error) {
        close();
        throw error;
      }
      if (closed) unsubscribe();
      // Sent once subscribed: from here on, nothing committed is missed.
      write(`retry: ${RETRY_MS}\n\n`);
    },
    cancel() {
      close();
    },
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: compression would hold the messages back in its buffer.
      "Cache-Control": "no-store, no-transform",
      // nginx and similar proxies would buffer it otherwise.
      "X-Accel-Buffering": "no",
    },
  });
}

/** Ends every open stream (a node stopping); clients reconnect to another node. */
export function closeEventStreams(): void {
  for (const close of [...openStreams]) close();
}

/** How many streams this node holds (tests, logs). */
export function openEventStreamCount(): number {
  return openStreams.size;
}
