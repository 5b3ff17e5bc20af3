import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";

/**
 * Keeps a page's data current with a live's Server-Sent Events: each `change` event whose
 * kind is in `kinds` reloads the page's data, at most once per `throttleMs` (a burst of
 * orders is one reload), after a random wait of up to `jitterMs` (hundreds of viewers told
 * of one pin do not all ask at the same millisecond). EventSource reconnects by itself.
 * `onState` hears whether the stream is connected.
 */
export function useLiveUpdates(
  url: string,
  options: { kinds?: string[]; throttleMs?: number; jitterMs?: number; onState?: (connected: boolean) => void } = {},
): void {
  const revalidator = useRevalidator();
  const latest = useRef({ revalidator, options });
  useEffect(() => {
    latest.current = { revalidator, options };
  });

  useEffect(() => {
    const source = new EventSource(url);
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last = 0;
    const schedule = () => {
      if (timer) return;
      const { throttleMs = 700, jitterMs = 0 } = latest.current.options;
      const wait = Math.max(0, last + throttleMs - Date.now()) + Math.random() * jitterMs;
      timer = setTimeout(() => {
        timer = null;
        last = Date.now();
        void latest.current.revalidator.revalidate();
      }, wait);
    };
    const onChange = (event: MessageEvent<string>) => {
      const kinds = latest.current.options.kinds;
      if (!kinds || kinds.includes(event.data)) schedule();
    };
    source.addEventListener("change", onChange);
    source.onopen = () => latest.current.options.onState?.(true);
    source.onerror = () => latest.current.options.onState?.(false);
    return () => {
      if (timer) clearTimeout(timer);
      source.close();
    };
  }, [url]);
}
