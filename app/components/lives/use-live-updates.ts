import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";

export type LiveUpdatesStatus = "connecting" | "on" | "reconnecting" | "off";

/** A burst of changes (orders paid together) reloads the board once per this many ms. */
const COALESCE_MS = 700;

/**
 * Keeps the board's data current: an EventSource on the live's event stream, and on each
 * `change` a revalidation of the page's data, at most one per COALESCE_MS (the first at
 * once). The stream starts after `cursor`, the event the page was rendered at, so a change
 * made in between is not missed; EventSource reconnects by itself after a drop.
 */
export function useLiveUpdates(liveId: number, cursor: number): LiveUpdatesStatus {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    revalidate.current = revalidator.revalidate;
  });
  const [status, setStatus] = useState<LiveUpdatesStatus>("connecting");
  // The stream opened at the first render's cursor stays open while the data refreshes.
  const startCursor = useRef(cursor);

  useEffect(() => {
    const source = new EventSource(`/dashboard/lives/${liveId}/events?after=${startCursor.current}`);
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last = 0;
    const onChange = () => {
      if (timer) return;
      timer = setTimeout(
        () => {
          timer = null;
          last = Date.now();
          void revalidate.current();
        },
        Math.max(0, last + COALESCE_MS - Date.now()),
      );
    };
    source.addEventListener("change", onChange);
    source.onopen = () => setStatus("on");
    source.onerror = () => setStatus(source.readyState === EventSource.CLOSED ? "off" : "reconnecting");
    return () => {
      source.close();
      if (timer) clearTimeout(timer);
    };
  }, [liveId]);

  // A stream refused for good (signed out meanwhile): fall back to the no-JavaScript pace.
  useEffect(() => {
    if (status !== "off") return;
    const interval = setInterval(() => void revalidate.current(), 10_000);
    return () => clearInterval(interval);
  }, [status]);

  return status;
}
