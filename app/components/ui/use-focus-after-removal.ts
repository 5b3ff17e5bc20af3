import { useEffect, useRef } from "react";

/**
 * A list whose items go away through their own button (a bag's line removed, a parcel
 * shipped): the item takes its focused button with it, and the focus would fall to the page's
 * top. When `count` drops and the focus is nowhere, the returned element (the page's heading,
 * with `tabIndex={-1}`) takes it.
 */
export function useFocusAfterRemoval<T extends HTMLElement>(count: number) {
  const target = useRef<T>(null);
  const previous = useRef(count);
  useEffect(() => {
    if (count < previous.current && document.activeElement === document.body) target.current?.focus();
    previous.current = count;
  }, [count]);
  return target;
}
