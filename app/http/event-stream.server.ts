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

/**
 * Opens an event stream for `request`. `start` subscribes to whatever feeds it and returns
 * its unsubscribe, called when the client goes away or the node stops.
 */
export function eventStream(request: Request, start: (send: SendEvent) => (() => void) | Promise<() => void>): Response {
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
