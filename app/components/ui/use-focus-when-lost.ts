import { useEffect, useRef } from "react";

/**
 * A part of the page that changes through its own buttons (a bag's line removed, a parcel
 * shipped, an order moved on): the pressed button may go away with it, and the focus would
 * fall to the page's top. When `state` changes and the focus is nowhere, the returned element
 * (a heading, with `tabIndex={-1}`) takes it.
 */
export function useFocusWhenLost<T extends HTMLElement>(state: string | number) {
  const target = useRef<T>(null);
  const previous = useRef(state);
  useEffect(() => {
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (previous.current !== state && lost) target.current?.focus();
    previous.current = state;
  }, [state]);
  return target;
}
