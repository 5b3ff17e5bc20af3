import { useEffect, type RefObject } from "react";

/**
 * Menus are <details> elements so they open without JavaScript; with JavaScript they
 * also close on Escape (focus returns to the toggle), on an outside click, and after navigation.
 */
export function useDetailsDismiss(ref: RefObject<HTMLDetailsElement | null>, closeKey?: string) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    function onPointer(event: PointerEvent) {
      if (element?.open && !element.contains(event.target as Node)) element.open = false;
    }
    function onKey(event: KeyboardEvent) {
      if (event.key === "Escape" && element?.open) {
        element.open = false;
        element.querySelector("summary")?.focus();
      }
    }
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [ref]);

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [ref, closeKey]);
}
