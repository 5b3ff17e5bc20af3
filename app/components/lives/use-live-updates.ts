import { useEffect, useRef, useState } from "react";
import { useFetchers, useNavigation, useRevalidator } from "react-router";

export type LiveUpdatesStatus = "connecting" | "on" | "reconnecting" | "off";

/**
 * Keeps a page's data current with a live's Server-Sent Events (the seller's board, the
 * viewers' live page): each `change` event whose kind is in `kinds` (all when not given)
 * reloads the page's data, at most once per `throttleMs` (a burst of orders is one reload,
 * the first at once), after a random wait of up to `jitterMs` (hundreds of viewers told of
 * one pin do not all ask in the same instant). EventSource reconnects by itself after a
 * drop; a stream refused for good (signed out meanwhile, too many streams from this address
 * or on this node) falls back to a reload every 10 s.
 * The stream opened with the first `url` stays open while the data refreshes. `events`
 * handles other named events in place, without reloading (the live page's `stock`).
 */
export function useLiveUpdates(
  url: string,
  options: { kinds?: string[]; throttleMs?: number; jitterMs?: number; events?: Record<string, (data: string) => void> } = {},
): LiveUpdatesStatus {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  // A navigation, a form's post or a reload under way loads the page's data itself; a reload
  // started now would cut it short and lose the message it brings back (a toast's cookie is
  // read once): the reload waits until it is done.
  const busy = navigation.state !== "idle" || revalidator.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  const latest = useRef({ revalidate: revalidator.revalidate, options, busy });
  useEffect(() => {
    latest.current = { revalidate: revalidator.revalidate, options, busy };
  });
  const [status, setStatus] = useState<LiveUpdatesStatus>("connecting");
  const firstUrl = useRef(url);

  useEffect(() => {
    const source = new EventSource(firstUrl.current);
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last = 0;
    const onChange = (event: MessageEvent<string>) => {
      const { kinds, throttleMs = 700, jitterMs = 0 } = latest.current.options;
      if (timer || (kinds && !kinds.includes(event.data))) return;
      const reload = () => {
        if (latest.current.busy) {
          timer = setTimeout(reload, throttleMs);
          return;
        }
        timer = null;
        last = Date.now();
        void latest.current.revalidate();
      };
      timer = setTimeout(reload, Math.max(0, last + throttleMs - Date.now()) + Math.random() * jitterMs);
    };
    source.addEventListener("change", onChange);
    // The handlers named when the page mounted, each calling the page's latest one.
    for (const name of Object.keys(latest.current.options.events ?? {})) {
      source.addEventListener(name, (event: MessageEvent<string>) => latest.current.options.events?.[name]?.(event.data));
    }
    source.onopen = () => setStatus("on");
    source.onerror = () => setStatus(source.readyState === EventSource.CLOSED ? "off" : "reconnecting");
    return () => {
      source.close();
      if (timer) clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    if (status !== "off") return;
    const interval = setInterval(() => void latest.current.revalidate(), 10_000);
    return () => clearInterval(interval);
  }, [status]);

  return status;
}
